import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createOAuthFetch, isOAuthAnswer, NotJsonAnswerError, RegistrationConsentNeeded } from './oauth-fetch.js';

/** A loopback listener that records what it is sent and answers an HTML page. */
async function recorder(): Promise<{
  server: Server;
  origin: string;
  seen: Array<{ method: string; headers: IncomingHttpHeaders }>;
}> {
  const seen: Array<{ method: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>PAGE-TEXT-3b7</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('the OAuth fetch (against real loopback listeners)', () => {
  let own: Awaited<ReturnType<typeof recorder>>;
  let as: Awaited<ReturnType<typeof recorder>>;
  let consented = false;
  let fetch: ReturnType<typeof createOAuthFetch>;
  before(async () => {
    own = await recorder();
    as = await recorder();
    fetch = createOAuthFetch({
      policy: {
        server: 'docs',
        serverUrl: `${own.origin}/mcp`,
        allowHosts: [new URL(as.origin).host],
        gatewayPorts: () => [],
        allowKey: '"mcpServers.docs.oauth.allowHosts" in config.json',
      },
      configHeaders: ['x-api-key'],
      registration: { pendingEndpoint: () => `${as.origin}/register`, consented: () => consented },
    });
  });
  after(() => {
    own.server.close();
    as.server.close();
  });

  test("the config's headers go to the server's own origin only", async () => {
    const headers = { 'X-Api-Key': 'secret-7', Accept: 'application/json' };
    await (await fetch(`${own.origin}/.well-known/oauth-protected-resource`, { headers })).text();
    await (await fetch(`${as.origin}/.well-known/oauth-authorization-server`, { headers })).text();
    assert.equal(own.seen.at(-1)!.headers['x-api-key'], 'secret-7');
    assert.equal(as.seen.at(-1)!.headers['x-api-key'], undefined, 'not sent to the authorization server');
    assert.equal(as.seen.at(-1)!.headers.accept, 'application/json', 'other headers are');
  });

  test('a registration POST waits for consent: refused before any connection, sent once consented', async () => {
    const posts = () => as.seen.filter((s) => s.method === 'POST').length;
    await assert.rejects(
      fetch(`${as.origin}/register`, { method: 'POST', body: '{}' }),
      (e: unknown) => e instanceof RegistrationConsentNeeded && e.origin === as.origin,
    );
    assert.equal(posts(), 0);
    consented = true;
    await (await fetch(`${as.origin}/register`, { method: 'POST', body: '{}' })).text();
    consented = false;
    assert.equal(posts(), 1, 'the sentinel flips once the person pressed Sign in');
  });

  test('an answer that is not JSON is said by status and media type, never its text', async () => {
    const response = await fetch(`${as.origin}/token`, { method: 'GET' });
    assert.ok(isOAuthAnswer(response));
    const error = await response.json().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof NotJsonAnswerError);
    assert.equal(error.message, 'The authorization server answered something that is not JSON (HTTP 200, text/html).');
    assert.doesNotMatch(String(error.message), /PAGE-TEXT|doctype|Unexpected token/);
  });
});
