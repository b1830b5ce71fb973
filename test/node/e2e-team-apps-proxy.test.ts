// MCP Apps for team members on other machines: team mode behind HAProxy (Debian's package) with two public
// addresses — the dashboard (team.publicUrl) and the sandbox (team.sandbox.url) — each a frontend routed to the
// gateway's port and to the sandbox listener's fixed port. A member signs in through the proxy in Chromium, opens
// the basic-vanillajs app, and the view runs framed from the sandbox's public origin and calls its tool.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { openGetTimeApp } from '../support/app-journey.js';
import { runGatewayToExit } from '../support/gateway-process.mjs';
import { launchChromium, watchProblems } from '../support/served-dashboard.js';
import { signInInBrowser } from '../support/team-browser.js';
import { EVERYTHING, freePort, startTeam, TEST_ROLES, type TeamGateway } from '../support/team-fixture.js';

const APPS = { 'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] } };

let team: TeamGateway;
let browser: Browser;
let haproxy: ChildProcess | undefined;
let dir: string;
/** The sandbox's public origin (HAProxy's second frontend) and the port its listener takes behind it. */
let appsOrigin: string;
let sandboxPort: number;

/** Free loopback ports, all different (each was free when asked). */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** The proxy's config: one frontend per public address, as a deployment would route two host names. */
function haproxyConfig(at: { front: number; gateway: number; appsFront: number; sandbox: number }): string {
  return `global
  maxconn 256

defaults
  mode http
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout tunnel 1h

frontend dashboard
  bind 127.0.0.1:${at.front}
  default_backend gateway

frontend apps
  bind 127.0.0.1:${at.appsFront}
  default_backend sandbox

backend gateway
  server g1 127.0.0.1:${at.gateway}

backend sandbox
  server s1 127.0.0.1:${at.sandbox}
`;
}

/** `haproxy -f <file> -db` in the foreground; resolves once its dashboard frontend answers. */
async function startHaproxy(file: string, front: number): Promise<ChildProcess> {
  const child = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const failed = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`haproxy exited (${code}): ${stderr}`))),
  );
  failed.catch(() => {});
  const until = Date.now() + 10_000;
  for (;;) {
    const answered = await Promise.race([
      failed,
      fetch(`http://127.0.0.1:${front}/`).then(
        () => true,
        () => false,
      ),
    ]);
    if (answered) return child;
    if (Date.now() > until) throw new Error(`haproxy did not answer on ${front} within 10 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One GET with the Host header chosen (fetch may not set it); resolves with status and body. */
function getWithHost(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

before(async () => {
  const [front, appsFront, sandbox] = await freePorts(3);
  sandboxPort = sandbox!;
  appsOrigin = `http://127.0.0.1:${appsFront}`;
  team = await startTeam({
    servers: APPS,
    roles: [TEST_ROLES[0]], // ops: admin, every server
    publicPort: front,
    team: { sandbox: { url: appsOrigin, port: sandboxPort } },
  });
  dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  await writeFile(
    file,
    haproxyConfig({ front: front!, gateway: team.port, appsFront: appsFront!, sandbox: sandboxPort }),
  );
  haproxy = await startHaproxy(file, front!);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  if (haproxy && haproxy.exitCode === null) {
    const exited = new Promise((r) => haproxy!.once('exit', r));
    haproxy.kill('SIGTERM');
    await exited;
  }
  await team?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('the gateway names the sandbox’s public origin: at start, in GET /api/sandbox and in the page’s frame-src', async () => {
  assert.match(
    team.gateway.stderr(),
    new RegExp(
      `MCP App views are framed from ${appsOrigin.replace(/\./g, '\\.')}; the sandbox listens on 127\\.0\\.0\\.1:${sandboxPort}`,
    ),
  );
  const ada = await team.signIn('ada');
  const sandbox = await (await ada.api('GET', '/api/sandbox')).json();
  assert.deepEqual(sandbox, { port: sandboxPort, origin: appsOrigin });
  const page = await ada.api('GET', '/', { token: null });
  assert.equal(page.status, 200);
  const csp = page.headers.get('content-security-policy') ?? '';
  assert.equal(/frame-src ([^;]+)/.exec(csp)?.[1]?.trim(), appsOrigin, csp);
});

test(
  'a member on another machine opens an MCP App through the proxy: the view runs on the public sandbox origin and calls its tool',
  { timeout: 180_000 },
  async () => {
    const page = await signInInBrowser(browser, team, 'ada');
    const problems = watchProblems(page);
    assert.equal(new URL(page.url()).origin, team.base, 'the dashboard is open at its public address (HAProxy)');
    const outer = await openGetTimeApp(page, { timeout: 60_000 });
    const src = new URL((await outer.getAttribute('src'))!);
    assert.equal(src.origin, appsOrigin, 'the proxy page comes from the sandbox’s public origin, through HAProxy');
    assert.equal(src.searchParams.get('host'), team.base, 'the embedding page is the dashboard’s public origin');

    const view = page.locator('mcp-app-tile').frameLocator('mcp-app-frame iframe').frameLocator('iframe');
    const time = view.locator('#server-time');
    await time.filter({ hasText: /\d{4}-\d\d-\d\dT/ }).waitFor({ timeout: 30_000 });
    await page.locator('mcp-app-tile').getByRole('status').filter({ hasText: 'Ready' }).waitFor();
    const first = await time.innerText();

    // The view's own button: the app asks the host, the host asks the member, and the call goes through.
    await view.locator('#get-time-btn').click();
    const asked = page.getByRole('alertdialog');
    await asked.waitFor();
    assert.match(await asked.innerText(), /Let basic-vanillajs run Get Time\?/);
    await asked.getByRole('button', { name: 'Allow once' }).click();
    await time
      .filter({ hasNotText: first })
      .filter({ hasText: /\d{4}-\d\d-\d\dT/ })
      .waitFor({ timeout: 20_000 });
    assert.deepEqual(
      problems.filter((p) => !/favicon/.test(p)),
      [],
    );
    await page.context().close();
  },
);

test('the sandbox behind the proxy answers only its public Host, and only inside the dashboard', async () => {
  const appsPort = Number(new URL(appsOrigin).port);
  const proxyPath = `/proxy?host=${encodeURIComponent(team.base)}`;
  const known = await getWithHost(appsPort, proxyPath, new URL(appsOrigin).host);
  assert.equal(known.status, 200, known.body);
  const unknown = await getWithHost(appsPort, proxyPath, 'apps.evil.example');
  assert.equal(unknown.status, 403);
  assert.match(unknown.body, /Host "apps\.evil\.example" is not allowed/);
  // The dashboard's public host is not the sandbox's: a request naming it is refused too.
  assert.equal((await getWithHost(appsPort, proxyPath, new URL(team.base).host)).status, 403);
  const stranger = await getWithHost(
    appsPort,
    `/proxy?host=${encodeURIComponent('https://evil.example')}`,
    new URL(appsOrigin).host,
  );
  assert.equal(stranger.status, 403, 'a page that is not the dashboard may not frame the sandbox');
});

test('team.sandbox on the dashboard’s own origin, or plain http off loopback, stops the start at /team/sandbox/url', async () => {
  for (const [name, url, expected] of [
    [
      'same',
      'http://localhost:8080',
      /at \/team\/sandbox\/url: "http:\/\/localhost:8080" is the dashboard's own origin/,
    ],
    ['plain', 'http://apps.example.net', /at \/team\/sandbox\/url: .*plain http on a host that is not loopback/],
  ] as const) {
    const file = join(dir, `${name}.json`);
    const config = {
      mcpServers: { everything: EVERYTHING },
      team: {
        publicUrl: 'http://localhost:8080',
        oidc: { issuer: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 'not-used' },
        roles: TEST_ROLES,
        dataDir: join(dir, name),
        sandbox: { url, port: 8081 },
      },
    };
    await writeFile(file, JSON.stringify(config));
    const run = await runGatewayToExit(['--config', file, '--port', '0', '--no-open']);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout + run.stderr, expected);
  }
});
