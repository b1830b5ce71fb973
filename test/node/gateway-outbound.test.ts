import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { problemFromErrorData, type ConnectionProblem } from '../../src/core/shared/gateway-api/connection-problem.js';
import { EventBus } from '../../src/core/services/event-bus.js';
import { GatewayClient } from '../../src/core/shared/gateway-api/gateway-client.js';
import { startSignIn } from '../../src/core/shared/gateway-api/gateway-oauth.js';
import { MCPBridge } from '../../src/core/bridge/mcp-bridge.js';
import { runGatewayToExit, startGatewayProcess } from '../support/gateway-process.mjs';
import { followAsBrowser } from '../support/oauth-fixture.mjs';
import {
  authorizationServer,
  hostileMcpServer,
  HTML_MARKER,
  listener,
  PROBE_ANSWER,
  type Listener,
} from '../support/hostile-oauth.js';

// Attacks on the requests the gateway makes on a remote server's word (OAuth discovery, metadata,
// registration, token requests), against the real gateway process: hostile MCP servers whose 401
// points discovery at a loopback service on another port, at the gateway's own port and at the cloud
// metadata address; counting listeners are the sentinels (a refused target must get no connection),
// and the allowed cases show the same sentinels do flip.
const mcp: Record<string, Listener> = {};
let probe: Listener; // a local service discovery is pointed at: must get nothing
let redirectProbe: Listener; // a local service behind a redirect: must get nothing
let as: Listener; // an authorization server the config allows; its token endpoint answers HTML
let htmlAs: Listener; // an allowed authorization server whose metadata is an HTML page
let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
let client: GatewayClient;
let bridge: MCPBridge;
let dir: string;

const well = '/.well-known/oauth-protected-resource/mcp';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-outbound-'));
  probe = await listener();
  redirectProbe = await listener();
  mcp.loopback = await hostileMcpServer(() => `${probe.origin}${well}`);
  mcp.ownPort = await hostileMcpServer(() => `${gateway.origin}/api/servers`);
  mcp.metadata = await hostileMcpServer(() => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/');
  mcp.redirect = await hostileMcpServer(
    () => `${mcp.redirect!.origin}${well}`,
    () => `${redirectProbe.origin}/internal`,
  );
  mcp.allowed = await hostileMcpServer(() => `${as.origin}${well}`);
  mcp.htmlMetadata = await hostileMcpServer(() => `${htmlAs.origin}${well}`);
  as = await authorizationServer(() => `${mcp.allowed!.origin}/mcp`, 'token');
  htmlAs = await authorizationServer(() => `${mcp.htmlMetadata!.origin}/mcp`, 'metadata');
  const remote = (name: string, oauth?: object) => ({ url: `${mcp[name]!.origin}/mcp`, ...(oauth ? { oauth } : {}) });
  gateway = await startGatewayProcess({
    config: {
      mcpServers: {
        loopback: remote('loopback'),
        // Every port of 127.0.0.1 is allowed here, yet the gateway's own port is not.
        ownPort: remote('ownPort', { allowHosts: ['127.0.0.1'] }),
        metadata: remote('metadata'),
        redirect: remote('redirect'),
        allowed: remote('allowed', { allowHosts: [`127.0.0.1:${as.port}`] }),
        htmlMetadata: remote('htmlMetadata', { allowHosts: [`127.0.0.1:${htmlAs.port}`] }),
      },
      dashboard: { oauth: { tokenFile: join(dir, 'tokens.json') } },
    },
  });
  client = new GatewayClient({ baseUrl: gateway.origin, token: gateway.token });
  bridge = new MCPBridge({ bus: new EventBus(), gateway: client });
});

after(async () => {
  client?.close();
  await gateway?.stop();
  for (const l of [probe, redirectProbe, as, htmlAs, ...Object.values(mcp)]) await l?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Connects as the page does; returns the diagnosis the card gets with the refusal. */
async function connectRefused(name: string): Promise<{ message: string; problem: ConnectionProblem }> {
  const refused = await bridge.connect(name, 'http').then(
    () => undefined,
    (e: unknown) => e as { message: string; data?: unknown },
  );
  assert.ok(refused, `connecting "${name}" must fail`);
  const problem = problemFromErrorData(refused.data);
  assert.ok(problem, JSON.stringify(refused.data));
  return { message: refused.message, problem };
}

/** What the person can see of a server: its card summary (problem and sign-in state) and its log. */
async function shown(name: string): Promise<string> {
  const summary = (await client.listServers()).find((s) => s.name === name);
  return `${JSON.stringify(summary)}\n${await client.stderr(name)}`;
}

const allowAction = (server: string, entry: string) =>
  `If you trust it, add "${entry}" to "mcpServers.${server}.oauth.allowHosts" in ${gateway.configFile}.`;

test('(a) discovery pointed at a loopback service on another port is refused before any connection; the card names the address and the allowHosts entry', async () => {
  const { message, problem } = await connectRefused('loopback');
  assert.ok(mcp.loopback!.requests.length > 0, 'the attack was made: the hostile server sent its 401');
  assert.equal(probe.connections(), 0, 'the loopback service got no connection');
  assert.equal(problem.kind, 'oauth-outbound-refused');
  assert.equal(problem.details.reason, 'loopback');
  assert.equal(problem.details.target, `127.0.0.1:${probe.port}`);
  assert.match(message, new RegExp(`refused to contact 127\\.0\\.0\\.1:${probe.port} \\(a loopback address`));
  assert.equal(problem.action, allowAction('loopback', `127.0.0.1:${probe.port}`));
  const card = await shown('loopback');
  assert.match(card, /oauth-outbound-refused/);
  assert.ok(!card.includes(PROBE_ANSWER));
  assert.match(
    gateway.stderr(),
    new RegExp(`server "loopback" \\[auth\\]: .*refused to contact 127\\.0\\.0\\.1:${probe.port}`),
  );
});

test("(b) discovery pointed at the gateway's own port is refused even where every other port of the host is allowed", async () => {
  const { problem } = await connectRefused('ownPort');
  assert.equal(problem.details.reason, 'gateway-port');
  assert.equal(problem.details.target, `127.0.0.1:${gateway.port}`);
  assert.match(problem.message, /one of the gateway's own ports/);
  assert.equal(problem.action, allowAction('ownPort', `127.0.0.1:${gateway.port}`));
});

test('(c) discovery pointed at the cloud metadata address (169.254.169.254) is refused by the address itself, before any connection', async () => {
  const { problem } = await connectRefused('metadata');
  // "link-local" is decided from the URL before a socket exists; a connection attempt would have
  // ended in a network error (EHOSTUNREACH, a timeout) instead.
  assert.equal(problem.details.reason, 'link-local');
  assert.equal(problem.details.target, '169.254.169.254:80');
  assert.match(problem.message, /a link-local address \(cloud metadata services live there\)/);
  assert.equal(problem.action, allowAction('metadata', '169.254.169.254:80'));
});

test('(e) a redirect from the server\u2019s own origin to a loopback service is not followed: the service gets nothing', async () => {
  await connectRefused('redirect');
  assert.ok(
    mcp.redirect!.requests.some((r) => r.path.startsWith('/.well-known/') && r.method === 'GET'),
    'the attack was made: discovery met the redirect',
  );
  assert.equal(redirectProbe.connections(), 0, 'nothing reached the redirect target');
  assert.ok(!(await shown('redirect')).includes(PROBE_ANSWER));
});

test('(d, f, g) an allowed authorization server is reached, but registers nobody until Sign in; its HTML token answer is shown by status and type only', async () => {
  const { problem } = await connectRefused('allowed');
  // (d) The sentinel flips: the host the config names is contacted (its metadata was read).
  assert.ok(as.connections() > 0, 'the allowed authorization server was reached');
  assert.ok(as.requests.some((r) => r.path === '/.well-known/oauth-authorization-server'));
  // (f) The card asks for a sign-in and says where it will register; no registration was sent.
  assert.equal(problem.kind, 'oauth-sign-in-register');
  assert.equal(problem.details.registrationOrigin, as.origin);
  assert.equal(
    problem.action,
    `Press Sign in on its card; the gateway then registers the dashboard as a client at ${as.origin}.`,
  );
  const registrations = () => as.requests.filter((r) => r.method === 'POST' && r.path === '/register').length;
  await connectRefused('allowed');
  assert.equal(registrations(), 0, 'no registration POST before Sign in, however often the page connects');
  const started = await startSignIn(client, 'allowed');
  assert.equal(registrations(), 1, 'Sign in registers once');
  assert.ok(started.authorizationUrl?.startsWith(`${as.origin}/authorize?`), String(started.authorizationUrl));

  // (g) The token endpoint answers an HTML page (HTTP 200): the callback page and the card say so
  // by status and media type, and none of the page's text.
  const page = await followAsBrowser(started.authorizationUrl!);
  assert.ok(
    as.requests.some((r) => r.method === 'POST' && r.path === '/token'),
    'the attack was made',
  );
  assert.equal(page.status, 502);
  assert.match(page.text, /answered something that is not JSON \(HTTP 200, text\/html\)/);
  const card = await shown('allowed');
  assert.match(card, /not JSON \(HTTP 200, text\/html\)/);
  const said = /<p id="message">([\s\S]*?)<\/p>/.exec(page.text)?.[1] ?? '';
  assert.ok(!page.text.includes(HTML_MARKER), "the callback page shows the authorization server's page text");
  for (const [where, text] of Object.entries({ page: said, card, terminal: gateway.stderr() })) {
    assert.ok(!text.includes(HTML_MARKER), `${where} shows the authorization server's page text`);
    assert.doesNotMatch(text, /Unexpected token|<!doctype|&lt;!doctype/i, `${where} quotes the parser`);
  }
});

test('(g) authorization-server metadata that is an HTML page: the card says "not JSON" by status and type only', async () => {
  const { problem, message } = await connectRefused('htmlMetadata');
  assert.ok(
    htmlAs.requests.some((r) => r.path === '/.well-known/oauth-authorization-server'),
    'the attack was made',
  );
  assert.equal(problem.kind, 'oauth-not-json');
  assert.deepEqual([problem.details.status, problem.details.contentType], ['200', 'text/html']);
  const card = `${message}\n${await shown('htmlMetadata')}`;
  assert.ok(!card.includes(HTML_MARKER));
  assert.doesNotMatch(card, /Unexpected token|doctype|web page/i);
});

test('an allowHosts entry that is not a host or host:port stops start-up with its place and the form expected', async () => {
  const file = join(dir, 'bad.json');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(
    file,
    JSON.stringify({
      mcpServers: { idp: { url: 'https://example.invalid/mcp', oauth: { allowHosts: ['http://idp:8443'] } } },
    }),
  );
  const { code, stderr } = await runGatewayToExit(['--config', file, '--no-open']);
  assert.equal(code, 1);
  assert.match(
    stderr,
    /at \/mcpServers\/idp\/oauth\/allowHosts\/0: "http:\/\/idp:8443" is a URL; give only its host or host:port/,
  );
});
