// /healthz, /readyz and /metrics on real built gateways: a personal one with server-everything, and a team one on
// PostgreSQL whose database goes away and comes back, with a metrics token (docs/operations.md).
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { startPostgres, type Postgres } from '../support/postgres.js';
import { EVERYTHING, rpcAnswer, startTeam, type Member, type TeamGateway } from '../support/team-fixture.js';

type Gateway = Awaited<ReturnType<typeof startGatewayProcess>>;

/** A raw request: the headers exactly as given (no Host unless given). */
function raw(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What an HTTP/1.0 health checker sends (a balancer's `GET /readyz`, no Host); resolves with the status. */
function checkerStatus(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

/** One metric line's value, or undefined when the series is not there. */
function metric(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** Polls `check` until it holds or `ms` pass; returns its last value. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await sleep(200);
    value = await read();
  }
  return value;
}

describe('health and metrics, personal mode', { timeout: 120_000 }, () => {
  let gw: Gateway;
  const mcp = async (session: string | undefined, body: unknown) => {
    const response = await fetch(`${gw.origin}/mcp/everything`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${gw.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } : {}),
      },
      body: JSON.stringify(body),
    });
    return { session: response.headers.get('mcp-session-id'), answer: await rpcAnswer(response) };
  };
  const scrape = async () => (await fetch(`${gw.origin}/metrics`)).text();

  before(async () => {
    gw = await startGatewayProcess({ config: { mcpServers: { everything: EVERYTHING } } });
  });
  after(async () => gw?.stop());

  test('/healthz and /readyz answer 200 without the token; a checker that sends no Host is answered too', async () => {
    const health = await fetch(`${gw.origin}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { ok: true, status: 'ok' });
    const ready = await fetch(`${gw.origin}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { ready: true });
    assert.equal(await checkerStatus(gw.port, '/readyz'), 200, 'HTTP/1.0 without Host');
    // A Host the gateway does not serve is refused as everywhere (DNS rebinding).
    assert.equal((await raw(gw.port, '/readyz', { Host: 'evil.example:80' })).status, 403);
    assert.equal((await raw(gw.port, '/metrics', { Host: 'evil.example:80' })).status, 403);
  });

  test('/metrics after a real tools/call: counted by server, tool and outcome, with its latency histogram', async () => {
    const opened = await mcp(undefined, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
    const session = opened.session!;
    assert.ok(session, JSON.stringify(opened.answer));
    await mcp(session, { jsonrpc: '2.0', method: 'notifications/initialized' });
    // Tool names become labels once the server listed them (here, or in the catalog's discovery).
    await mcp(session, { jsonrpc: '2.0', id: 3, method: 'tools/list' });
    const echo = await mcp(session, call(1, 'echo', { message: 'hi' }));
    assert.match(JSON.stringify(echo.answer.result), /hi/);
    const unknown = await mcp(session, call(2, 'no-such-tool-x1'));
    assert.ok(unknown.answer.error || unknown.answer.result?.isError, JSON.stringify(unknown.answer));

    const response = await fetch(`${gw.origin}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    assert.equal(metric(text, 'mcpd_tool_calls_total{server="everything",tool="echo",outcome="ok"}'), 1);
    assert.equal(metric(text, 'mcpd_tool_call_duration_seconds_count{server="everything",tool="echo"}'), 1);
    // A name the server never listed is not a label of its own.
    assert.equal(metric(text, 'mcpd_tool_calls_total{server="everything",tool="other",outcome="error"}'), 1);
    assert.doesNotMatch(text, /no-such-tool-x1/);
    assert.equal(metric(text, 'mcpd_sessions{server="everything"}'), 1);
    assert.ok((metric(text, 'mcpd_children{server="everything"}') ?? 0) >= 1, 'the session\u2019s child runs');
    assert.match(text, /^process_cpu_user_seconds_total /m);
    assert.match(text, /^# TYPE mcpd_relay_errors_total counter$/m);
    assert.equal((await scrape()).includes('mcpd_tool_calls_total'), true);
  });

  test('/metrics is for this machine only: a request a proxy forwarded is refused', async () => {
    const forwarded = await raw(gw.port, '/metrics', {
      Host: `127.0.0.1:${gw.port}`,
      'X-Forwarded-For': '203.0.113.9',
    });
    assert.equal(forwarded.status, 403);
    assert.match(JSON.parse(forwarded.body).error, /team\.metricsToken/);
  });
});

describe('health and metrics, team mode on PostgreSQL', { timeout: 240_000 }, () => {
  const TOKEN = 'scrape-token-3f9a1c0e7b';
  let pg: Postgres;
  let team: TeamGateway;
  let ada: Member;
  let bob: Member;
  const readyz = async () => {
    const response = await fetch(`${team.base}/readyz`);
    return { status: response.status, body: (await response.json()) as { ready: boolean; problems?: string[] } };
  };
  const scrape = async () =>
    (await fetch(`${team.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

  before(async () => {
    pg = await startPostgres();
    const url = await pg.database('health');
    team = await startTeam({
      database: { url },
      team: { metricsToken: '${env:MCPD_METRICS_TOKEN}' },
      env: { MCPD_METRICS_TOKEN: TOKEN, MCP_DASHBOARD_DRAIN_SECONDS: '20' },
    });
    [ada, bob] = [await team.signIn('ada'), await team.signIn('bob')];
  });
  after(async () => {
    await team?.stop();
    await pg?.stop();
  });

  test('/readyz is 200 with the database reachable and its migrations applied', async () => {
    assert.deepEqual(await readyz(), { status: 200, body: { ready: true } });
  });

  test('/metrics needs team.metricsToken: 401 without it or with another; with it, any Host a scraper uses', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }] as Record<string, string>[]) {
      const refused = await fetch(`${team.base}/metrics`, { headers });
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get('www-authenticate'), 'Bearer');
    }
    const byAddress = await raw(team.port, '/metrics', { Host: '10.0.0.5:9100', Authorization: `Bearer ${TOKEN}` });
    assert.equal(byAddress.status, 200);
  });

  test('calls, refusals, audit writes, browser sessions and the pool show in /metrics', async () => {
    const session = await ada.open('everything');
    await ada.rpc('everything', session, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const echo = await ada.rpc('everything', session, call(2, 'echo', { message: 'hi' }));
    assert.match(JSON.stringify(echo.answer.result), /hi/);
    const bobSession = await bob.open('everything');
    const refused = await bob.rpc('everything', bobSession, call(1, 'echo', { message: 'no' }));
    assert.equal(refused.answer.error.code, -32051);

    // The end record is written after the answer: wait for it (begin of ada's, deny of bob's, end of ada's).
    const text = await eventually(scrape, (t) => {
      return (metric(t, 'mcpd_audit_write_duration_seconds_count{store="postgres"}') ?? 0) >= 3;
    });
    assert.equal(metric(text, 'mcpd_tool_calls_total{server="everything",tool="echo",outcome="ok"}'), 1);
    assert.equal(metric(text, 'mcpd_tool_calls_total{server="everything",tool="echo",outcome="refused"}'), 1);
    assert.equal(metric(text, 'mcpd_tool_call_duration_seconds_count{server="everything",tool="echo"}'), 1);
    assert.ok((metric(text, 'mcpd_audit_write_duration_seconds_count{store="postgres"}') ?? 0) >= 3, text);
    assert.equal(metric(text, 'mcpd_sessions{server="everything"}'), 2);
    assert.ok((metric(text, 'mcpd_browser_sessions') ?? 0) >= 2);
    assert.ok((metric(text, 'mcpd_db_pool_connections{state="total"}') ?? 0) >= 1, 'the gateway\u2019s pools');
    assert.notEqual(metric(text, 'mcpd_db_pool_connections{state="waiting"}'), undefined);
  });

  test('/readyz is 503 naming the database while PostgreSQL is down, and 200 again once it is back', async () => {
    await pg.pause();
    const down = await eventually(readyz, (r) => r.status === 503);
    assert.equal(down.status, 503);
    assert.equal(down.body.ready, false);
    assert.match(down.body.problems!.join(' '), /^database: .*(ECONNREFUSED|terminat|connect)/);
    assert.doesNotMatch(JSON.stringify(down.body), /postgres:\/\//, 'no database URL in the body');
    assert.equal((await fetch(`${team.base}/healthz`)).status, 200, 'alive all the same');
    await pg.resume();
    const back = await eventually(readyz, (r) => r.status === 200);
    assert.deepEqual(back, { status: 200, body: { ready: true } });
  });

  test('a draining gateway (SIGTERM, a call in flight) answers /readyz 503 "shutting down"', async () => {
    const session = await ada.open('everything');
    const running = ada.rpc(
      'everything',
      session,
      call(9, 'trigger-long-running-operation', { duration: 3, steps: 3 }),
    );
    await sleep(500);
    team.gateway.child.kill('SIGTERM');
    const draining = await eventually(readyz, (r) => r.status === 503, 2_000);
    assert.deepEqual(draining, { status: 503, body: { ready: false, problems: ['shutting down'] } });
    assert.equal((await running).status, 200, 'the call in flight still finishes');
  });
});
