import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { problemFromErrorData } from '../../src/core/shared/gateway-api/connection-problem.js';
import { EventBus } from '../../src/core/services/event-bus.js';
import { GatewayClient } from '../../src/core/shared/gateway-api/gateway-client.js';
import {
  AUTH_REQUIRED_CODE,
  needsSignIn,
  signOut,
  startSignIn,
} from '../../src/core/shared/gateway-api/gateway-oauth.js';
import { MCPBridge } from '../../src/core/bridge/mcp-bridge.js';
import { runGatewayToExit, startGatewayProcess } from '../support/gateway-process.mjs';
import { followAsBrowser, startOAuthFixture } from '../support/oauth-fixture.mjs';

// The gateway as an OAuth client of a real (test) authorization server and an OAuth-protected MCP
// server, driven as the page drives it: MCPBridge through /mcp/<name>, Sign in / Sign out through
// the gateway's routes, and the browser's part (authorization page → redirect → callback) with fetch.
let fixture: Awaited<ReturnType<typeof startOAuthFixture>>;
let dir: string;
let tokenFile: string;
let gateway: Awaited<ReturnType<typeof startGatewayProcess>> | undefined;

const config = () => ({ mcpServers: { remote: { url: fixture.mcpUrl } }, dashboard: { oauth: { tokenFile } } });

async function startDashboard() {
  gateway = await startGatewayProcess({ config: config() });
  const client = new GatewayClient({ baseUrl: gateway.origin, token: gateway.token });
  const bridge = new MCPBridge({ bus: new EventBus(), gateway: client });
  return { gw: gateway, client, bridge };
}

async function stopDashboard(d: { gw: { stop(): Promise<void> }; client: GatewayClient; bridge: MCPBridge }) {
  await d.bridge.disconnect('remote').catch(() => {});
  d.client.close();
  await d.gw.stop();
  gateway = undefined;
}

async function signIn(client: GatewayClient) {
  const started = await startSignIn(client, 'remote');
  assert.ok(started.authorizationUrl, 'the gateway answers with an authorization URL');
  const page = await followAsBrowser(started.authorizationUrl);
  return { ...page, authorizationUrl: started.authorizationUrl };
}

function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

before(async () => {
  fixture = await startOAuthFixture();
  dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-oauth-'));
  tokenFile = join(dir, 'config-home', 'mcp-dashboard', 'oauth-tokens.json');
});

after(async () => {
  await gateway?.stop();
  await fixture?.stop();
  await rm(dir, { recursive: true, force: true });
});

test('a server answering 401 is reported as "sign in needed" (code -32010, data.step "auth"), and Sign in → authorization page → callback connects it', async () => {
  const d = await startDashboard();
  try {
    const refused = await d.bridge.connect('remote', 'http').then(
      () => undefined,
      (e: unknown) => e as { jsonrpcCode?: number; message: string; data?: unknown },
    );
    assert.ok(refused, 'connect must fail before signing in');
    assert.equal(refused.jsonrpcCode, AUTH_REQUIRED_CODE);
    assert.ok(needsSignIn(refused), JSON.stringify(refused.data));
    assert.match(refused.message, /needs you to sign in/);
    // One shape for the card: the doctor's diagnosis in data.problem (step auth), the sign-in fields beside it.
    const problem = problemFromErrorData(refused.data);
    // No client is registered yet: the card says where signing in will register one (nothing is registered before).
    assert.deepEqual(
      [problem?.step, problem?.kind, problem?.action],
      [
        'auth',
        'oauth-sign-in-register',
        `Press Sign in on its card; the gateway then registers the dashboard as a client at ${new URL(fixture.url).origin}.`,
      ],
      JSON.stringify(refused.data),
    );
    assert.equal((await fixture.stats()).registrations, 0, 'no registration before Sign in');
    const before = (await d.client.listServers()).find((s) => s.name === 'remote')!;
    assert.equal(before.auth?.state, 'required');
    assert.equal(before.auth?.mode, 'sign-in');
    assert.equal(before.problem?.kind, 'oauth-sign-in-register', "the card's summary shows the same diagnosis");
    assert.doesNotMatch(
      `${before.problem?.message} ${before.problem?.action}`,
      /headers/,
      'an OAuth server is signed in to, not given headers',
    );
    assert.match(
      d.gw.stderr(),
      /server "remote" \[auth\]: Server "remote" needs you to sign in\. Press Sign in on its card; the gateway then registers/,
      'the terminal says it too',
    );

    const page = await signIn(d.client);
    assert.ok(page.url.startsWith(`http://127.0.0.1:${d.gw.port}/oauth/callback?`), page.url);
    assert.equal(page.status, 200, page.text);
    assert.match(page.text, /Signed in to &#34;remote&#34;/);
    assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    // The authorization request was what the MCP spec asks for: PKCE S256 and the resource indicator.
    const authUrl = new URL(page.authorizationUrl);
    assert.equal(authUrl.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(authUrl.searchParams.get('resource'), fixture.mcpUrl);
    assert.equal((authUrl.searchParams.get('state') ?? '').length >= 43, true, 'state carries at least 256 bits');

    const info = await d.bridge.connect('remote', 'http');
    assert.deepEqual(
      info.tools.map((t) => t.name),
      ['whoami'],
    );
    const result = await d.bridge.callTool('remote', 'whoami', {});
    assert.match(JSON.stringify(result.content), /signed in as client-\S+ with scope mcp:tools/);

    const servers = JSON.stringify(await d.client.listServers());
    const stats = await fixture.stats();
    assert.ok(
      stats.lastAccessToken && !servers.includes(stats.lastAccessToken),
      'the page never sees the access token',
    );
    assert.match(servers, /"state":"signed-in"/);
  } finally {
    await stopDashboard(d);
  }
});

test('tokens persist across a gateway restart in a file only the user can read (0600 in a 0700 folder); an expired token is refreshed without the user', async () => {
  const mode = (await stat(tokenFile)).mode & 0o777;
  assert.equal(mode, 0o600);
  assert.equal((await stat(join(dir, 'config-home', 'mcp-dashboard'))).mode & 0o777, 0o700);
  const before = await fixture.stats();
  assert.ok((await readFile(tokenFile, 'utf8')).includes(before.lastAccessToken));

  const d = await startDashboard();
  try {
    const info = await d.bridge.connect('remote', 'http');
    assert.equal(info.tools.length, 1);
    assert.equal((await fixture.stats()).authorizations, before.authorizations, 'no new sign-in after the restart');

    await fixture.expireTokens();
    await d.bridge.callTool('remote', 'whoami', {});
    const after = await fixture.stats();
    assert.equal(after.refreshes, before.refreshes + 1, 'the gateway refreshed the token');
    assert.equal(after.authorizations, before.authorizations, 'and nobody had to sign in');
  } finally {
    await stopDashboard(d);
  }
});

test('the callback takes only a live, single-use state: a forged or replayed state gets an error page and no code is exchanged', async () => {
  await fixture.revokeAll();
  const d = await startDashboard();
  try {
    await d.bridge.connect('remote', 'http').catch(() => {});
    const registrationsBefore = (await fixture.stats()).registrations;
    // The gateway's port changed since the last sign-in: the client is registered again for the new redirect URI.
    const page = await signIn(d.client);
    assert.equal(page.status, 200, page.text);
    assert.equal((await fixture.stats()).registrations, registrationsBefore + 1);

    const tokenRequests = (await fixture.stats()).tokenRequests;
    const replay = await fetch(page.url);
    assert.equal(replay.status, 400);
    assert.match(await replay.text(), /not valid/);
    const forged = await fetch(`http://127.0.0.1:${d.gw.port}/oauth/callback?code=stolen&state=${'A'.repeat(43)}`);
    assert.equal(forged.status, 400);
    assert.equal((await fixture.stats()).tokenRequests, tokenRequests, 'neither attempt reached the token endpoint');

    // An authorization server's error is shown by its code only; markup in it is never reflected.
    const started = await startSignIn(d.client, 'remote');
    const state = new URL(started.authorizationUrl!).searchParams.get('state')!;
    const hostile = await fetch(
      `http://127.0.0.1:${d.gw.port}/oauth/callback?state=${state}&error=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
    );
    const text = await hostile.text();
    assert.equal(hostile.status, 400);
    assert.ok(!text.includes('<img'), 'markup from the callback URL is not in the page');
    const started2 = await startSignIn(d.client, 'remote');
    const state2 = new URL(started2.authorizationUrl!).searchParams.get('state')!;
    const denied = await fetch(`http://127.0.0.1:${d.gw.port}/oauth/callback?state=${state2}&error=access_denied`);
    assert.match(await denied.text(), /access_denied/);
    const summary = (await d.client.listServers()).find((s) => s.name === 'remote')!;
    assert.equal(summary.auth?.state, 'required');
    assert.match(summary.auth?.message ?? '', /access_denied/);
  } finally {
    await stopDashboard(d);
  }
});

test('the callback needs no bearer token but keeps the Host check; the sign-in and sign-out routes need the token', async () => {
  const d = await startDashboard();
  try {
    const noToken = await fetch(`${d.gw.origin}/api/servers/remote/sign-in`, { method: 'POST' });
    assert.equal(noToken.status, 401);
    const noTokenOut = await fetch(`${d.gw.origin}/api/servers/remote/sign-out`, { method: 'POST' });
    assert.equal(noTokenOut.status, 401);
    const callback = await rawGet(d.gw.port, '/oauth/callback?state=x&code=y', { Host: `127.0.0.1:${d.gw.port}` });
    assert.equal(callback.status, 400, 'reachable without a token (and refused for its bad state)');
    const japanese = await rawGet(d.gw.port, '/oauth/callback?state=x&code=y', {
      Host: `127.0.0.1:${d.gw.port}`,
      'Accept-Language': 'ja,en;q=0.5',
    });
    assert.match(japanese.body, /lang="ja"/);
    assert.match(japanese.body, /サインインのリンクが無効です/);
    const rebound = await rawGet(d.gw.port, '/oauth/callback?state=x&code=y', { Host: 'evil.example:80' });
    assert.equal(rebound.status, 403);
    const stdio = await fetch(`${d.gw.origin}/api/servers/nope/sign-in`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${d.gw.token}` },
    });
    assert.equal(stdio.status, 404);
  } finally {
    await stopDashboard(d);
  }
});

test('Sign out forgets the tokens: the file no longer holds them and the next connect asks to sign in again', async () => {
  const d = await startDashboard();
  try {
    await d.bridge.connect('remote', 'http').catch(() => {});
    await signIn(d.client);
    await d.bridge.connect('remote', 'http');
    const token = (await fixture.stats()).lastAccessToken;
    assert.ok((await readFile(tokenFile, 'utf8')).includes(token));
    await signOut(d.client, 'remote');
    assert.ok(!(await readFile(tokenFile, 'utf8')).includes(token), 'the token is gone from the file');
    const again = await d.bridge.connect('remote', 'http').then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(needsSignIn(again), 'connecting again needs a sign-in');
    assert.equal((await d.client.listServers()).find((s) => s.name === 'remote')!.auth?.state, 'required');
  } finally {
    await stopDashboard(d);
  }
});

test('an unreadable token file is moved aside with a warning; the gateway starts signed out', async () => {
  await writeFile(tokenFile, '{ not json');
  const d = await startDashboard();
  try {
    assert.match(d.gw.stderr(), /could not be parsed .* moved to .*unreadable-/);
    assert.equal((await d.client.listServers()).find((s) => s.name === 'remote')!.auth?.state, 'unknown');
  } finally {
    await stopDashboard(d);
  }
});

test('an oauth config that cannot work stops start-up with the place and what is missing', async () => {
  const file = join(dir, 'bad.json');
  await writeFile(
    file,
    JSON.stringify({
      mcpServers: {
        m2m: { url: 'https://example.invalid/mcp', oauth: { grant: 'client_credentials', clientId: 'abc' } },
        typo: { url: 'https://example.invalid/mcp', oauth: { clientSecret: 'x', tokenUrl: 'y' } },
      },
    }),
  );
  const { code, stderr } = await runGatewayToExit(['--config', file, '--no-open']);
  assert.equal(code, 1);
  assert.match(stderr, /at \/mcpServers\/typo\/oauth: unknown key "tokenUrl"/);
  await writeFile(
    file,
    JSON.stringify({
      mcpServers: {
        m2m: { url: 'https://example.invalid/mcp', oauth: { grant: 'client_credentials', clientId: 'abc' } },
      },
    }),
  );
  const second = await runGatewayToExit(['--config', file, '--no-open']);
  assert.equal(second.code, 1);
  assert.match(second.stderr, /at \/mcpServers\/m2m\/oauth: "client_credentials" needs "clientSecret"/);
});

test('a hostile authorization server that echoes the credentials it was sent gets none of them shown: not to the page, the card, the callback page or the terminal', async () => {
  await fixture.revokeAll();
  const d = await startDashboard();
  try {
    await d.bridge.connect('remote', 'http').catch(() => {});
    assert.equal((await signIn(d.client)).status, 200);
    await d.bridge.connect('remote', 'http');
    await d.bridge.callTool('remote', 'whoami', {});
    const { lastAccessToken, lastRefreshToken } = await fixture.stats();

    // From now on the token endpoint answers with an error page holding the form it got (refresh
    // token, code, PKCE verifier), the Authorization header and the last access token.
    await fixture.echoTokenRequests();
    await fixture.expireTokens();
    const failed = await d.bridge.callTool('remote', 'whoami', {}).then(
      () => undefined,
      (e: unknown) => e as { message: string; data?: unknown },
    );
    assert.ok(failed, 'the call fails: the refresh was refused');
    const started = await startSignIn(d.client, 'remote');
    const page = started.authorizationUrl ? await followAsBrowser(started.authorizationUrl) : { text: '', status: 0 };
    assert.ok(page.status >= 400, `the callback reports the failed exchange (${page.status})`);

    const echoed: string[] = (await fixture.stats()).echoed;
    assert.ok(echoed.includes(lastRefreshToken), 'the attack was made: the refresh token was sent back to the gateway');
    assert.ok(echoed.length >= 3, `the code and verifier were sent back too (${echoed.length})`);
    const shown = {
      error: `${failed.message} ${JSON.stringify(failed.data)}`,
      callbackPage: page.text,
      servers: JSON.stringify(await d.client.listServers()),
      stderrRoute: await d.client.stderr('remote'),
      terminal: d.gw.stderr(),
    };
    for (const secret of [lastAccessToken, lastRefreshToken, ...echoed]) {
      for (const [where, text] of Object.entries(shown))
        assert.ok(
          !text.includes(secret),
          `${where} shows a credential: …${text.slice(Math.max(0, text.indexOf(secret) - 300), text.indexOf(secret) + 20)}`,
        );
    }
  } finally {
    await stopDashboard(d);
  }
});
