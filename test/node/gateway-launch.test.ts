import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromePath, playwrightChromeArgs } from '../support/chrome.mjs';
import { gatewayRequest, repoRoot, startGatewayProcess } from '../support/gateway-process.mjs';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
const recorder = join(repoRoot, 'test', 'fixtures', 'browser-recorder.mjs');
const gateways: Gw[] = [];
const scratch: string[] = [];

after(async () => {
  for (const gw of gateways) await gw.stop();
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

const exchange = (gw: Gw, code: string | undefined) =>
  gatewayRequest(gw.port, 'POST', '/api/launch/exchange', { body: JSON.stringify({ code }) });
const servers = (gw: Gw, token: string | undefined) => gatewayRequest(gw.port, 'GET', '/api/servers', { token });
const codeOf = (url: string) => /#code=([A-Za-z0-9_-]+)$/.exec(url)![1]!;

/**
 * Resolves when the gateway writes a line matching `pattern` to its stderr (an event, not a poll); fails with
 * what it wrote if that takes over 30 s.
 */
function stderrLine(gw: Gw, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const seen = () => pattern.exec(gw.stderr());
    if (seen()) return resolve(seen()![0]);
    const timer = setTimeout(() => {
      gw.child.stderr!.off('data', onData);
      reject(new Error(`no stderr line matching ${pattern} within 30 s; the gateway wrote:\n${gw.stderr()}`));
    }, 30_000);
    const onData = () => {
      const match = seen();
      if (match) {
        clearTimeout(timer);
        gw.child.stderr!.off('data', onData);
        resolve(match[0]);
      }
    };
    gw.child.stderr!.on('data', onData);
  });
}

/** Waits for a file the gateway's $BROWSER stand-in writes. */
async function recorded(file: string): Promise<{ argv: string[]; cmdline: string[] }> {
  for (let i = 0; i < 200 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
  return JSON.parse(readFileSync(file, 'utf8'));
}

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await allFiles(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

describe('launch codes: the printed and opened addresses are single use, expire, and leave nothing replayable behind', () => {
  test('a spent code is refused (401), an expired one too; the token a code bought works, unknown ones do not; the opened file goes when its code has expired', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-launch-'));
    scratch.push(dir);
    const record = join(dir, 'browser.json');
    const gw = await startGatewayProcess({
      config: { mcpServers: {} },
      limits: { launchCodeTtlMs: 1500 },
      open: true,
      env: { BROWSER: `${process.execPath} ${recorder}`, RECORD_TO: record },
    });
    gateways.push(gw);
    // The harness spent the printed code like a page: a second try is refused and says why.
    const replay = await exchange(gw, gw.code);
    assert.equal(replay.status, 401);
    assert.equal(JSON.parse(replay.body).reason, 'used');
    assert.match(JSON.parse(replay.body).error, /already used.*Press Enter in the terminal/);
    assert.equal((await servers(gw, gw.token)).status, 200);
    // A fresh code works once, right away.
    const fresh = await exchange(gw, codeOf(await gw.launchUrl()));
    assert.equal(fresh.status, 200);
    const token = JSON.parse(fresh.body).token as string;
    assert.notEqual(token, gw.token);
    assert.equal((await servers(gw, token)).status, 200);
    // An unspent code is refused once its minute (here 1.5 s) is over.
    const late = codeOf(await gw.launchUrl());
    const opened = await recorded(record);
    await new Promise((r) => setTimeout(r, 1800));
    const expired = await exchange(gw, late);
    assert.equal(expired.status, 401);
    assert.equal(JSON.parse(expired.body).reason, 'expired');
    // Codes and tokens that were never issued.
    assert.equal(JSON.parse((await exchange(gw, 'A'.repeat(43))).body).reason, 'unknown');
    assert.equal((await exchange(gw, undefined)).status, 401);
    assert.equal((await servers(gw, 'A'.repeat(43))).status, 401);
    assert.equal((await servers(gw, gw.code)).status, 401, 'a launch code is not an access token');
    // The browser was given a file, and that file is gone now that its code has expired.
    const file = opened.argv.at(-1)!;
    for (let i = 0; i < 100 && existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(existsSync(file), false, 'the 0600 launch file was removed');
  });

  test("an exchange that asks for the start-up reads gets each route's own answer with its token; a refused code gets none of them", async () => {
    const gw = await startGatewayProcess({
      config: { mcpServers: { memory: { command: 'mcp-server-memory' } }, dashboard: { brand: { name: 'Launch Co' } } },
    });
    gateways.push(gw);
    const ask = (code: string | undefined) =>
      gatewayRequest(gw.port, 'POST', '/api/launch/exchange', { body: JSON.stringify({ code, startup: true }) });
    const spent = codeOf(await gw.launchUrl());
    const answer = await ask(spent);
    assert.equal(answer.status, 200);
    const { token, startup } = JSON.parse(answer.body) as { token: string; startup: Record<string, unknown> };
    assert.deepEqual(Object.keys(startup).sort(), [
      '/api/brand',
      '/api/catalog',
      '/api/dashboard-config',
      '/api/layouts',
      '/api/servers',
    ]);
    for (const path of Object.keys(startup)) {
      const direct = await gatewayRequest(gw.port, 'GET', path, { token });
      assert.equal(direct.status, 200, `${path} with the token the exchange gave`);
      // Process and catalog states move on between the two requests; the rest is the same answer.
      const stable = (value: unknown) =>
        JSON.stringify(value, (key, v: unknown) =>
          [
            'state',
            'catalogState',
            'sessions',
            'discoveredAt',
            'info',
            'reason',
            'restarts',
            'lastExit',
            'lastError',
            'problem',
          ].includes(key)
            ? undefined
            : v,
        );
      assert.equal(stable(startup[path]), stable(JSON.parse(direct.body)), path);
    }
    assert.equal((startup['/api/brand'] as { brand: { name: string } }).brand.name, 'Launch Co');
    assert.deepEqual(
      (startup['/api/servers'] as { servers: { name: string }[] }).servers.map((s) => s.name),
      ['memory'],
    );
    // The same code again, an unknown one and none: 401 and nothing of the dashboard's data.
    for (const code of [spent, 'A'.repeat(43), undefined]) {
      const refused = await ask(code);
      assert.equal(refused.status, 401);
      assert.doesNotMatch(
        refused.body,
        /memory|Launch Co|servers|catalog/,
        'a refused exchange carries no start-up data',
      );
    }
  });

  test('the page: a spent, an unknown or a missing code is explained in a banner, and the code leaves the address bar at once', async () => {
    const gw = await startGatewayProcess({ config: { mcpServers: {} } });
    gateways.push(gw);
    const browser = await chromium.launch({ executablePath: chromePath(), args: playwrightChromeArgs() });
    try {
      const cases: Array<[string, RegExp]> = [
        [gw.printedUrl, /already used: each address opens the dashboard once/],
        [`http://localhost:${gw.port}/#code=${'B'.repeat(43)}`, /not from the gateway that is running now/],
        [`http://localhost:${gw.port}/`, /needs access from the gateway.*#code=/],
      ];
      for (const [address, message] of cases) {
        const page = await browser.newPage();
        await page.goto(address);
        await page.getByRole('alert').filter({ hasText: message }).waitFor();
        assert.equal(new URL(page.url()).hash, '');
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });

  test(
    'in a terminal, Enter prints a new address with a fresh code that opens the dashboard',
    { skip: !existsSync('/usr/bin/script') && 'needs util-linux script(1) for a terminal' },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'mcp-launch-'));
      scratch.push(dir);
      const config = join(dir, 'config.json');
      await writeFile(config, JSON.stringify({ mcpServers: {} }));
      // script(1) gives the gateway a pseudo-terminal, as `npm start` in a terminal does.
      const cli = join(repoRoot, 'gateway', 'bin', 'mcp-dashboard.js');
      const child = spawn(
        'script',
        ['-qfec', `${process.execPath} ${cli} --config ${config} --port 0 --no-open`, '/dev/null'],
        { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout.on('data', (d) => (out += d.toString()));
      const exited = new Promise((r) => child.once('exit', r));
      /**
       * Resolves once the terminal output matches `done` (checked on every chunk: an event, not a poll); fails
       * with what the terminal showed if the gateway (or script(1)) exits first, or after 30 s.
       */
      const seen = <T>(done: () => T | undefined) =>
        new Promise<T>((resolve, reject) => {
          const stop = (error?: Error, value?: T) => {
            clearTimeout(timer);
            child.stdout.off('data', check);
            child.off('exit', gone);
            if (error) reject(error);
            else resolve(value as T);
          };
          const check = () => {
            const value = done();
            if (value !== undefined) stop(undefined, value);
          };
          const gone = (code: number | null) => stop(new Error(`the terminal exited (${code}) showing:\n${out}`));
          const timer = setTimeout(() => stop(new Error(`not seen within 30 s; the terminal showed:\n${out}`)), 30_000);
          child.stdout.on('data', check);
          child.once('exit', gone);
          check();
        });
      const addresses = () => [...out.matchAll(/Dashboard ready: (\S+)/g)].map((m) => m[1]!);
      try {
        const [first] = await seen(() =>
          addresses().length >= 1 && /press Enter here for a new address/.test(out) ? addresses() : undefined,
        );
        child.stdin.write('\n');
        const [, second] = await seen(() => (addresses().length >= 2 ? addresses() : undefined));
        assert.notEqual(codeOf(second!), codeOf(first!));
        const port = Number(new URL(second!).port);
        assert.equal(
          (
            await gatewayRequest(port, 'POST', '/api/launch/exchange', {
              body: JSON.stringify({ code: codeOf(second!) }),
            })
          ).status,
          200,
        );
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    },
  );

  test('an access token that no page uses any more expires; one held by a page (its event stream) does not', async () => {
    const gw = await startGatewayProcess({ config: { mcpServers: {} }, limits: { credentialIdleMs: 1500 } });
    gateways.push(gw);
    const token = JSON.parse((await exchange(gw, codeOf(await gw.launchUrl()))).body).token as string;
    assert.equal((await servers(gw, token)).status, 200);
    await stderrLine(gw, /access token expired after 2 s without use/);
    assert.equal((await servers(gw, token)).status, 401);
    // The harness's token has had its event stream open all along.
    assert.equal((await servers(gw, gw.token)).status, 200);
  });

  test('opened through a 0600 file, never a command line; a real Chromium profile keeps only spent codes and an expired token (each refused with 401)', async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-launch-'));
    scratch.push(dir);
    const record = join(dir, 'browser.json');
    const gw = await startGatewayProcess({
      config: { mcpServers: {} },
      exchange: false,
      open: true,
      limits: { credentialIdleMs: 2000 },
      env: { BROWSER: `${process.execPath} ${recorder} %s`, RECORD_TO: record },
    });
    gateways.push(gw);
    const opened = await recorded(record);
    // What any local user could read from /proc/<pid>/cmdline: a file path, no code, no token.
    const cmdline = opened.cmdline.join(' ');
    assert.equal(cmdline.includes(gw.code!), false);
    assert.doesNotMatch(cmdline, /#code=|token|localhost:\d+/);
    const file = opened.argv.at(-1)!;
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(dirname(file)).mode & 0o777, 0o700);
    const fileCode = /#code=([A-Za-z0-9_-]+)/.exec(readFileSync(file, 'utf8'))![1]!;
    assert.notEqual(fileCode, gw.code, 'the browser gets its own code; the printed one stays for the terminal');

    // A user's browser with a fresh profile opens that file, lands on the dashboard, and reloads once.
    const profile = join(dir, 'profile');
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath(),
      headless: true,
      args: playwrightChromeArgs(),
    });
    let pageToken: string | null;
    let timingCode: string;
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      let documentLoads = 0;
      page.on('domcontentloaded', () => (documentLoads += 1));
      await page.goto(`file://${file}`);
      await page.waitForURL(new RegExp(`^http://localhost:${gw.port}/$`));
      await page.getByText('No servers are configured').waitFor();
      assert.equal(documentLoads, 2, 'the file, then the dashboard: no second dashboard load');
      pageToken = await page.evaluate(() => sessionStorage.getItem('mcp-dashboard.token'));
      timingCode = codeOf(await page.evaluate(() => performance.getEntriesByType('navigation')[0]!.name));
      assert.equal(timingCode, fileCode);
      assert.equal((await exchange(gw, timingCode)).status, 401, 'the code in the navigation timing entry is spent');
      await page.reload();
      await page.getByText('No servers are configured').waitFor();
      assert.equal(await page.evaluate(() => document.body.textContent?.includes('needs access') ?? false), false);
    } finally {
      await context.close();
    }
    assert.ok(pageToken, 'the page kept its token for reloads');
    // With the browser closed, nothing uses the token: it expires.
    await stderrLine(gw, /access token expired/);

    // Scan every file of the profile for the codes and the token.
    const secrets = { 'opened code': fileCode, 'printed code': gw.code!, 'page token': pageToken! };
    const found: Array<{ what: string; where: string }> = [];
    for (const path of await allFiles(profile)) {
      const bytes = await readFile(path).catch(() => undefined);
      if (!bytes) continue;
      for (const [what, secret] of Object.entries(secrets)) {
        if (bytes.includes(secret) || bytes.includes(Buffer.from(secret, 'utf16le')))
          found.push({ what, where: path.slice(profile.length) });
      }
    }
    t.diagnostic(`found in the profile: ${JSON.stringify(found)}`);
    // The scan sees what the browser keeps: the opened address is in its history.
    assert.ok(
      found.some((f) => f.what === 'opened code' && /History/.test(f.where)),
      `found: ${JSON.stringify(found)}`,
    );
    assert.equal(
      found.some((f) => f.what === 'printed code'),
      false,
      'the printed address never reached the browser',
    );
    for (const f of found) {
      if (f.what === 'page token')
        assert.equal((await servers(gw, secrets[f.what])).status, 401, `${f.what} in ${f.where}`);
      else assert.equal((await exchange(gw, secrets[f.what as 'opened code'])).status, 401, `${f.what} in ${f.where}`);
    }
    assert.equal((await servers(gw, pageToken!)).status, 401);
    assert.ok((await stat(profile)).isDirectory());
  });
});
