import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { repoRoot } from '../support/gateway-process.mjs';
import { buildRegistryFixture, canonical, makeRegistry, startRegistryProcess } from '../support/registry-fixture.mjs';

const exec = promisify(execFile);
const cli = join(repoRoot, 'gateway', 'bin', 'mcpwp.js');

async function mcpwp(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [cli, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

describe('mcpwp CLI', () => {
  let fixture: Awaited<ReturnType<typeof buildRegistryFixture>>;
  let registry: Awaited<ReturnType<typeof startRegistryProcess>>;
  let work: string;

  before(async () => {
    fixture = await buildRegistryFixture();
    registry = await startRegistryProcess(
      await makeRegistry(fixture, [
        '@acme/echo-widget@1.0.0',
        '@acme/echo-widget@1.0.1',
        '@acme/sparkline@1.0.0',
        '@acme/latency-widget@1.0.0',
      ]),
    );
    work = await mkdtemp(join(tmpdir(), 'mcpwp-cli-'));
  });
  after(async () => {
    await registry?.stop();
    await rm(work, { recursive: true, force: true });
  });

  const config = async (extra: Record<string, unknown> = {}) => {
    const file = join(work, `config-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          mcpServers: { a: { command: 'x' } },
          globalShortcut: 'kept',
          dashboard: {
            registries: [{ url: registry.url }],
            publisherKeys: [{ publisher: fixture.publisher, publicKey: fixture.publicKey }],
            ...extra,
          },
        },
        null,
        2,
      ),
    );
    return file;
  };

  test('lists its commands; an unknown command exits 2', async () => {
    const help = await mcpwp(['--help']);
    for (const name of ['install', 'keygen', 'pack', 'publish', 'serve', 'uninstall'])
      assert.match(help.stdout, new RegExp(`\\b${name}\\b`));
    assert.equal((await mcpwp(['frobnicate'])).code, 2);
  });

  test('pack bundles, writes sha256 integrity of the exact bytes and an ES256 signature over the canonical manifest', async () => {
    const dir = fixture.packs['@acme/echo-widget@1.0.0']!;
    const manifest = JSON.parse(await readFile(join(dir, 'widget.json'), 'utf8'));
    const bytes = await readFile(join(dir, 'bundle.js'));
    assert.equal(manifest.integrity, `sha256-${createHash('sha256').update(bytes).digest('base64')}`);
    assert.equal(manifest.bundle, 'packages/@acme/echo-widget/1.0.0/bundle.js');
    assert.equal(manifest.entry, undefined);
    const { signature, ...rest } = manifest.signature;
    const key = createPublicKey({ key: Buffer.from(fixture.publicKey, 'base64'), format: 'der', type: 'spki' });
    const payload = Buffer.from(canonical({ ...manifest, signature: rest }));
    assert.equal(verify('sha256', payload, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64')), true);
    assert.doesNotMatch(bytes.toString(), /from\s*["'](lit|mcp-dashboard)/, 'the bundle is self-contained');
  });

  test('pack refuses a "verified" package without a signing key', async () => {
    const src = join(repoRoot, '.scratch', `cli-verified-${process.pid}`);
    await cp(join(repoRoot, 'examples', 'widgets', 'echo-widget'), src, { recursive: true });
    const result = await mcpwp(['pack', src, '--out', join(work, 'unsigned')]);
    await rm(src, { recursive: true, force: true });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /trustLevel is "verified", so the manifest must be signed: pass --sign-key/);
  });

  test('publish refuses an existing version and a packed bundle that was changed afterwards', async () => {
    const again = await mcpwp(['publish', fixture.packs['@acme/echo-widget@1.0.0']!, '--registry', registry.dir]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already published .* published versions never change/);
    const tampered = join(work, 'tampered');
    await cp(fixture.packs['@acme/sparkline@1.0.0']!, tampered, { recursive: true });
    await writeFile(join(tampered, 'bundle.js'), `${await readFile(join(tampered, 'bundle.js'), 'utf8')}\nalert(1)`);
    const result = await mcpwp(['publish', tampered, '--registry', join(work, 'reg')]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /does not match its integrity hash/);
    assert.equal(await exists(join(work, 'reg', 'packages')), false);
  });

  test('MCP-WP-16.4.1 install verifies, caches in ~/.mcpwp/widgets and records the widget in the config; uninstall --purge removes both', async () => {
    const file = await config();
    const home = join(work, 'home');
    const result = await mcpwp(['install', '@acme/latency-widget', '--config', file, '--yes'], { MCPWP_HOME: home });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /dependencies: @acme\/sparkline@1\.0\.0/);
    const written = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(written.globalShortcut, 'kept');
    assert.equal(written.dashboard.widgets['@acme/latency-widget'].version, '1.0.0');
    assert.deepEqual(Object.keys(written.dashboard.widgets['@acme/latency-widget'].dependencies), ['@acme/sparkline']);
    for (const p of ['@acme/latency-widget/1.0.0/bundle.js', '@acme/sparkline/1.0.0/widget.json'])
      assert.ok(await exists(join(home, 'widgets', p)), p);
    const removed = await mcpwp(['uninstall', '@acme/latency-widget', '--config', file, '--purge'], {
      MCPWP_HOME: home,
    });
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(JSON.parse(await readFile(file, 'utf8')).dashboard.widgets, undefined);
    assert.equal(await exists(join(home, 'widgets', '@acme', 'latency-widget')), false);
    const missing = await mcpwp(['uninstall', '@acme/latency-widget', '--config', file]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /is not installed in/);
  });

  test('MCP-WP-11.4.5 install shows the permissions and needs consent: without a terminal or --yes it changes nothing', async () => {
    const file = await config();
    const before = await readFile(file, 'utf8');
    const result = await mcpwp(['install', '@acme/echo-widget', '--config', file]);
    assert.equal(result.code, 1);
    assert.match(result.stdout, /signed by Acme Widgets \(pinned key\)/);
    assert.match(result.stdout, /Ask to call tools/);
    assert.match(result.stderr, /consent needed/);
    assert.equal(await readFile(file, 'utf8'), before);
  });

  test('install refuses an unpinned publisher key and a downgrade, changing nothing', async () => {
    const unpinned = join(work, 'unpinned.json');
    await writeFile(unpinned, JSON.stringify({ mcpServers: {}, dashboard: { registries: [{ url: registry.url }] } }));
    const result = await mcpwp(['install', '@acme/echo-widget', '--config', unpinned, '--yes']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /not pinned in your dashboard config/);
    assert.equal(JSON.parse(await readFile(unpinned, 'utf8')).dashboard.widgets, undefined);
    const file = await config();
    assert.equal(
      (await mcpwp(['install', '@acme/echo-widget@1.0.1', '--config', file, '--yes'], { MCPWP_HOME: join(work, 'h2') }))
        .code,
      0,
    );
    const before = await readFile(file, 'utf8');
    const older = await mcpwp(['install', '@acme/echo-widget@1.0.0', '--config', file, '--yes'], {
      MCPWP_HOME: join(work, 'h2'),
    });
    assert.equal(older.code, 1);
    assert.match(older.stderr, /downgrades are refused/);
    assert.equal(await readFile(file, 'utf8'), before);
  });
});
