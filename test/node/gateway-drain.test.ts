// SIGTERM drains the gateway before it stops: a call in flight finishes and its answer reaches the client, a new
// session is refused with 503 and Retry-After (a balancer sends it elsewhere), then the process exits 0. The
// built gateway as a process (team mode, as a replica runs), the real server-everything.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, test } from 'node:test';
import { startTeam, type TeamGateway, INITIALIZE } from '../support/team-fixture.js';

let team: TeamGateway | undefined;
after(async () => {
  await team?.stop();
});

test(
  'SIGTERM: the call in flight finishes, a new session is refused with 503, then the gateway exits',
  { timeout: 120_000 },
  async () => {
    team = await startTeam({ env: { MCP_DASHBOARD_DRAIN_SECONDS: '20' } });
    const ada = await team.signIn('ada');
    const session = await ada.open('everything');
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
