import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { EventHubClient } from '../../src/core/shared/gateway-api/event-hub-client.js';
import { syntheticServer } from '../../bench/lib/servers.mjs';
import { startGatewayProcess } from '../support/gateway-process.mjs';

// The gateway's event hub: one SSE connection per page carries every session's server-initiated
// messages, so a browser's six connections per origin are not used up by one GET stream per server.
type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
let gw: Gw;

before(async () => {
  gw = await startGatewayProcess({
    config: {
      mcpServers: {
        hostile: { command: 'node', args: ['test/fixtures/hostile-server.mjs'] },
        synthetic: syntheticServer({ tools: 3 }),
      },
    },
  });
});

after(async () => {
  await gw?.stop();
});

async function until<T>(check: () => T | undefined | false, ms = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('event hub', () => {
  test('GET /api/events needs the token and one of our origins', async () => {
    const noToken = await fetch(`${gw.origin}/api/events`);
    assert.equal(noToken.status, 401);
    const foreign = await fetch(`${gw.origin}/api/events`, {
      headers: { Authorization: `Bearer ${gw.token}`, Origin: 'http://evil.example' },
    });
    assert.equal(foreign.status, 403);
    const attach = await fetch(`${gw.origin}/api/events/x/sessions`, { method: 'POST', body: '{}' });
    assert.equal(attach.status, 401);
  });

  test('attaching to an unknown hub or session is refused with a reason', async () => {
    const auth = { Authorization: `Bearer ${gw.token}` };
    const noHub = await fetch(`${gw.origin}/api/events/not-a-hub/sessions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ server: 'synthetic', session: 'x' }),
    });
    assert.equal(noHub.status, 404);
    assert.match((await noHub.json()).error, /No such event stream/);

    const abort = new AbortController();
    const hub = await fetch(`${gw.origin}/api/events`, { headers: auth, signal: abort.signal });
    assert.equal(hub.headers.get('content-type'), 'text/event-stream');
    const reader = hub.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const id = /"id":"([^"]+)"/.exec(first)?.[1];
    assert.ok(id, first);
    const noSession = await fetch(`${gw.origin}/api/events/${id}/sessions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ server: 'synthetic', session: 'nope' }),
    });
    assert.equal(noSession.status, 404);
    assert.match((await noSession.json()).error, /No session "nope" for server "synthetic"/);
    const noServer = await fetch(`${gw.origin}/api/events/${id}/sessions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ server: '__proto__', session: 'nope' }),
    });
    assert.equal(noServer.status, 404);
    abort.abort();
  });

  test('server-initiated messages of several sessions arrive over one shared stream, with no GET stream per session', async () => {
    const requests: string[] = [];
    const authed = (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('Authorization', `Bearer ${gw.token}`);
      requests.push(`${init.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, { ...init, headers });
    };
    const hub = new EventHubClient({ baseUrl: gw.origin, fetch: authed });
    const mcpFetch = hub.wrap(authed);
    const connect = async (name: string) => {
      const client = new Client({ name: 'hub-test', version: '1' }, { capabilities: {} });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), { fetch: mcpFetch }));
      return client;
    };
    const hostile = await connect('hostile');
    const synthetic = await connect('synthetic');
    await until(() => hub.attachedSessions === 2);

    // The gateway's restart warning is a server-initiated notification of the hostile session.
    const warnings: string[] = [];
    hostile.setNotificationHandler('notifications/message', (n) => {
      warnings.push(String((n.params as { data?: unknown }).data));
    });
    await assert.rejects(hostile.callTool({ name: 'crash', arguments: {} }), /exited with code 3/);
    await until(() => warnings.find((w) => /exited and was restarted/.test(w)));

    // Requests still work on both sessions while their streams share the hub.
    assert.equal(
      ((await synthetic.callTool({ name: 'read-value', arguments: {} })).content as Array<{ text: string }>)[0]!.text,
      'value',
    );
    assert.equal(requests.filter((r) => r === 'GET /api/events').length, 1);
    assert.deepEqual(
      requests.filter((r) => r.startsWith('GET /mcp/')),
      [],
      'no standalone GET stream was opened per session',
    );
    await hostile.close();
    await synthetic.close();
    await until(() => hub.attachedSessions === 0);
    assert.ok(
      requests.some((r) => r.startsWith('DELETE /api/events/')),
      'closing a client detaches its session from the hub',
    );
  });
});
