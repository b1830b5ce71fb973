import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { startHttpServer } from '../support/http-fixtures.mjs';
import { brokenServers } from '../support/doctor-table.mjs';

// The connection doctor: each way a server can fail to be reached is diagnosed — which
// step, what happened, what to do — in the JSON-RPC error the client gets, in GET /api/servers and
// as one line in the terminal. Real broken servers: a missing command, a process that exits 3 after
// explaining on stderr, a port with nothing listening, and HTTP endpoints that answer HTML, 500, an
// initialize error, an old protocol version and 401.
type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
type Problem = { step: string; kind: string; message: string; action: string; details: Record<string, unknown> };
let gw: Gw;
let broken: Awaited<ReturnType<typeof startHttpServer>>;
let closedPort: number;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

let table: ReturnType<typeof brokenServers>;
let tls: HttpsServer | undefined;
let tlsPort = 0;

/** An HTTPS server with a self-signed certificate made by openssl for this run (undefined without openssl). */
async function startSelfSigned(): Promise<HttpsServer | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'doctor-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
  } catch {
    return undefined;
  }
  const server = createHttpsServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'),
  );
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  tlsPort = (server.address() as { port: number }).port;
  return server;
}

before(async () => {
  broken = await startHttpServer({ script: 'test/fixtures/broken-http-server.mjs' });
  closedPort = await freePort();
  tls = await startSelfSigned();
  table = brokenServers(broken.port, closedPort);
  const servers: Record<string, unknown> = Object.fromEntries(table.map((s) => [s.name, s.config]));
  if (tls) servers.selfsigned = { url: `https://127.0.0.1:${tlsPort}/mcp` };
  gw = await startGatewayProcess({ config: { mcpServers: servers } });
});

after(async () => {
  await gw?.stop();
  await broken?.stop();
  tls?.close();
});

async function connectError(name: string): Promise<Error & { code?: number; data?: { problem?: Problem } }> {
  const client = new Client({ name: 'doctor-test', version: '1' }, { capabilities: {} });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
        requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
      }),
      { timeout: 20_000 },
    );
  } catch (error) {
    return error as Error & { data?: { problem?: Problem } };
  }
  await client.close();
  throw new Error(`${name} connected, but it should not`);
}

async function summaryProblem(name: string): Promise<Problem> {
  const res = await fetch(`${gw.origin}/api/servers`, { headers: { Authorization: `Bearer ${gw.token}` } });
  return ((await res.json()).servers as Array<{ name: string; problem: Problem }>).find((s) => s.name === name)!
    .problem;
}

describe('connection doctor', () => {
  for (const name of ['missing', 'exits', 'nothing', 'webpage', 'express', 'failing', 'refuses', 'old', 'locked']) {
    test(`${name}: the diagnosis in the error, the summary and the terminal (the page sees a URL by origin)`, async () => {
      const { step, kind, message: full, pageMessage: expected } = table.find((s) => s.name === name)!;
      const error = await connectError(name);
      const problem = error.data?.problem;
      assert.ok(problem, `the error carries the diagnosis as data.problem: ${error.message}`);
      assert.equal(problem.step, step);
      assert.equal(problem.kind, kind);
      assert.equal(problem.message, expected);
      assert.ok(error.message.startsWith(expected), error.message);
      assert.ok(problem.action.length > 20, 'it says what to do');
      assert.doesNotMatch(
        `${error.message} ${JSON.stringify(problem)}`,
        /<html|<script|<!DOCTYPE|<pre>|Cannot POST/i,
        'no upstream HTML reaches the client',
      );
      const summary = await summaryProblem(name);
      assert.deepEqual([summary.step, summary.kind, summary.message], [step, kind, expected]);
      assert.ok(
        gw.stderr().includes(`mcp-dashboard: server "${name}" [${step}]: ${full}`),
        `terminal line for ${name}:\n${gw.stderr()}`,
      );
    });
  }

  test('locked (401, no OAuth metadata): nothing is registered before Sign in; the card offers "headers" or Sign in; Sign in registers once, and its refusal leaves "headers"', async () => {
    const hits = async (): Promise<{ register: number }> => (await fetch(broken.url('/_hits'))).json();
    const origin = new URL(broken.url('/')).origin;
    const error = (await connectError('locked')) as Error & { data?: { problem?: Problem; signIn?: boolean } };
    assert.equal(error.data?.problem?.kind, 'auth-required');
    assert.equal(error.data?.signIn, true, 'the card offers Sign in');
    assert.match(
      error.data!.problem!.action,
      new RegExp(
        `"headers".*If it signs in with OAuth instead, press Sign in: the gateway then registers the dashboard as a client at ${origin.replace(/[.]/g, '\\.')}\\.$`,
      ),
    );
    // The sentinel: the gateway has not POSTed a registration anywhere, not even at the server's own origin.
    assert.equal((await hits()).register, 0, 'no registration before Sign in');
    // The person presses Sign in: now the gateway registers, once, where the card said.
    const res = await fetch(`${gw.origin}/api/servers/locked/sign-in`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${gw.token}` },
    });
    assert.ok(!res.ok, `the sign-in fails: the server offers no registration (${res.status})`);
    assert.equal((await hits()).register, 1, 'one registration, after Sign in');
    // Refused: the server offers no OAuth, so the advice is "headers" alone, without Sign in.
    const after = (await connectError('locked')) as Error & { data?: { problem?: Problem; signIn?: boolean } };
    assert.equal(after.data?.problem?.kind, 'auth-required');
    assert.equal(after.data?.signIn, undefined);
    assert.doesNotMatch(after.data!.problem!.action, /Sign in/);
  });

  test(
    'tls: a self-signed certificate is diagnosed as a TLS problem, with what to do',
    { skip: !execFileSyncWorks('openssl') && 'openssl is not installed, so no certificate can be made' },
    async () => {
      const error = await connectError('selfsigned');
      const problem = error.data!.problem!;
      assert.deepEqual([problem.step, problem.kind], ['tls', 'certificate']);
      assert.equal(
        problem.message,
        `The TLS certificate of 127.0.0.1:${tlsPort} was not accepted (DEPTH_ZERO_SELF_SIGNED_CERT).`,
      );
      assert.match(problem.action, /NODE_EXTRA_CA_CERTS/);
    },
  );

  test('the process that exits hands over the stderr lines that explain it (from the error on) and its exit code', async () => {
    const problem = await summaryProblem('exits');
    assert.equal(problem.details.exitCode, 3);
    assert.deepEqual(problem.details.stderrTail, [
      'Error: NOTES_API_KEY is not set',
      '    set it in the "env" of this server',
    ]);
    assert.match(gw.stderr(), /last stderr: .*Error: NOTES_API_KEY is not set/);
  });

  test('a problem is reported once in the terminal, however often the card retries', async () => {
    await connectError('failing');
    await connectError('failing');
    const lines = gw
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('mcp-dashboard: server "failing"'));
    assert.equal(lines.length, 1);
  });
});

function execFileSyncWorks(command: string): boolean {
  try {
    execFileSync(command, ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
