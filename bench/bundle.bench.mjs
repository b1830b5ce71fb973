#!/usr/bin/env node
// Gzipped bytes of the initial JS+CSS the dashboard loads, of each built-in
// widget, of the chunks loaded later, and where the initial bytes come from. Reads dist/ (run
// "npm run build" first; "npm run bench" does). The same numbers are enforced as a budget in CI by
// test/node/bundle-budget.test.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyzeDist, breakdownOf, BUDGETS, gzipSize } from './lib/bundle.mjs';
import { emit, log } from './lib/contract.mjs';
import { repoRoot } from '../test/support/gateway-process.mjs';

const dist = join(repoRoot, 'dist');
const KB = (bytes) => Number((bytes / 1000).toFixed(1));

log('bundle: analysing', dist);
const analysis = await analyzeDist(dist);
const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));
const figures = [];

figures.push({
  id: 'bundle.initial.gzip',
  label: 'Initial JS+CSS, gzipped',
  value: KB(analysis.initial.gzip),
  unit: 'KB',
  samples: 1,
  notes: `budget ${KB(BUDGETS.initialGzip)} KB; ${analysis.initial.files.map((f) => f.file).join(', ')} (index.html's scripts, modulepreloads, stylesheets and their static imports)`,
});
figures.push({
  id: 'bundle.initial.raw',
  label: 'Initial JS+CSS, uncompressed',
  value: KB(analysis.initial.raw),
  unit: 'KB',
  samples: 1,
});

for (const widget of analysis.widgets) {
  figures.push({
    id: `bundle.widget.${widget.name}.gzip`,
    label: `Widget "${widget.name}": its own chunks, gzipped`,
    value: KB(widget.own.gzip),
    unit: 'KB',
    samples: 1,
    notes: `budget ${KB(BUDGETS.widgetGzip)} KB; ${widget.ownFiles.join(', ')}; as the first widget on a page it fetches ${KB(widget.toLoad.gzip)} KB with the shared chunks`,
  });
}
if (analysis.shared.files.length > 0) {
  figures.push({
    id: 'bundle.widgets.shared.gzip',
    label: 'Shared by the built-in widgets (kit, forms, renderers), gzipped',
    value: KB(analysis.shared.gzip),
    unit: 'KB',
    samples: 1,
    notes: `fetched once, with the first widget; ${analysis.shared.files.map((f) => f.file).join(', ')}`,
  });
}
const firstWidget = Math.max(0, ...analysis.widgets.map((w) => w.toLoad.gzip));
figures.push({
  id: 'bundle.first-widget.gzip',
  label: 'Initial JS+CSS plus everything the largest widget needs, gzipped',
  value: KB(analysis.initial.gzip + firstWidget),
  unit: 'KB',
  samples: 1,
  notes: 'what a browser fetches before the first widget can render',
});

// Everything else is fetched after the first paint, when first needed or when the page is idle
// (the argument validator, the contract checker and ajv, the registry, rare dialogs).
const accounted = new Set([...analysis.initial.files.map((f) => f.file), ...analysis.widgets.flatMap((w) => w.files)]);
const later = new Map();
for (const entry of Object.values(manifest))
  for (const file of [entry.file, ...(entry.css ?? [])]) if (!accounted.has(file)) later.set(file, entry);
const laterIds = new Map();
for (const [file, entry] of [...later].sort(([a], [b]) => a.localeCompare(b))) {
  const name = entry.file === file ? (entry.src ?? entry.name ?? file) : file;
  // Two chunks may share a name (two packages' "dist"): the second gets ".2".
  const base = `bundle.later.${file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(m?js|css)$/, '')}`;
  const seen = (laterIds.get(base) ?? 0) + 1;
  laterIds.set(base, seen);
  figures.push({
    id: seen === 1 ? base : `${base}.${seen}`,
    label: `Loaded after first paint: ${name}, gzipped`,
    value: KB(gzipSize(await readFile(join(dist, file)))),
    unit: 'KB',
    samples: 1,
    notes: file,
  });
}

// Where the initial bytes come from (source-map attribution; each part gzipped on its own, so the
// parts add up to a little more than the whole).
const parts = [];
for (const file of analysis.initial.files.filter((f) => /\.m?js$/.test(f.file)))
  parts.push(...(await breakdownOf(dist, file.file)));
const merged = new Map();
for (const part of parts) {
  const m = merged.get(part.origin) ?? { origin: part.origin, raw: 0, gzip: 0 };
  m.raw += part.raw;
  m.gzip += part.gzip;
  merged.set(part.origin, m);
}
for (const part of [...merged.values()].sort((a, b) => b.gzip - a.gzip).slice(0, 10)) {
  figures.push({
    id: `bundle.initial.part.${part.origin}`,
    label: `Initial bundle: from ${part.origin}`,
    value: KB(part.gzip),
    unit: 'KB',
    samples: 1,
    notes: `${KB(part.raw)} KB uncompressed`,
  });
}

emit({
  bench: 'bundle',
  title: 'Bundle size',
  notes:
    'Gzipped at level 9 (1 KB = 1000 bytes), each file on its own. "Initial" is what index.html makes the browser fetch before the dashboard runs: ' +
    'its module scripts, modulepreloads and stylesheets, and everything they import statically (from the Vite manifest). For a widget, loading ' +
    'it fetches beyond that: its own chunks (the budgeted figure) and chunks shared with other widgets (counted once). The parts of the initial bundle are ' +
    'attributed through its source map. CI enforces the budgets (test/node/bundle-budget.test.ts). For scale: the MCP Inspector 2.12 web client ships about ' +
    '720 KB gzipped of JavaScript (../shared/NOTES.md; not measured in this run).',
  figures,
  absent: [],
});
