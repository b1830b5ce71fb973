import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultTokenFile, TokenStore } from '../../gateway/src/oauth/token-store.js';
import { OAuthGateway, SIGN_IN_TTL_MS } from '../../gateway/src/oauth/oauth-gateway.js';
import { pkceChallenge } from '../../gateway/src/oauth/provider.js';
import type { ServerAuth } from '../../gateway/src/oauth/server-auth.js';

// Units of the gateway's OAuth storage and sign-in bookkeeping (the flows themselves are tested end
// to end in gateway-oauth.test.ts, e2e-oauth.test.ts and the conformance suite).

test('the token file defaults to $XDG_CONFIG_HOME/mcp-dashboard, else ~/.config/mcp-dashboard', () => {
  assert.equal(defaultTokenFile({ XDG_CONFIG_HOME: '/x/cfg' }), '/x/cfg/mcp-dashboard/oauth-tokens.json');
  assert.match(defaultTokenFile({}), /\/\.config\/mcp-dashboard\/oauth-tokens\.json$/);
  // A relative XDG_CONFIG_HOME is invalid by the XDG spec and ignored.
  assert.match(defaultTokenFile({ XDG_CONFIG_HOME: 'relative' }), /\/\.config\/mcp-dashboard\//);
});

test('a token file others could read is made 0600 on load, with a warning; entries are tied to the server URL', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-store-'));
  try {
    const file = join(dir, 'tokens.json');
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        servers: { crm: { url: 'https://crm.example/mcp', tokens: { access_token: 'A', token_type: 'Bearer' } } },
      }),
    );
    await chmod(file, 0o644);
    const warnings: string[] = [];
    const store = new TokenStore(file, (m) => warnings.push(m));
    await store.load();
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.match(warnings.join('\n'), /readable by others \(mode 644\); it is now 600/);
    assert.equal(store.get('crm', 'https://crm.example/mcp')?.tokens?.access_token, 'A');
    assert.equal(store.get('crm', 'https://other.example/mcp'), undefined, 'a token is never used for another URL');

    await store.update('crm', 'https://other.example/mcp', (e) => {
      e.tokens = { access_token: 'B', token_type: 'Bearer' };
    });
    const saved = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(saved.servers.crm.url, 'https://other.example/mcp');
    assert.equal(saved.servers.crm.tokens.access_token, 'B');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.equal(await store.forget('crm'), true);
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')).servers, {});
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('pending sign-ins expire after 10 minutes and at most 4 wait per server', () => {
  let now = 1_000_000;
  const gateway = new OAuthGateway(
    { mcpServers: {}, dashboard: { oauth: { tokenFile: '/nonexistent/t.json' } } },
    '/tmp/config.json',
    () => now,
  );
  const a = { name: 'a' } as ServerAuth;
  const b = { name: 'b' } as ServerAuth;
  for (let i = 0; i < 6; i++)
    gateway.add({ state: `a${i}`, server: a, verifier: 'v', discovery: undefined, createdAt: now + i });
  gateway.add({ state: 'b0', server: b, verifier: 'v', discovery: undefined, createdAt: now });
  assert.equal(gateway.pendingCount(), 5, '4 for a (the oldest two dropped) and 1 for b');
  now += SIGN_IN_TTL_MS + 10;
  assert.equal(gateway.pendingCount(), 0);
});

test('the PKCE challenge is the base64url SHA-256 of the verifier (RFC 7636 appendix B)', () => {
  assert.equal(
    pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
    'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  );
});
