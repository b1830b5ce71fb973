// Bundle analysis of the built UI (dist/): what the dashboard loads before first paint, what each
// built-in widget adds when it is loaded, and where the bytes come from. Used by bench/bundle.bench.mjs
// and by the size-budget test in CI (test/node/bundle-budget.test.ts).
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { parse } from 'parse5';
import { SourceMapConsumer } from 'source-map-js';

/** Budgets in gzipped bytes (1 KB = 1000 bytes). */
export const BUDGETS = { initialGzip: 150_000, widgetGzip: 25_000 };

/** Gzipped size at the highest level, as a static file server with precompression would send it. */
export function gzipSize(bytes) {
  return gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
}

function walk(node, visit) {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
  if (node.content) walk(node.content, visit);
}

/**
 * What index.html makes the browser fetch before anything runs: module scripts, modulepreloads,
 * stylesheets (classic scripts too, should one appear). Paths are relative to dist/.
 */
export function eagerAssetsOf(html) {
  const found = [];
  walk(parse(html), (node) => {
    const attrs = Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value]));
    if (node.tagName === 'script' && attrs.src) found.push(attrs.src);
    if (node.tagName === 'link') {
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      if (attrs.href && (rel.includes('modulepreload') || rel.includes('stylesheet'))) found.push(attrs.href);
    }
  });
  return [...new Set(found.filter((u) => !/^[a-z]+:/i.test(u)).map((u) => u.replace(/^\//, '')))];
}

/** The Vite manifest keyed by output file, so eager files can be followed through their static imports. */
function byFile(manifest) {
  const map = new Map();
  for (const [key, entry] of Object.entries(manifest)) map.set(entry.file, { key, ...entry });
  return map;
}

/** Every file a chunk pulls in before it runs: its static imports (recursively) and their CSS. */
function staticClosure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) return;
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** A built-in widget chunk: a dynamically imported module under widgets/ that is not the kit. */
export function isWidgetEntry(key, entry) {
  return entry.isDynamicEntry === true && /^widgets\/(?!kit\/)[^/]+\//.test(entry.src ?? key);
}

/**
 * Sizes of the initial load and of each built-in widget.
 * - `initial`: index.html's eager assets plus everything they import statically.
 * - each widget: `own` = its chunk(s) and CSS; `toLoad` = what loading it fetches beyond the
 *   initial set (its own bytes plus shared chunks the page does not have yet). The budget applies
 *   to `toLoad`, the bytes a user waits for when the widget first appears.
 */
export async function analyzeDist(distDir) {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const files = byFile(manifest);
  const sizes = new Map();
  const sizeOf = async (file) => {
    if (!sizes.has(file)) {
      const bytes = await readFile(join(distDir, file));
      sizes.set(file, { file, raw: bytes.length, gzip: gzipSize(bytes) });
    }
    return sizes.get(file);
  };

  const eager = eagerAssetsOf(html);
  const initialFiles = new Set(eager);
  for (const asset of eager) {
    const entry = files.get(asset);
    if (entry) for (const f of staticClosure(manifest, [entry.key])) initialFiles.add(f);
  }
  const initial = await Promise.all([...initialFiles].filter((f) => /\.(m?js|css)$/.test(f)).map(sizeOf));

  const widgets = [];
  for (const [key, entry] of Object.entries(manifest)) {
    if (!isWidgetEntry(key, entry)) continue;
    const closure = staticClosure(manifest, [key]);
    const extra = [...closure].filter((f) => !initialFiles.has(f));
    const own = [entry.file, ...(entry.css ?? [])];
    const ownSizes = await Promise.all(own.map(sizeOf));
    const extraSizes = await Promise.all(extra.map(sizeOf));
    widgets.push({
      name: key.split('/')[1],
      src: entry.src ?? key,
      files: extraSizes.map((s) => s.file),
      own: { raw: sum(ownSizes, 'raw'), gzip: sum(ownSizes, 'gzip') },
      toLoad: { raw: sum(extraSizes, 'raw'), gzip: sum(extraSizes, 'gzip') },
    });
  }
  widgets.sort((a, b) => a.name.localeCompare(b.name));
  return {
    initial: { files: initial, raw: sum(initial, 'raw'), gzip: sum(initial, 'gzip') },
    widgets,
  };
}

function sum(list, field) {
  return list.reduce((total, item) => total + item[field], 0);
}

/** Budget violations as readable sentences (empty when everything fits). */
export function budgetProblems(analysis, budgets = BUDGETS) {
  const problems = [];
  if (analysis.initial.gzip > budgets.initialGzip) {
    problems.push(
      `The initial JS+CSS is ${kb(analysis.initial.gzip)} gzipped, over the ${kb(budgets.initialGzip)} budget (${analysis.initial.files.map((f) => f.file).join(', ')}).`,
    );
  }
  for (const widget of analysis.widgets) {
    if (widget.toLoad.gzip > budgets.widgetGzip) {
      problems.push(`Widget "${widget.name}" loads ${kb(widget.toLoad.gzip)} gzipped, over the ${kb(budgets.widgetGzip)} budget (${widget.files.join(', ')}).`);
    }
  }
  return problems;
}

/** "143.6 KB" (1 KB = 1000 bytes). */
export function kb(bytes) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/** Where a source path comes from: an npm package name, or a folder of this repository. */
export function originOf(source) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match) return match[1];
  const local = source.replace(/^(?:\.\.\/)+/, '').replace(/^\/?/, '');
  const parts = local.split('/');
  if (parts[0] === 'src' || parts[0] === 'widgets') return parts.slice(0, 2).join('/');
  return parts[0] || '(generated)';
}

/**
 * Attributes each byte of a minified chunk to the package or folder it came from, using its source
 * map, and gzips each group on its own (so the numbers are an estimate of each group's share).
 */
export async function breakdownOf(distDir, file) {
  const code = await readFile(join(distDir, file), 'utf8');
  let map;
  try {
    map = JSON.parse(await readFile(join(distDir, `${file}.map`), 'utf8'));
  } catch {
    return [];
  }
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const pieces = new Map();
  const byLine = new Map();
  consumer.eachMapping((m) => {
    let list = byLine.get(m.generatedLine);
    if (!list) byLine.set(m.generatedLine, (list = []));
    list.push(m);
  });
  const add = (key, piece) => pieces.set(key, (pieces.get(key) ?? '') + piece);
  lines.forEach((text, index) => {
    const mappings = byLine.get(index + 1);
    if (!mappings) {
      add('(generated)', text);
      return;
    }
    mappings.sort((a, b) => a.generatedColumn - b.generatedColumn);
    add('(generated)', text.slice(0, mappings[0].generatedColumn));
    mappings.forEach((m, i) => {
      const end = i + 1 < mappings.length ? mappings[i + 1].generatedColumn : text.length;
      add(m.source ? originOf(posix.normalize(m.source)) : '(generated)', text.slice(m.generatedColumn, end));
    });
  });
  return [...pieces]
    .map(([origin, text]) => ({ origin, raw: Buffer.byteLength(text), gzip: gzipSize(Buffer.from(text)) }))
    .sort((a, b) => b.raw - a.raw);
}
