import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  CHALLENGE_TTL_MS,
  DevFido2Server,
  hashArguments,
  PasskeyError,
} from '../../gateway/src/passkey/fido2-server.js';
import { startGatewayProcess } from '../support/gateway-process.mjs';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An assertion-shaped payload for a challenge, with a signature no authenticator made. */
function forged(challenge: string, id = 'cred-1') {
  return {
    type: 'passkey_assertion',
    id,
    challenge,
    clientDataJSON: b64({ type: 'webauthn.get', challenge, origin: 'http://localhost:1' }),
    authenticatorData: Buffer.alloc(37).toString('base64url'),
    signature: Buffer.alloc(70, 1).toString('base64url'),
  };
}

describe('dev FIDO2 server (MCPlet §7): challenges, binding, single use', () => {
  let clock = 1_000_000;
  const server = new DevFido2Server({ now: () => clock });
  const binding = { serverName: 'demo', toolName: 'delete_note', arguments: { id: 'n1' } };

  before(async () => {
    // A registered credential (public data only); its key is junk, so no signature verifies.
    await server.store.add({
      id: 'cred-1',
      publicKey: Buffer.alloc(77, 2).toString('base64url'),
      counter: 0,
      createdAt: new Date().toISOString(),
    });
  });

  test('MCPlet §7.3.2 challenges live less than 60 seconds', async () => {
    assert.ok(CHALLENGE_TTL_MS < 60_000);
    const options = await server.assertionOptions(binding);
    assert.equal(options.rpId, 'localhost');
    assert.ok((options.timeout ?? 0) <= CHALLENGE_TTL_MS);
    clock += CHALLENGE_TTL_MS + 1;
    const result = await server.verifyAssertion('demo', {
      mcplet_auth: forged(options.challenge),
      toolName: 'delete_note',
      arguments: { id: 'n1' },
    });
    assert.deepEqual(result, {
      verified: false,
      code: 'AUTH_FAILED',
      reason: 'The challenge expired (assertions are valid for under 60 seconds).',
    });
  });

  test('a bad signature fails, and the challenge is then used up (no retries, no replay)', async () => {
    const { challenge } = await server.assertionOptions(binding);
    const first = await server.verifyAssertion('demo', {
      mcplet_auth: forged(challenge),
      toolName: 'delete_note',
      arguments: { id: 'n1' },
    });
    assert.equal(first.verified, false);
    assert.equal((first as { code: string }).code, 'AUTH_FAILED');
    const second = await server.verifyAssertion('demo', {
      mcplet_auth: forged(challenge),
      toolName: 'delete_note',
      arguments: { id: 'n1' },
    });
    assert.match((second as { reason: string }).reason, /already used/);
  });

  test('an assertion is bound to its server, tool and exact arguments', async () => {
    const other = async (server_: string, toolName: string, args: unknown) => {
      const { challenge } = await server.assertionOptions(binding);
      return server.verifyAssertion(server_, {
        mcplet_auth: forged(challenge),
        toolName,
        arguments: args as Record<string, unknown>,
      });
    };
    assert.match(
      ((await other('evil', 'delete_note', { id: 'n1' })) as { reason: string }).reason,
      /another tool call/,
    );
    assert.match(
      ((await other('demo', 'archive_note', { id: 'n1' })) as { reason: string }).reason,
      /another tool call/,
    );
    assert.match(((await other('demo', 'delete_note', { id: 'n2' })) as { reason: string }).reason, /arguments differ/);
    assert.equal(hashArguments({ a: 1, b: 2 }), hashArguments({ b: 2, a: 1 }));
  });

  test('missing or inconsistent payloads are refused before any crypto', async () => {
    assert.deepEqual(await server.verifyAssertion('demo', { toolName: 'delete_note' }), {
      verified: false,
      code: 'AUTH_REQUIRED',
      reason: 'No mcplet_auth payload was given.',
    });
    const { challenge } = await server.assertionOptions(binding);
    const mismatched = { ...forged(challenge), challenge: 'something-else' };
    assert.match(
      (
        (await server.verifyAssertion('demo', {
          mcplet_auth: mismatched,
          toolName: 'delete_note',
          arguments: { id: 'n1' },
        })) as { reason: string }
      ).reason,
      /does not match/,
    );
    const noSig = { ...forged(challenge), signature: '' };
    assert.match(
      (
        (await server.verifyAssertion('demo', {
          mcplet_auth: noSig,
          toolName: 'delete_note',
          arguments: { id: 'n1' },
        })) as { reason: string }
      ).reason,
      /signature is missing/,
    );
  });

  test('first-time registration only: a second passkey is refused', async () => {
    await assert.rejects(server.registrationOptions(), (e: unknown) => e instanceof PasskeyError && e.status === 409);
    const fresh = new DevFido2Server();
    const options = await fresh.registrationOptions();
    assert.equal(options.rp.id, 'localhost');
    await assert.rejects(fresh.assertionOptions(binding), /No passkey is registered/);
  });
});

describe('gateway routes: /api/dashboard-config, /auth/*, verifier tokens', () => {
  let gw: Awaited<ReturnType<typeof startGatewayProcess>>;
  const auth = () => ({ Authorization: `Bearer ${gw.token}` });
  const url = (path: string) => `${gw.origin}${path}`;

  before(async () => {
    gw = await startGatewayProcess({
      config: {
        mcpServers: {
          verifier: { command: 'node', args: ['test/fixtures/env-probe-server.mjs'] },
          bystander: { command: 'node', args: ['test/fixtures/env-probe-server.mjs'] },
        },
        dashboard: {
          policy: { strictMcplet: true },
          pools: { p: { description: 'd' } },
          passkeys: { verifiers: ['verifier'], storeFile: 'passkeys.json' },
        },
      },
    });
  });
  after(async () => {
    await gw?.stop();
  });

  async function probe(server: string): Promise<{ url: string | null; token: string | null }> {
    const client = new Client({ name: 't', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url(`/mcp/${server}`)), { requestInit: { headers: auth() } }),
    );
    const result = await client.callTool({ name: 'env', arguments: {} });
    await client.close();
    return result.structuredContent as { url: string | null; token: string | null };
  }

  test('GET /api/dashboard-config needs the token and gives only the public policy part', async () => {
    assert.equal((await fetch(url('/api/dashboard-config'))).status, 401);
    const body = await (await fetch(url('/api/dashboard-config'), { headers: auth() })).json();
    assert.deepEqual(body, {
      policy: { strictMcplet: true },
      pools: { p: { description: 'd' } },
      passkeys: { enabled: true, rpId: 'localhost' },
    });
  });

  test('GET /auth/status needs the dashboard token', async () => {
    assert.equal((await fetch(url('/auth/status'))).status, 401);
    assert.deepEqual(await (await fetch(url('/auth/status'), { headers: auth() })).json(), {
      rpId: 'localhost',
      registered: 0,
    });
    const bad = await fetch(url('/auth/assertion/options'), {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ serverName: 'x' }),
    });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).error, /toolName/);
  });

  test('only the configured verifier gets the verify URL and its own token (through its environment)', async () => {
    const env = await probe('verifier');
    assert.equal(env.url, `http://127.0.0.1:${gw.port}/auth/verify-assertion`);
    assert.match(env.token ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(env.token, gw.token);
    assert.deepEqual(await probe('bystander'), { url: null, token: null });
    const servers = await (await fetch(url('/api/servers'), { headers: auth() })).text();
    assert.ok(!servers.includes(env.token!), '/api/servers never shows it');
  });

  test('POST /auth/verify-assertion takes only a verifier token; a verifier token opens nothing else', async () => {
    const env = await probe('verifier');
    const verify = (headers: Record<string, string>, body: unknown) =>
      fetch(url('/auth/verify-assertion'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    assert.equal((await verify({}, {})).status, 401);
    assert.equal(
      (await verify(auth(), { mcplet_auth: {}, toolName: 't' })).status,
      401,
      'the dashboard token is refused',
    );
    const answer = await verify(
      { Authorization: `Bearer ${env.token}` },
      { mcplet_auth: forged('nope'), toolName: 'delete_note', arguments: {} },
    );
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), {
      verified: false,
      code: 'AUTH_FAILED',
      reason: 'Unknown or already used challenge (an assertion works once).',
    });
    assert.equal((await verify({ Authorization: `Bearer ${env.token}` }, { toolName: 5 })).status, 400);
    for (const path of ['/auth/status', '/api/servers', '/api/dashboard-config']) {
      assert.equal((await fetch(url(path), { headers: { Authorization: `Bearer ${env.token}` } })).status, 401, path);
    }
  });

  test('a config naming an unknown verifier, or a bad policy key, stops start-up with a clear message', async () => {
    const failure = (config: unknown) =>
      startGatewayProcess({ rawConfigText: JSON.stringify(config) }).then(
        async (g) => {
          await g.stop();
          return undefined;
        },
        (e: { code?: number; stderr?: string }) => e,
      );
    const unknown = await failure({
      mcpServers: { a: { command: 'x' } },
      dashboard: { passkeys: { verifiers: ['ghost'] } },
    });
    assert.equal(unknown?.code, 1);
    assert.match(
      unknown?.stderr ?? '',
      /at \/dashboard\/passkeys\/verifiers\/0: there is no server "ghost" in mcpServers/,
    );
    const badTrust = await failure({ mcpServers: {}, dashboard: { trust: { widgets: { 'server-panel': 'root' } } } });
    assert.equal(badTrust?.code, 1);
    assert.match(badTrust?.stderr ?? '', /\/dashboard\/trust\/widgets\/server-panel/);
  });
});
