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
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
  ];
  for (const [ip, kind] of cases) test(`${ip} is ${kind}`, () => assert.equal(addressKind(ip), kind));
});

describe('checkOutboundUrl', () => {
  test("the server's own origin passes, even on loopback", () => {
    assert.deepEqual(checkOutboundUrl(policy(), new URL('http://127.0.0.1:1/.well-known/x')), { sameOrigin: true });
  });
  test('a public https name passes (its addresses are checked at connection time)', () => {
    assert.deepEqual(checkOutboundUrl(policy(), new URL('https://auth.example.com/reg')), { sameOrigin: false });
  });
  const refused: Array<[string, string]> = [
    ['http://auth.example.com/', 'plain-http'],
    ['https://127.0.0.1:9999/', 'loopback'],
    ['https://localhost:9999/', 'loopback'],
    ['https://[::1]:9999/', 'loopback'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
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
    assert.deepEqual(checkOutboundUrl(p, new URL('http://127.0.0.1:8080/realms/x')), { sameOrigin: false });
    assert.throws(() => checkOutboundUrl(p, new URL('http://127.0.0.1:7778/')), /gateway's own ports/);
    const q = policy({ allowHosts: ['127.0.0.1:7778'] });
    assert.deepEqual(checkOutboundUrl(q, new URL('http://127.0.0.1:7778/')), { sameOrigin: false });
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
        /rebind\.example\.com \(127\.0\.0\.1\)/.test(e.message)
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
