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
 * Sizes of the initial load and of the built-in widgets.
 * - `initial`: index.html's eager assets plus everything they import statically.
 * - each widget: `own` = the chunks (and CSS) only this widget loads — its "widget chunk", which the
 *   25 KB budget applies to; `toLoad` = everything loading it fetches beyond the initial set when it
 *   is the first widget on the page (its own chunks plus the shared ones).
 * - `shared`: chunks outside the initial set that several widgets load (the kit's forms and
 *   renderers), counted once here rather than charged to every widget.
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
  const total = (list) => ({ raw: sum(list, 'raw'), gzip: sum(list, 'gzip') });

  const eager = eagerAssetsOf(html);
  const initialFiles = new Set(eager);
  for (const asset of eager) {
    const entry = files.get(asset);
    if (entry) for (const f of staticClosure(manifest, [entry.key])) initialFiles.add(f);
  }
  const initial = await Promise.all([...initialFiles].filter((f) => /\.(m?js|css)$/.test(f)).map(sizeOf));

  const widgetEntries = Object.entries(manifest).filter(([key, entry]) => isWidgetEntry(key, entry));
  const needs = new Map(
    widgetEntries.map(([key]) => [key, [...staticClosure(manifest, [key])].filter((f) => !initialFiles.has(f))]),
  );
  const users = new Map();
  for (const list of needs.values()) for (const f of list) users.set(f, (users.get(f) ?? 0) + 1);

  const widgets = [];
  for (const [key, entry] of widgetEntries) {
    const list = needs.get(key) ?? [];
    const own = list.filter((f) => users.get(f) === 1);
    widgets.push({
      name: key.split('/')[1],
      src: entry.src ?? key,
      files: list,
      ownFiles: own,
      own: total(await Promise.all(own.map(sizeOf))),
      toLoad: total(await Promise.all(list.map(sizeOf))),
    });
  }
  widgets.sort((a, b) => a.name.localeCompare(b.name));
  const sharedFiles = [...users]
    .filter(([, n]) => n > 1)
    .map(([f]) => f)
    .sort();
  return {
    initial: { files: initial, ...total(initial) },
    widgets,
    shared: { files: await Promise.all(sharedFiles.map(sizeOf)), ...total(await Promise.all(sharedFiles.map(sizeOf))) },
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
    if (widget.own.gzip > budgets.widgetGzip) {
      problems.push(
        `Widget "${widget.name}" has ${kb(widget.own.gzip)} gzipped of its own, over the ${kb(budgets.widgetGzip)} budget (${widget.ownFiles.join(', ')}).`,
      );
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
