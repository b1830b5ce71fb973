// Three team-mode replicas on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg): a session made on one
// replica works on every one; a revocation on one is honoured by the others within 5 s; a replica killed with
// SIGKILL loses nobody's sign-in, a new MCP session opens on another replica through the balancer, and every
// call that returned a result has its complete audit record. Real parts: the built gateway (three processes),
// Debian's HAProxy and PostgreSQL, oidc-provider, server-everything.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { startPostgres, type Postgres } from '../support/postgres.js';
import { startReplicas, type Replicas } from '../support/replicas.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { EventHubClient } from '../../src/core/shared/gateway-api/event-hub-client.js';
import { rpcAnswer, type Member, INITIALIZE, ACCEPT } from '../support/team-fixture.js';

let postgres: Postgres;
let cluster: Replicas;
before(async () => {
  postgres = await startPostgres();
  cluster = await startReplicas(3, { databaseUrl: postgres.url, env: { MCP_DASHBOARD_DRAIN_SECONDS: '20' } });
});
after(async () => {
  await cluster?.stop();
  await postgres?.stop();
});

/** Opens a session through the balancer; resolves with its id and the replica that holds it. */
async function openSession(member: Member): Promise<{ id: string; replica: number }> {
  const response = await member.api('POST', '/mcp/everything', { body: INITIALIZE, headers: ACCEPT });
  const id = response.headers.get('mcp-session-id');
  const text = await response.text();
  assert.ok(id, `a session was opened (${response.status}): ${text}`);
  const headers = { ...ACCEPT, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
  await member.api('POST', '/mcp/everything', {
    body: { jsonrpc: '2.0', method: 'notifications/initialized' },
    headers,
  });
  return { id, replica: cluster.servedBy(response) };
}

/** One echo on a session through the balancer: the answer and the replica that gave it. */
async function echo(member: Member, session: string, message: string, id = 1) {
  const response = await member.api('POST', '/mcp/everything', {
    body: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { message } } },
    headers: { ...ACCEPT, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
  });
  return { status: response.status, replica: cluster.servedBy(response), answer: await rpcAnswer(response) };
}

test('a session made through the balancer works on every replica', { timeout: 60_000 }, async () => {
  const bob = await cluster.signIn('bob');
  for (let i = 0; i < 3; i += 1) {
    const me = await bob.api('GET', '/api/team/me', { base: cluster.direct(i) });
    assert.equal(me.status, 200, `replica ${i + 1} knows bob's session`);
  }
});

test(
  'a page whose event stream is on one replica and MCP session on another keeps the session: its stream goes to the session\u2019s replica',
  { timeout: 60_000 },
  async () => {
    const bob = await cluster.signIn('bob');
    // A balancer sent the page's GET /api/events to replica 1 and its MCP session to replica 2.
    const seen: string[] = [];
    const fetchAs: typeof fetch = async (input, init = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = (init.method ?? 'GET').toUpperCase();
      const replica = url.pathname === '/api/events' && method === 'GET' ? 0 : 1;
      const headers = new Headers(init.headers);
      headers.set('cookie', bob.cookie);
      headers.set('authorization', `Bearer ${bob.token}`);
      const response = await fetch(`${cluster.direct(replica)}${url.pathname}`, { ...init, headers });
      seen.push(`${method} ${url.pathname.replace(/\/api\/events\/[^/]+\//, '/api/events/<hub>/')} ${response.status}`);
      return response;
    };
    const hub = new EventHubClient({ baseUrl: cluster.direct(1), fetch: fetchAs });
    const errors: string[] = [];
    const transport = new StreamableHTTPClientTransport(new URL(`${cluster.direct(1)}/mcp/everything`), {
      fetch: hub.wrap(fetchAs),
    });
    const client = new Client({ name: 'split-page', version: '1' });
    client.onerror = (error) => errors.push(error.message);
    try {
      await client.connect(transport);
      await waitUntil(() => seen.includes('GET /mcp/everything 200'), 10_000);
      // The attach was tried (replica 2 has no such hub) and refused; the session's own stream took over.
      assert.ok(seen.includes('POST /api/events/<hub>/sessions 404'), seen.join('\n'));
      assert.deepEqual(errors, [], 'the SDK saw no failed stream');
      const answer = await client.callTool({ name: 'get-sum', arguments: { a: 40, b: 2 } });
      assert.match(JSON.stringify(answer.content), /\b42\b/);
      assert.equal(
        seen.filter(
          (line) => line.startsWith('POST /mcp/everything') && !line.endsWith(' 200') && !line.endsWith(' 202'),
        ).length,
        0,
      );
    } finally {
      await client.close();
      hub.close();
    }
  },
);

test(
  'an admin revokes a session on replica 1; the person\u2019s next request on replica 2 is refused within 5 s',
  { timeout: 60_000 },
  async () => {
    const bob = await cluster.signIn('bob');
    const ada = await cluster.signIn('ada');
    assert.equal((await bob.api('GET', '/api/team/me', { base: cluster.direct(1) })).status, 200);
    const { sessions } = (await (
      await ada.api('GET', '/api/team/sessions?all=1', { base: cluster.direct(0) })
    ).json()) as {
      sessions: { id: string; sub: string; createdAt: string }[];
    };
    const newest = sessions.filter((s) => s.sub === 'bob').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
    const revokedAt = Date.now();
    assert.equal((await ada.api('DELETE', `/api/team/sessions/${newest.id}`, { base: cluster.direct(0) })).status, 200);
    let refusedAfter: number | undefined;
    while (Date.now() - revokedAt < 8_000) {
      if ((await bob.api('GET', '/api/team/me', { base: cluster.direct(1) })).status === 401) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
      await sleep(200);
    }
    assert.ok(refusedAfter !== undefined && refusedAfter <= 5_500, `refused after ${refusedAfter} ms`);
  },
);

test(
  'a new roles table written to every replica\u2019s config applies on all of them within 2 s',
  { timeout: 60_000 },
  async () => {
    const bob = await cluster.signIn('bob');
    // One session on each replica, opened first: a tools/list is then decided with the roles table of that moment.
    const sessions = await Promise.all(
      [0, 1, 2].map(async (index) => {
        const base = cluster.direct(index);
        const opened = await bob.api('POST', '/mcp/everything', { base, body: INITIALIZE, headers: ACCEPT });
        const headers = {
          ...ACCEPT,
          'mcp-session-id': opened.headers.get('mcp-session-id')!,
          'mcp-protocol-version': '2025-11-25',
        };
        await opened.text();
        const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
        await bob.api('POST', '/mcp/everything', { base, body: initialized, headers });
        return { base, headers };
      }),
    );
    const toolsAt = async (index: number): Promise<string[]> => {
      const { base, headers } = sessions[index]!;
      const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const listed = await bob.api('POST', '/mcp/everything', { base, body, headers });
      return ((await rpcAnswer(listed)).result?.tools ?? []).map((t: { name: string }) => t.name);
    };
    for (let i = 0; i < 3; i += 1)
      assert.ok(!(await toolsAt(i)).includes('echo'), `replica ${i + 1}: no echo for eng yet`);
    // Each replica's own file (as written at start: servers unchanged), with echo added to eng's grant.
    const edited = await Promise.all(
      cluster.replicas.map(async (r) => {
        const config = JSON.parse(await readFile(r.configFile, 'utf8'));
        for (const role of config.team.roles) if (role.name === 'eng') role.servers.everything.tools.push('echo');
        return JSON.stringify(config, null, 2);
      }),
    );
    const at = Date.now();
    await Promise.all(cluster.replicas.map((r, i) => writeFile(r.configFile, edited[i]!)));
    for (let i = 0; i < 3; i += 1) {
      while (!(await toolsAt(i)).includes('echo')) {
        assert.ok(Date.now() - at < 2_000, `replica ${i + 1} applied the new roles within 2 s`);
        await sleep(100);
      }
    }
  },
);

test(
  'the replica holding a session is killed: nobody is signed out, a new session opens on another replica, every answered call is audited once',
  { timeout: 120_000 },
  async () => {
    const ada = await cluster.signIn('ada');
    const first = await openSession(ada);
    let answered = 0;
    for (let i = 0; i < 5; i += 1) {
      const call = await echo(ada, first.id, `before ${i}`, 10 + i);
      assert.match(JSON.stringify(call.answer.result), /Echo: before/);
      assert.equal(call.replica, first.replica, 'affinity: every call of the session reaches the same replica');
      answered += 1;
    }
    await cluster.kill(first.replica);

    // The session's replica is gone: its next request is answered by another one, which does not know it.
    const orphan = await echo(ada, first.id, 'orphan', 20);
    assert.notEqual(orphan.status, 200, JSON.stringify(orphan.answer));
    assert.equal((await ada.api('GET', '/api/team/me')).status, 200, 'still signed in');
    const second = await openSession(ada);
    assert.notEqual(second.replica, first.replica);
    for (let i = 0; i < 3; i += 1) {
      const call = await echo(ada, second.id, `after ${i}`, 30 + i);
      assert.match(JSON.stringify(call.answer.result), /Echo: after/);
      answered += 1;
    }

    // The audit (shared table): one complete record per answered call, as the client counted them. A call's end
    // record follows its answer, so the last one may take a moment.
    let rows: { outcome: string; decision: string }[] = [];
    for (let tries = 0; tries < 50; tries += 1) {
      ({ rows } = (await (await ada.api('GET', '/api/audit?sub=ada&name=echo')).json()) as { rows: typeof rows });
      if (!rows.some((r) => r.outcome === 'pending')) break;
      await sleep(100);
    }
    const complete = rows.filter((r) => r.decision === 'allow' && r.outcome === 'ok');
    assert.equal(complete.length, answered, JSON.stringify(rows));
  },
);

test('a dashboard an admin publishes on replica 1 is served by replica 2 at once', { timeout: 60_000 }, async () => {
  const ada = await cluster.signIn('ada');
  const bob = await cluster.signIn('bob');
  const layouts = async () =>
    (
      (await (await bob.api('GET', '/api/layouts', { base: cluster.direct(1) })).json()) as {
        dashboards: { id: string }[];
      }
    ).dashboards;
  assert.ok(!(await layouts()).some((d) => d.id === 'ops-board'));
  const published = await ada.api('PUT', '/api/team/layouts/ops-board', {
    base: cluster.direct(0),
    body: { dashboard: { id: 'ops-board', name: 'Ops board', tiles: [] } },
  });
  assert.equal(published.status, 200, await published.text());
  const at = Date.now();
  while (!(await layouts()).some((d) => d.id === 'ops-board')) {
    assert.ok(Date.now() - at < 5_000, 'replica 2 serves the published dashboard within 5 s');
    await sleep(100);
  }
});

test(
  'SIGTERM on the replica holding a session: its call in flight finishes, a new session opens on another replica',
  { timeout: 90_000 },
  async () => {
    const bob = await cluster.signIn('bob');
    let held = await openSession(bob);
    // Two replicas are left after the kill above; open sessions until one lands on the replica to stop (round robin).
    const alive = cluster.replicas.map((r, i) => (r.child.exitCode === null && r.child.signalCode === null ? i : -1));
    for (let tries = 0; tries < 4 && held.replica !== alive.find((i) => i >= 0); tries += 1)
      held = await openSession(bob);
    const long = bob.api('POST', '/mcp/everything', {
      body: {
        jsonrpc: '2.0',
        id: 40,
        method: 'tools/call',
        params: { name: 'trigger-long-running-operation', arguments: { duration: 3, steps: 3 } },
      },
      headers: { ...ACCEPT, 'mcp-session-id': held.id, 'mcp-protocol-version': '2025-11-25' },
    });
    await sleep(700);
    const stopping = cluster.replicas[held.replica]!.child;
    const exited = new Promise((r) => stopping.once('exit', r));
    stopping.kill('SIGTERM');
    await sleep(300);
    const fresh = await openSession(bob);
    assert.notEqual(
      fresh.replica,
      held.replica,
      'the draining replica takes no new session; the balancer retried elsewhere',
    );
    const answer = await rpcAnswer(await long);
    assert.match(JSON.stringify(answer.result), /completed/i, JSON.stringify(answer));
    await exited;
  },
);

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not so after ${timeoutMs} ms`);
    await sleep(50);
  }
}
