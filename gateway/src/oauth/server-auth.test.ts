// ServerAuth's fetch for the MCP endpoint, against a real local HTTP endpoint that accepts only the current token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServerAuth } from './server-auth.js';
import type { ServerTokenStore, StoredServerAuth } from './token-store.js';

test('a request refused with a token that was refreshed meanwhile is sent again with the new one, with no refresh of its own', async () => {
  const seen: string[] = [];
  const endpoint = createServer((req, res) => {
    seen.push(req.headers.authorization ?? '-');
    res.writeHead(req.headers.authorization === 'Bearer new' ? 200 : 401, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/mcp`;
  // Another request already refreshed: the store holds the new token.
  const entry: StoredServerAuth = { url, tokens: { access_token: 'new', token_type: 'Bearer', refresh_token: 'r2' } };
  const store: ServerTokenStore = {
    get: (_name, at) => (at === url ? entry : undefined),
    update: async (_name, _at, change) => change(entry),
    forget: async () => true,
  };
  const auth = new ServerAuth({
    name: 'remote',
    url,
    oauth: undefined,
    store,
    redirectUrl: () => 'http://127.0.0.1:1/oauth/callback',
    pending: { add: () => {}, dropServer: () => {} },
    configDir: '.',
    configFile: 'test.json',
    log: () => {},
    gatewayPorts: () => [],
  });
  try {
    const sent = { method: 'POST', headers: { authorization: 'Bearer old' }, body: '{"jsonrpc":"2.0","id":1}' };
    const response = await auth.fetch(url, sent);
    assert.equal(response.status, 200, 'answered, on the new token');
    assert.deepEqual(seen, ['Bearer old', 'Bearer new']);

    // A refused current token is the SDK's to handle (refresh or sign-in): handed back as it came.
    entry.tokens = { access_token: 'newer', token_type: 'Bearer' };
    seen.length = 0;
    const refused = await auth.fetch(url, { ...sent, headers: { authorization: 'Bearer newer' } });
    assert.equal(refused.status, 401);
    assert.deepEqual(seen, ['Bearer newer'], 'sent once');
  } finally {
    endpoint.close();
  }
});
