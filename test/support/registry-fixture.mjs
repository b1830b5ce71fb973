// Builds widget registries for tests the way a third party would: `mcpwp keygen`, `mcpwp pack` and
// `mcpwp publish` (real CLI processes) over the example packages in examples/widgets/, plus a set of
// deliberately broken packages written by hand for the tampering suite. Registries are served by
// `mcpwp serve` processes on loopback, started and stopped by the tests.
//
// The ES256 keys here are TEST-ONLY keys generated at test time in .scratch/; nothing is committed.
import { spawn, execFile } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './gateway-process.mjs';

const run = promisify(execFile);
const cli = join(repoRoot, 'gateway', 'bin', 'mcpwp.js');
export const PUBLISHER = 'Acme Widgets';

/** Runs `mcpwp …`; resolves with stdout, rejects with its stderr. */
export async function mcpwp(args, options = {}) {
  try {
    const { stdout } = await run(process.execPath, [cli, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...(options.env ?? {}) },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    throw new Error(`mcpwp ${args.join(' ')} failed: ${error.stderr || error.message}`, { cause: error });
  }
}

/** Canonical JSON, written independently of registry-client/signature.ts so the two check each other. */
export function canonical(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
    .join(',')}}`;
}

/** `sha256-<base64>` of bytes. */
export function integrityOf(bytes) {
  return `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
}

/** Signs a manifest object in place with a PEM key, as `mcpwp pack --sign-key` does. */
export function signManifest(manifest, pem, publisher = PUBLISHER) {
  const key = createPrivateKey(pem);
  const publicKey = createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
  manifest.signature = {
    algorithm: 'ES256',
    publicKey,
    signedAt: new Date().toISOString(),
    publisher: { name: publisher },
  };
  const payload = Buffer.from(canonical(manifest));
  manifest.signature.signature = sign('sha256', payload, { key, dsaEncoding: 'ieee-p1363' }).toString('base64');
  return manifest;
}

// Versions packed from the examples. `patch` edits the copied widget.json before packing.
const PACKS = [
  { example: 'echo-widget', version: '1.0.0', sign: true },
  { example: 'echo-widget', version: '1.0.1', sign: true },
  { example: 'echo-widget', version: '2.0.0', sign: true },
  { example: 'sparkline', version: '1.0.0' },
  { example: 'latency-widget', version: '1.0.0' },
  { example: 'resource-pins-widget', version: '1.0.0' },
  { example: 'resource-pins-widget', version: '1.0.1' },
  {
    example: 'resource-pins-widget',
    version: '1.1.0',
    patch: (m) => ({ ...m, permissions: { ...m.permissions, notifications: true } }),
  },
];

let building;

/**
 * Keys and packed versions of the example widgets, built once per process in .scratch/.
 * Returns { root, keyFile, otherKeyFile, publicKey, publisher, packs: { '<name>@<version>': dir } }.
 */
export function buildRegistryFixture() {
  building ??= (async () => {
    const root = join(repoRoot, '.scratch', `registry-fixture-${process.pid}`);
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    // Keys, packs and registries of this process go away with it.
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
    const keyFile = join(root, 'test-only-acme-key.pem');
    const otherKeyFile = join(root, 'test-only-unpinned-key.pem');
    const out = await mcpwp(['keygen', '--out', keyFile, '--publisher', PUBLISHER]);
    await mcpwp(['keygen', '--out', otherKeyFile]);
    const publicKey = /Public key: (\S+)/.exec(out)[1];
    const packs = {};
    await Promise.all(
      PACKS.map(async (p) => {
        const src = join(root, 'src', `${p.example}-${p.version}`);
        await cp(join(repoRoot, 'examples', 'widgets', p.example), src, {
          recursive: true,
          filter: (f) => !f.includes('/dist'),
        });
        const manifest = JSON.parse(await readFile(join(src, 'widget.json'), 'utf8'));
        const edited = (p.patch ?? ((m) => m))({ ...manifest, version: p.version });
        await writeFile(join(src, 'widget.json'), JSON.stringify(edited, null, 2));
        const dest = join(root, 'packs', `${edited.name.replace('/', '__')}@${p.version}`);
        await mcpwp(['pack', src, '--out', dest, ...(p.sign ? ['--sign-key', keyFile, '--publisher', PUBLISHER] : [])]);
        packs[`${edited.name}@${p.version}`] = dest;
      }),
    );
    return { root, keyFile, otherKeyFile, publicKey, publisher: PUBLISHER, packs };
  })();
  return building;
}

let registryCount = 0;

/** A new registry folder with the given packed versions published into it by `mcpwp publish`. */
export async function makeRegistry(fixture, packKeys) {
  const dir = join(fixture.root, 'registries', `r${++registryCount}-${Date.now()}`);
  await mkdir(dir, { recursive: true });
  for (const key of packKeys) await publishPack(fixture, dir, key);
  return dir;
}

/** Publishes one packed version into a registry folder. */
export async function publishPack(fixture, dir, key) {
  const pack = fixture.packs[key];
  if (!pack) throw new Error(`no packed version ${key}`);
  await mcpwp(['publish', pack, '--registry', dir]);
}

/** Removes a published version (a registry rolled back by an attacker) and drops the index so it is rescanned. */
export async function unpublish(dir, name, version) {
  await rm(join(dir, 'packages', ...name.split('/'), version), { recursive: true, force: true });
  await rm(join(dir, 'index.json'), { force: true });
}

/** What every tampered bundle does when it runs: records its case in a page global. */
export function sentinelBundle(id, extra = '') {
  return `globalThis.__mcpwpSentinel = [...(globalThis.__mcpwpSentinel ?? []), ${JSON.stringify(id)}];${extra}
export default function create(deps, info) {
  const el = document.createElement('mcp-tamper-control-widget');
  return { api: { element: el }, widget: { protocolVersion: '1.0.0', element: 'mcp-tamper-control-widget', displayName: 'Control', icon: 'x', category: 'MCP Servers',
    mcpServerName: info.serverName, transport: info.transport, mcpProtocolVersion: info.protocolVersion, capabilities: { tools: true, resources: false, prompts: false, sampling: false } } };
}
if (!customElements.get('mcp-tamper-control-widget')) customElements.define('mcp-tamper-control-widget', class extends HTMLElement {
  getStatus() { return { state: 'idle', primaryMetric: 'control', secondaryMetric: '', lastActivity: null, message: null }; }
});
`;
}

function base(id, version = '1.0.0') {
  return {
    name: `@tamper/${id}`,
    version,
    description: `Tampering case: ${id}`,
    mcpwpVersion: '1.0.0',
    trustLevel: 'community',
    keywords: ['tamper'],
    bundle: `packages/@tamper/${id}/${version}/bundle.js`,
  };
}

async function writePackage(dir, name, version, manifestText, bundle) {
  const folder = join(dir, 'packages', ...name.split('/'), version);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'widget.json'), manifestText);
  await writeFile(join(folder, 'bundle.js'), bundle);
}

/**
 * Writes the tampering cases into a registry folder (by hand: `mcpwp publish` would refuse them) and
 * removes index.json so `mcpwp serve` scans the folder. Returns the case ids.
 */
export async function addTamperedPackages(fixture, dir) {
  const pem = await readFile(fixture.keyFile, 'utf8');
  const otherPem = await readFile(fixture.otherKeyFile, 'utf8');
  const cases = {};
  const add = async (id, build, version = '1.0.0') => {
    const bundle = Buffer.from(sentinelBundle(id));
    const manifest = { ...base(id, version), integrity: integrityOf(bundle) };
    const result = (await build(manifest, bundle)) ?? {};
    const text = result.text ?? JSON.stringify(result.manifest ?? manifest, null, 2);
    await writePackage(dir, result.name ?? manifest.name, version, text, result.bundle ?? bundle);
    cases[id] = true;
  };
  // Control: a correct, signed package. Installing it runs the bundle (the sentinel flips).
  await add('control', (m) => ({ manifest: signManifest({ ...m, trustLevel: 'verified' }, pem) }));
  await add('hash-mismatch', (m) => ({ manifest: { ...m, integrity: integrityOf(Buffer.from('other bytes')) } }));
  await add('missing-integrity', (m) => {
    const { integrity: _drop, ...rest } = m;
    return { manifest: rest };
  });
  await add('empty-integrity', (m) => ({ manifest: { ...m, integrity: '' } }));
  await add('malformed-integrity', (m) => ({ manifest: { ...m, integrity: 'sha256-this is not base64!' } }));
  await add('sha512-integrity', (m, b) => ({
    manifest: { ...m, integrity: `sha512-${createHash('sha512').update(b).digest('base64')}` },
  }));
  await add('wrong-signature', (m) => {
    const signed = signManifest({ ...m, trustLevel: 'verified' }, pem);
    return { manifest: { ...signed, description: 'Changed after signing' } };
  });
  await add('unknown-key', (m) => ({ manifest: signManifest({ ...m, trustLevel: 'verified' }, otherPem) }));
  await add('verified-unsigned', (m) => ({ manifest: { ...m, trustLevel: 'verified' } }));
  await add('enterprise-claim', (m) => ({ manifest: { ...m, trustLevel: 'enterprise' } }));
  await add('cycle-a', (m) => ({ manifest: { ...m, dependencies: { '@tamper/cycle-b': '^1.0.0' } } }));
  await add('cycle-b', (m) => ({ manifest: { ...m, dependencies: { '@tamper/cycle-a': '^1.0.0' } } }));
  await add('unsatisfiable', (m) => ({ manifest: { ...m, dependencies: { '@acme/sparkline': '^9.0.0' } } }));
  await add('oversized', () => {
    const big = Buffer.from(sentinelBundle('oversized', `\n/*${'x'.repeat(5 * 1024 * 1024)}*/`));
    return { manifest: { ...base('oversized'), integrity: integrityOf(big) }, bundle: big };
  });
  await add('gzip-budget', () => {
    // Under the raw limit, but random text does not compress: more than 500 KB gzipped (MCP-WP-18.1.1).
    let filler = '';
    for (let i = 0; filler.length < 1_400_000; i++) filler += createHash('sha512').update(`${i}`).digest('base64');
    const big = Buffer.from(sentinelBundle('gzip-budget', `\n/*${filler}*/`));
    return { manifest: { ...base('gzip-budget'), integrity: integrityOf(big) }, bundle: big };
  });
  await add('other-name', (m) => ({ manifest: { ...m, name: '@acme/echo-widget' } }));
  await add('invalid-json', (m) => ({ text: `${JSON.stringify(m).slice(0, -10)},,}` }));
  await add('schema-invalid', (m) => {
    const { bundle: _drop, ...rest } = m;
    return { manifest: { ...rest, dependencies: 'not-an-object' } };
  });
  await add('future-mcpwp', (m) => ({ manifest: { ...m, mcpwpVersion: '2.0.0' } }));
  await add('foreign-bundle', (m) => ({ manifest: { ...m, bundle: 'https://cdn.attacker.example/widget.js' } }));
  await add('version-lie', (m) => ({ manifest: { ...m, version: '9.9.9' } }));
  // A package installed at 1.0.1; the test later removes 1.0.1 so the registry's newest is 1.0.0.
  await add('rollback', (m) => ({ manifest: m }));
  await add('rollback', (m) => ({ manifest: m }), '1.0.1');
  await rm(join(dir, 'index.json'), { force: true });
  return Object.keys(cases);
}

/** Starts `mcpwp serve <dir>` on loopback; resolves once it prints its URL. */
export async function startRegistryProcess(dir) {
  const child = spawn(process.execPath, [cli, 'serve', dir, '--port', '0'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = await new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`registry did not start; stderr:\n${stderr}`)), 15_000);
    child.stdout.on('data', (d) => {
      out += d;
      const match = /Registry ready: (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`registry exited with ${code}; stderr:\n${stderr}`)));
  });
  return {
    url,
    dir,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/**
 * A registry whose one package, @flaky/cut-off, has a correct manifest but whose bundle download is cut
 * off half way (the connection is destroyed): a network failure mid-download.
 */
export async function startFlakyRegistry() {
  const bundle = Buffer.from(sentinelBundle('cut-off', `\n/*${'y'.repeat(200_000)}*/`));
  const manifest = {
    ...base('cut-off'),
    name: '@flaky/cut-off',
    bundle: 'packages/@flaky/cut-off/1.0.0/bundle.js',
    integrity: integrityOf(bundle),
  };
  const server = createServer((req, res) => {
    const origin = req.headers.origin;
    const cors = origin
      ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'Content-Length' }
      : {};
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const json = (value) => {
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url === '/widgets')
      return json({ widgets: [{ name: manifest.name, version: '1.0.0', description: manifest.description }] });
    if (url === '/widgets/@flaky/cut-off/versions')
      return json({ name: manifest.name, versions: ['1.0.0'], latest: '1.0.0' });
    if (url === '/widgets/@flaky/cut-off' || url === '/widgets/@flaky/cut-off/1.0.0') return json(manifest);
    if (url === '/packages/@flaky/cut-off/1.0.0/bundle.js') {
      res.writeHead(200, { ...cors, 'Content-Type': 'text/javascript', 'Content-Length': bundle.length });
      res.write(bundle.subarray(0, bundle.length >> 1), () => setTimeout(() => res.destroy(), 50));
      return undefined;
    }
    res.writeHead(404, cors);
    res.end();
    return undefined;
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      server.closeAllConnections?.();
      await new Promise((r) => server.close(r));
    },
  };
}
