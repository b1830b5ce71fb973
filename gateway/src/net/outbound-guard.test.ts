import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { addressKind } from './address-kind.js';
import { checkOutboundUrl, createGuardedFetch, OutboundRefusedError, type OutboundPolicy } from './outbound-guard.js';

/** A loopback listener that counts every connection it accepts (the sentinel: it must stay at 0). */
async function countingListener(): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((_req, res) => res.end('{"issuer":"x"}'));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections };
}

function policy(overrides: Partial<OutboundPolicy> = {}): OutboundPolicy {
  return {
    server: 'docs',
    serverUrl: 'http://127.0.0.1:1/mcp',
    allowHosts: [],
    gatewayPorts: () => [7777, 7778],
    allowKey: '"mcpServers.docs.oauth.allowHosts" in mcp-dashboard.config.json',
    ...overrides,
  };
}

describe('addressKind', () => {
  const cases: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
  ];
  for (const [ip, kind] of cases) test(`${ip} is ${kind}`, () => assert.equal(addressKind(ip), kind));
});

describe('checkOutboundUrl', () => {
  test("the server's own origin passes, even on loopback", () => {
    assert.deepEqual(checkOutboundUrl(policy(), new URL('http://127.0.0.1:1/.well-known/x')), { direct: true });
  });
  test('a public https name passes (its addresses are checked at connection time)', () => {
    assert.deepEqual(checkOutboundUrl(policy(), new URL('https://auth.example.com/reg')), { direct: false });
  });
  const refused: Array<[string, string]> = [
    ['http://auth.example.com/', 'plain-http'],
    ['https://127.0.0.1:9999/', 'loopback'],
    ['https://localhost:9999/', 'loopback'],
    ['https://[::1]:9999/', 'loopback'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['http://169.254.169.254/latest/meta-data', 'link-local'],
    ['http://[::ffff:a9fe:a9fe]/', 'link-local'],
    ['http://2130706433:8080/', 'loopback'],
    ['https://10.0.0.5/', 'private'],
    ['https://127.0.0.1:7777/', 'gateway-port'],
    ['ftp://auth.example.com/', 'scheme'],
  ];
  for (const [url, reason] of refused)
    test(`${url} is refused (${reason})`, () => {
      assert.throws(
        () => checkOutboundUrl(policy(), new URL(url)),
        (e: unknown) => e instanceof OutboundRefusedError && e.reason === reason,
      );
    });
  test('the refusal names the target and how to allow it', () => {
    assert.throws(
      () => checkOutboundUrl(policy(), new URL('https://127.0.0.1:9999/')),
      /refused to contact 127\.0\.0\.1:9999 \(a loopback address.*add "127\.0\.0\.1:9999" to "mcpServers\.docs\.oauth\.allowHosts"/,
    );
  });
  test("a host the config names passes, over http too, but not the gateway's own port unless named with it", () => {
    const p = policy({ allowHosts: ['127.0.0.1'] });
    assert.deepEqual(checkOutboundUrl(p, new URL('http://127.0.0.1:8080/realms/x')), { direct: true });
    assert.throws(() => checkOutboundUrl(p, new URL('http://127.0.0.1:7778/')), /gateway's own ports/);
    const q = policy({ allowHosts: ['127.0.0.1:7778'] });
    assert.deepEqual(checkOutboundUrl(q, new URL('http://127.0.0.1:7778/')), { direct: true });
  });
  test('an entry with a port allows that port only', () => {
    const p = policy({ allowHosts: ['idp.internal:8443'] });
    assert.deepEqual(checkOutboundUrl(p, new URL('http://idp.internal:8443/')), { direct: true });
    assert.throws(() => checkOutboundUrl(p, new URL('http://idp.internal:22/')), { reason: 'plain-http' });
    assert.deepEqual(checkOutboundUrl(p, new URL('https://idp.internal:9/')), { direct: false }, 'checked after DNS');
  });
  test("origins the config names (an IdP token endpoint) pass like the server's own", () => {
    const p = policy({ configOrigins: ['http://10.0.0.7:8080/oauth2/token'] });
    assert.deepEqual(checkOutboundUrl(p, new URL('http://10.0.0.7:8080/other')), { direct: true });
    assert.throws(() => checkOutboundUrl(p, new URL('http://10.0.0.7:8081/')), { reason: 'private' });
  });
});

describe('createGuardedFetch against a real loopback listener', () => {
  let target: Awaited<ReturnType<typeof countingListener>>;
  let server: Awaited<ReturnType<typeof countingListener>>;
  before(async () => {
    target = await countingListener();
    server = await countingListener();
  });
  after(() => {
    target.server.close();
    server.server.close();
  });

  test('a loopback target on another port gets no connection', async () => {
    const fetch = createGuardedFetch(policy({ serverUrl: `http://127.0.0.1:${server.port}/mcp` }));
    await assert.rejects(fetch(`http://127.0.0.1:${target.port}/register`, { method: 'POST', body: '{}' }), {
      name: 'OutboundRefusedError',
    });
    await fetch.close();
    assert.equal(target.connections(), 0);
  });

  test('a public-looking name that DNS resolves to a loopback address is refused after DNS, before connecting', async () => {
    const fetch = createGuardedFetch(
      policy({
        serverUrl: `http://127.0.0.1:${server.port}/mcp`,
        // The name resolves to the listener: were the check missing, the request would reach it.
        lookup: ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
          callback(null, [{ address: '127.0.0.1', family: 4 }])) as never,
      }),
    );
    const before = target.connections();
    await assert.rejects(fetch(`https://rebind.example.com:${target.port}/x`), (e: unknown) => {
      return (
        e instanceof OutboundRefusedError &&
        e.reason === 'loopback' &&
        e.target === `rebind.example.com:${target.port} (127.0.0.1)` &&
        e.allowEntry === `rebind.example.com:${target.port}`
      );
    });
    await fetch.close();
    assert.equal(target.connections(), before);
  });

  test("a redirect from the server's own origin to a loopback port is refused at the hop", async () => {
    const redirecting = createServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${target.port}/internal` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const port = (redirecting.address() as AddressInfo).port;
    const fetch = createGuardedFetch(policy({ serverUrl: `http://127.0.0.1:${port}/mcp` }));
    const before = target.connections();
    await assert.rejects(fetch(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource`), {
      name: 'OutboundRefusedError',
    });
    await fetch.close();
    redirecting.close();
    assert.equal(target.connections(), before);
  });

  test('an entry naming another port of the host does not let the name through the DNS check', async () => {
    const fetch = createGuardedFetch(
      policy({
        serverUrl: `http://127.0.0.1:${server.port}/mcp`,
        allowHosts: ['rebind.example.com:1'],
        lookup: ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
          callback(null, [{ address: '127.0.0.1', family: 4 }])) as never,
      }),
    );
    const before = target.connections();
    await assert.rejects(fetch(`https://rebind.example.com:${target.port}/x`), { reason: 'loopback' });
    await fetch.close();
    assert.equal(target.connections(), before);
  });

  test('a redirect from an allowed origin to a private, link-local or loopback address is refused at the hop', async () => {
    let hops = 0;
    const lookups: string[] = [];
    const places = ['http://10.0.0.5/x', 'http://169.254.169.254/latest/meta-data', `http://127.0.0.1:${target.port}/`];
    const allowedOrigin = createServer((req, res) => {
      hops++;
      res.writeHead(302, { location: places[Number(req.url!.slice(1))]! }).end();
    });
    await new Promise<void>((resolve) => allowedOrigin.listen(0, '127.0.0.1', resolve));
    const port = (allowedOrigin.address() as AddressInfo).port;
    const fetch = createGuardedFetch(
      policy({
        serverUrl: `http://127.0.0.1:${server.port}/mcp`,
        allowHosts: [`127.0.0.1:${port}`],
        lookup: ((host: string, _options: unknown, callback: (...args: unknown[]) => void) => {
          lookups.push(host);
          callback(null, [{ address: '127.0.0.1', family: 4 }]);
        }) as never,
      }),
    );
    const before = target.connections();
    const reasons = [];
    for (const i of [0, 1, 2]) {
      const refused = await fetch(`http://127.0.0.1:${port}/${i}`).then(
        () => undefined,
        (e: unknown) => e as OutboundRefusedError,
      );
      assert.ok(refused instanceof OutboundRefusedError, places[i]);
      reasons.push(refused.reason);
    }
    await fetch.close();
    allowedOrigin.close();
    assert.equal(hops, 3, 'the allowed origin was reached each time (the first hop was made)');
    assert.deepEqual(reasons, ['private', 'link-local', 'loopback']);
    assert.deepEqual(lookups, [], 'the refused hops were not even looked up');
    assert.equal(target.connections(), before, 'the loopback listener behind the redirect got no connection');
  });

  test("redirect: 'manual' (the SDK's own mode) returns the redirect; the caller's next hop is checked on its own", async () => {
    const redirecting = createServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${target.port}/internal` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const port = (redirecting.address() as AddressInfo).port;
    const fetch = createGuardedFetch(policy({ serverUrl: `http://127.0.0.1:${port}/mcp` }));
    const response = await fetch(`http://127.0.0.1:${port}/.well-known/x`, { redirect: 'manual' });
    assert.equal(response.status, 302);
    await assert.rejects(fetch(response.headers.get('location')!), { reason: 'loopback' });
    await fetch.close();
    redirecting.close();
  });

  test('a host the config names is reached (the sentinel can flip)', async () => {
    const fetch = createGuardedFetch(
      policy({ serverUrl: `http://127.0.0.1:${server.port}/mcp`, allowHosts: [`127.0.0.1:${target.port}`] }),
    );
    const before = target.connections();
    const response = await fetch(`http://127.0.0.1:${target.port}/meta`);
    assert.equal(response.status, 200);
    await response.text();
    await fetch.close();
    assert.equal(target.connections(), before + 1);
  });
});
