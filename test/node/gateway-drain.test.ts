// SIGTERM drains the gateway before it stops: a call in flight finishes and its answer reaches the client, a new
// session is refused with 503 and Retry-After (a balancer sends it elsewhere), a new call on another open session
// is answered 404 (its client opens the session again elsewhere: a busy replica must not wait for its bound), then
// the process exits 0. The built gateway as a process (team mode, as a replica runs), the real server-everything.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, test } from 'node:test';
import { startTeam, type TeamGateway, INITIALIZE } from '../support/team-fixture.js';

let team: TeamGateway | undefined;
after(async () => {
  await team?.stop();
});

test(
  'SIGTERM: the call in flight finishes, a new session is refused with 503, a new call on an open session with 404, then the gateway exits',
  { timeout: 120_000 },
  async () => {
    team = await startTeam({ env: { MCP_DASHBOARD_DRAIN_SECONDS: '20' } });
    const ada = await team.signIn('ada');
    const session = await ada.open('everything');
    const other = await ada.open('everything');
    const started = Date.now();
    const call = ada.rpc('everything', session, {
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'trigger-long-running-operation', arguments: { duration: 3, steps: 3 } },
    });
    await sleep(700);
    const child = team.gateway.child;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    child.kill('SIGTERM');
    await sleep(300);
    const fresh = await ada.api('POST', '/mcp/everything', {
      body: INITIALIZE,
      headers: { accept: 'application/json, text/event-stream' },
    });
    assert.equal(fresh.status, 503, await fresh.clone().text());
    assert.equal(fresh.headers.get('retry-after'), '1');
    assert.match(((await fresh.json()) as { error: { message: string } }).error.message, /shutting down/);
    // A new call on another session is not taken: 404 says the session is gone, and nothing reached the server.
    const next = await ada.rpc('everything', other, {
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'after SIGTERM' } },
    });
    assert.equal(next.status, 404, JSON.stringify(next.answer));
    assert.match(next.answer.error.message, /shutting down: the session moves to another one/);
    // A request without a session (a stateless call) is answered 503 for the balancer to retry elsewhere.
    const stateless = await ada.api('POST', '/mcp/everything', {
      body: { jsonrpc: '2.0', id: 7, method: 'tools/list' },
      headers: { accept: 'application/json, text/event-stream' },
    });
    assert.equal(stateless.status, 503);
    // A notification on a session is still taken (it may belong to a call in flight).
    const note = await ada.rpc('everything', session, { jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    assert.equal(note.status, 202);

    const { answer } = await call;
    assert.match(
      JSON.stringify(answer.result),
      /completed/i,
      `the call in flight got its answer: ${JSON.stringify(answer)}`,
    );
    const { code, at } = await exited;
    assert.equal(code, 0);
    assert.ok(at - started >= 3000, 'the gateway waited for the call (it takes 3 s)');
    assert.ok(at - started < 15_000, `and stopped soon after it ended (${at - started} ms)`);
  },
);
