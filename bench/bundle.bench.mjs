#!/usr/bin/env node
// Figure 1 of issue 8: gzipped bytes of the initial JS+CSS the dashboard loads, of each built-in
// widget, of the chunks loaded later, and where the initial bytes come from. Reads dist/ (run
// "npm run build" first; "npm run bench" does). The same numbers are enforced as a budget in CI by
// test/node/bundle-budget.test.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyzeDist, breakdownOf, BUDGETS, gzipSize, isWidgetEntry } from './lib/bundle.mjs';
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
figures.push({ id: 'bundle.initial.raw', label: 'Initial JS+CSS, uncompressed', value: KB(analysis.initial.raw), unit: 'KB', samples: 1 });

for (const widget of analysis.widgets) {
  figures.push({
    id: `bundle.widget.${widget.name}.gzip`,
    label: `Widget "${widget.name}", gzipped, bytes to load it`,
    value: KB(widget.toLoad.gzip),
    unit: 'KB',
    samples: 1,
    notes: `budget ${KB(BUDGETS.widgetGzip)} KB; own chunk ${KB(widget.own.gzip)} KB; ${widget.files.join(', ')}`,
  });
}

// Chunks fetched after first paint that are not widgets (e.g. the argument validator).
for (const [key, entry] of Object.entries(manifest)) {
  if (!entry.isDynamicEntry || isWidgetEntry(key, entry)) continue;
  const bytes = await readFile(join(dist, entry.file));
  figures.push({
    id: `bundle.lazy.${entry.name ?? key}.gzip`,
    label: `Lazy chunk "${entry.name ?? key}" (${entry.src ?? key}), gzipped`,
    value: KB(gzipSize(bytes)),
    unit: 'KB',
    samples: 1,
    notes: 'not part of the initial load; fetched when the page is idle or first needed',
  });
}

// Where the initial bytes come from (source-map attribution; each part gzipped on its own, so the
// parts add up to a little more than the whole).
const parts = [];
for (const file of analysis.initial.files.filter((f) => /\.m?js$/.test(f.file))) parts.push(...(await breakdownOf(dist, file.file)));
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
    'its module scripts, modulepreloads and stylesheets, and everything they import statically (from the Vite manifest). A widget\'s figure is what loading ' +
    'it fetches beyond that. The parts of the initial bundle are attributed through its source map. CI enforces the budgets (test/node/bundle-budget.test.ts).',
  figures,
  absent: [],
});
