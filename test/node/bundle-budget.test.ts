import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeDist, breakdownOf, budgetProblems, BUDGETS, kb } from '../../bench/lib/bundle.mjs';
import { BUILT_IN_WIDGETS } from '../../src/shell/card/widget-registry.js';
import { repoRoot } from '../support/gateway-process.mjs';

// The size budget, run in CI on the real build (npm test builds first):
// initial JS+CSS ≤ 150 KB gzipped, each built-in widget's own chunks ≤ 25 KB gzipped (1 KB = 1000 bytes).
const dist = join(repoRoot, 'dist');

test('size budget: the initial JS+CSS and every built-in widget fit their gzipped budgets', async () => {
  const analysis = await analyzeDist(dist);
  assert.ok(analysis.initial.files.length > 0, 'index.html loads no JS or CSS; run "npm run build" first');
  const problems = budgetProblems(analysis);
  if (problems.length > 0) {
    const top = (await breakdownOf(dist, analysis.initial.files[0]!.file)).slice(0, 8);
    problems.push(
      `Largest parts of ${analysis.initial.files[0]!.file}: ${top.map((p) => `${p.origin} ${kb(p.gzip)}`).join(', ')}. See bench/README.md.`,
    );
  }
  assert.deepEqual(problems, []);
  process.stdout.write(
    `# initial ${kb(analysis.initial.gzip)} gz; ${analysis.widgets.map((w) => `${w.name} ${kb(w.own.gzip)}`).join(', ')}; shared by widgets ${kb(analysis.shared.gzip)}\n`,
  );
});

test('every built-in widget is its own lazily loaded chunk, measured by the budget', async () => {
  const analysis = await analyzeDist(dist);
  assert.equal(
    analysis.widgets.length,
    BUILT_IN_WIDGETS.length,
    `built-in widget chunks found: ${analysis.widgets.map((w) => w.name).join(', ') || 'none'}`,
  );
  for (const widget of analysis.widgets) assert.ok(widget.own.gzip > 0, `${widget.name} has no bytes of its own`);
});

test('ajv is not part of the initial load (it is fetched after first paint; docs/decisions/startup-initial-bundle.md)', async () => {
  const analysis = await analyzeDist(dist);
  for (const file of analysis.initial.files.filter((f) => f.file.endsWith('.js'))) {
    const origins = (await breakdownOf(dist, file.file)).map((p) => p.origin);
    // Vite's own module-preload helper has no source map; nothing else may go unmapped, and it stays tiny.
    if (origins.length === 0 && /^assets\/preload-helper-[\w-]+\.js$/.test(file.file) && file.raw < 4096) continue;
    assert.ok(origins.length > 0, `${file.file} has no source map`);
    for (const heavy of ['ajv', 'ajv-formats', 'fast-uri']) {
      assert.ok(
        !origins.includes(heavy),
        `${heavy} is in the initial bundle ${file.file}; import the validator through src/core/invocation/lazy-validator.ts`,
      );
    }
  }
});

test('the budget check counts modulepreloads, stylesheets and static imports, and fails when a budget is exceeded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-budget-'));
  try {
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, '.vite'));
    // Random bytes do not compress: gzip size ≈ raw size.
    const files: Record<string, number> = {
      'assets/entry.js': 60_000,
      'assets/preloaded.js': 50_000,
      'assets/imported.js': 45_000,
      'assets/style.css': 1_000,
      'assets/big-widget.js': 20_000,
      'assets/big-only.js': 10_000,
      'assets/small-widget.js': 5_000,
      'assets/other-widget.js': 4_000,
      'assets/shared-kit.js': 30_000,
    };
    for (const [file, size] of Object.entries(files)) await writeFile(join(dir, file), randomBytes(size));
    await writeFile(
      join(dir, 'index.html'),
      `<!doctype html><html><head><script type="module" crossorigin src="/assets/entry.js"></script>
       <link rel="modulepreload" crossorigin href="/assets/preloaded.js"><link rel="stylesheet" href="/assets/style.css">
       <link rel="icon" href="data:,"></head><body></body></html>`,
    );
    const manifest = {
      'index.html': {
        file: 'assets/entry.js',
        src: 'index.html',
        isEntry: true,
        imports: ['src/x.ts'],
        css: ['assets/style.css'],
        dynamicImports: ['widgets/big/index.ts', 'widgets/small/index.ts', 'widgets/other/index.ts'],
      },
      'src/x.ts': { file: 'assets/imported.js', src: 'src/x.ts' },
      'src/pre.ts': { file: 'assets/preloaded.js', src: 'src/pre.ts' },
      'widgets/big/index.ts': {
        file: 'assets/big-widget.js',
        src: 'widgets/big/index.ts',
        isDynamicEntry: true,
        imports: ['index.html', '_big-only.js'],
      },
      'widgets/small/index.ts': {
        file: 'assets/small-widget.js',
        src: 'widgets/small/index.ts',
        isDynamicEntry: true,
        imports: ['index.html', '_kit.js'],
      },
      'widgets/other/index.ts': {
        file: 'assets/other-widget.js',
        src: 'widgets/other/index.ts',
        isDynamicEntry: true,
        imports: ['index.html', '_kit.js'],
      },
      '_big-only.js': { file: 'assets/big-only.js', name: 'big-only' },
      '_kit.js': { file: 'assets/shared-kit.js', name: 'kit' },
      'src/core/invocation/validation.ts': {
        file: 'assets/validation.js',
        src: 'src/core/invocation/validation.ts',
        isDynamicEntry: true,
      },
    };
    await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));

    const analysis = await analyzeDist(dir);
    assert.deepEqual(analysis.initial.files.map((f) => f.file).sort(), [
      'assets/entry.js',
      'assets/imported.js',
      'assets/preloaded.js',
      'assets/style.css',
    ]);
    assert.ok(
      analysis.initial.gzip > 150_000 && analysis.initial.gzip < 160_000,
      `initial gzip ${analysis.initial.gzip}`,
    );
    assert.deepEqual(
      analysis.widgets.map((w) => w.name),
      ['big', 'other', 'small'],
    );
    const [big, other, small] = analysis.widgets;
    // A chunk only one widget loads is that widget's own; a chunk several widgets load is shared.
    assert.deepEqual([...big!.ownFiles].sort(), ['assets/big-only.js', 'assets/big-widget.js']);
    assert.deepEqual(small!.ownFiles, ['assets/small-widget.js']);
    assert.deepEqual([...small!.files].sort(), ['assets/shared-kit.js', 'assets/small-widget.js']);
    assert.deepEqual(
      analysis.shared.files.map((f) => f.file),
      ['assets/shared-kit.js'],
    );
    assert.ok(
      small!.own.gzip < 6_000 && small!.toLoad.gzip > 30_000,
      `small widget own ${small!.own.gzip}, to load ${small!.toLoad.gzip}`,
    );
    assert.ok(other!.own.gzip < 5_000);

    const problems = budgetProblems(analysis);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems[0]!, /initial JS\+CSS is 15\d\.\d KB gzipped, over the 150\.0 KB budget/);
    assert.match(
      problems[1]!,
      /Widget "big" has 3\d\.\d KB gzipped of its own, over the 25\.0 KB budget \(assets\/big-widget\.js, assets\/big-only\.js\)/,
    );
    assert.deepEqual(budgetProblems(analysis, { initialGzip: 200_000, widgetGzip: BUDGETS.widgetGzip * 2 }), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
