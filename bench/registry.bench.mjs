// Benchmark: verify + store + load of a 1 MB widget bundle in Chromium (WebCrypto sha256, one IndexedDB
// transaction, blob: URL import), and the whole install path through RegistryClient against a loopback
// server. Prints progress on stderr and one JSON object on stdout (bench/README.md).
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromePath, CHROME_ARGS } from '../test/support/chrome.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLES = 10;
const log = (m) => process.stderr.write(`[registry.bench] ${m}\n`);

/** About 1 MB of plausible widget code: many small distinct functions and strings (compresses like real code). */
function makeBundle(targetBytes = 1024 * 1024) {
  const parts = ['const registry = new Map();'];
  let size = parts[0].length;
  for (let i = 0; size < targetBytes - 600; i++) {
    const fn = `function render_${i}(state, items) { const label = "Item ${i}: " + String(state.title ?? "untitled ${i}"); if (!Array.isArray(items)) return label; return items.filter((x) => x && x.id !== ${i}).map((x, j) => label + " #" + j + " " + (x.name ?? "n/a")).join("\\n"); }\nregistry.set("r${i}", render_${i});\n`;
    parts.push(fn);
    size += fn.length;
  }
  parts.push(`globalThis.__benchLoads = (globalThis.__benchLoads ?? 0) + 1;
export default function createBenchWidget(deps, info) { return { api: {}, widget: { protocolVersion: '1.0.0', element: 'mcp-bench-widget', displayName: 'Bench', icon: 'b', category: 'MCP Servers', mcpServerName: info.serverName, transport: info.transport, mcpProtocolVersion: info.protocolVersion, capabilities: { tools: false, resources: false, prompts: false, sampling: false } } }; }
export const size = registry.size;`);
  return Buffer.from(parts.join(''));
}

const ENTRY = `
import { PackageStore, RegistryClient, importBytes, verifyIntegrity, packageKey } from './registry-client/index.ts';
window.registryBench = async function (samples) {
  const response = await fetch('/packages/@bench/big/1.0.0/bundle.js');
  const bytes = new Uint8Array(await response.arrayBuffer());
  const manifest = await (await fetch('/widgets/@bench/big/1.0.0')).json();
  const store = new PackageStore('registry-bench-' + Date.now());
  const rows = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await verifyIntegrity(bytes, manifest.integrity, 'bench');
    const t1 = performance.now();
    const key = packageKey('@bench/big', '1.0.' + i);
    await store.putAll([{ key, name: '@bench/big', version: '1.0.' + i, integrity: manifest.integrity, manifest, bytes: bytes.slice().buffer, registry: location.origin + '/', storedAt: Date.now(), lastUsedAt: Date.now() }]);
    const t2 = performance.now();
    const module = await importBytes(bytes, 'bench');
    const t3 = performance.now();
    if (typeof module.default !== 'function') throw new Error('bench bundle did not load');
    rows.push({ verify: t1 - t0, store: t2 - t1, load: t3 - t2, total: t3 - t0 });
  }
  const installs = [];
  for (let i = 0; i < samples; i++) {
    const client = new RegistryClient({ registries: [{ url: location.origin + '/' }], publisherKeys: [], store: new PackageStore('registry-bench-install-' + Date.now() + '-' + i) });
    const t0 = performance.now();
    const plan = await client.plan('@bench/big', '1.0.0');
    const records = await client.fetchAndStore(plan);
    const module = await client.load(records.map((r) => ({ ...r, key: r.key + '#' + i })));
    installs.push(performance.now() - t0);
    if (typeof module.default !== 'function') throw new Error('install did not load');
  }
  return { rows, installs, loads: globalThis.__benchLoads };
};
`;

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (n) => Math.round(n * 100) / 100;

const bundle = makeBundle();
const integrity = `sha256-${createHash('sha256').update(bundle).digest('base64')}`;
const gz = gzipSync(bundle).length;
const manifest = JSON.stringify({
  name: '@bench/big',
  version: '1.0.0',
  bundle: 'packages/@bench/big/1.0.0/bundle.js',
  integrity,
  mcpwpVersion: '1.0.0',
  trustLevel: 'community',
});
log(`bundle ${bundle.length} bytes, ${gz} gzipped`);

const client = await build({
  stdin: { contents: ENTRY, resolveDir: root, loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  logLevel: 'silent',
});
const clientJs = client.outputFiles[0].contents;

const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const send = (type, body) => {
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  };
  if (path === '/')
    return send(
      'text/html',
      '<!doctype html><title>registry bench</title><script type="module" src="/client.js"></script>',
    );
  if (path === '/client.js') return send('text/javascript', clientJs);
  if (path === '/packages/@bench/big/1.0.0/bundle.js') return send('text/javascript', bundle);
  if (path === '/widgets/@bench/big/1.0.0' || path === '/widgets/@bench/big') return send('application/json', manifest);
  if (path === '/widgets/@bench/big/versions')
    return send('application/json', JSON.stringify({ name: '@bench/big', versions: ['1.0.0'], latest: '1.0.0' }));
  res.writeHead(404);
  res.end();
  return undefined;
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: chromePath(),
  args: CHROME_ARGS.filter((a) => a !== '--headless=new'),
});
let result;
try {
  const page = await browser.newPage();
  await page.goto(origin);
  await page.waitForFunction(() => typeof globalThis.registryBench === 'function');
  log(`running ${SAMPLES} samples`);
  result = await page.evaluate((n) => globalThis.registryBench(n), SAMPLES);
} finally {
  await browser.close();
  await new Promise((r) => server.close(r));
}

const pick = (k) => round(median(result.rows.map((r) => r[k])));
const notes = `1 MB bundle (${bundle.length} bytes, ${gz} bytes gzipped), Chromium headless, median of ${SAMPLES}`;
process.stdout.write(
  `${JSON.stringify({
    bench: 'registry',
    figures: [
      {
        id: 'registry.verify.1mb',
        label: 'Verify sha256 integrity of a 1 MB bundle (WebCrypto)',
        value: pick('verify'),
        unit: 'ms',
        samples: SAMPLES,
        notes,
      },
      {
        id: 'registry.store.1mb',
        label: 'Store manifest + 1 MB bytes in one IndexedDB transaction',
        value: pick('store'),
        unit: 'ms',
        samples: SAMPLES,
        notes,
      },
      {
        id: 'registry.load.1mb',
        label: 'Load a 1 MB bundle from its bytes (blob: URL import + evaluation)',
        value: pick('load'),
        unit: 'ms',
        samples: SAMPLES,
        notes,
      },
      {
        id: 'registry.verify-store-load.1mb',
        label: 'Verify + store + load of a 1 MB bundle',
        value: pick('total'),
        unit: 'ms',
        samples: SAMPLES,
        notes,
      },
      {
        id: 'registry.install.1mb',
        label:
          'Whole install path of a 1 MB widget via RegistryClient (manifest, download over loopback, verify, gzip budget, store, re-verify, load)',
        value: round(median(result.installs)),
        unit: 'ms',
        samples: SAMPLES,
        notes,
      },
    ],
    absent: [],
  })}\n`,
);
