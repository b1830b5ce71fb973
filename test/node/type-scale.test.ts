import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { repoRoot } from '../support/gateway-process.mjs';
import { SCALE_TOKEN_NAMES } from '../../src/core/shared/brand/scale-tokens.js';
import { PRESETS } from '../../theme/tokens.js';

// The shell's and the kit's styles draw their type from the theme's scale, so a brand that sets the scale
// (brand.json `tokens`) reaches every text: a literal size or weight in a css`` block would not follow it.

/** Where a literal is right, and why. */
const ALLOWED = new Map([
  [
    'widgets/kit/activity/latency-chart.ts font-size: 10px',
    'SVG user units inside a viewBox that scales with the chart',
  ],
]);

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(repoRoot, dir), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.includes('.test.'))
      out.push(join(entry.parentPath, entry.name));
  }
  return out;
}

/** Every `font-size`, `font-weight`, `line-height` and focus `outline` declaration inside css`` blocks. */
async function declarations(): Promise<Array<{ where: string; decl: string }>> {
  const files = [
    ...(await sources('src/shell')),
    ...(await sources('widgets')),
    join(repoRoot, 'theme/base-styles.ts'),
  ];
  const found: Array<{ where: string; decl: string }> = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const block of text.matchAll(/css`([\s\S]*?)`/g)) {
      for (const m of block[1]!.matchAll(
        /(?:^|[\s{;])((?:font-size|font-weight|line-height|outline-offset):\s*[^;]+)/g,
      ))
        found.push({ where: relative(repoRoot, file), decl: m[1]!.trim() });
    }
  }
  return found;
}

test('every font size, weight and line height in the shell and the kit comes from the type scale', async () => {
  const found = await declarations();
  assert.ok(found.length > 100, `the scan sees the styles (${found.length} declarations)`);
  const literal = found.filter(({ where, decl }) => {
    const value = decl.slice(decl.indexOf(':') + 1).trim();
    if (/^var\(--mcp-(font-size|font-weight|line-height|focus-ring-offset)[a-z0-9-]*[,)]/.test(value)) return false;
    if (/^(inherit|normal|0|1)$/.test(value)) return false;
    return !ALLOWED.has(`${where} ${decl}`);
  });
  assert.deepEqual(
    literal.map(({ where, decl }) => `${where}: ${decl}`),
    [],
    'use --mcp-font-size-{xs,sm,md,lg,xl,2xl}, --mcp-font-weight-{medium,bold}, --mcp-line-height(-tight)',
  );
});

test('every size token has a default, and the fallbacks written in the kit are those defaults', async () => {
  for (const name of SCALE_TOKEN_NAMES) assert.ok(PRESETS.light[name], `${name} has a default`);
  const wrong: string[] = [];
  for (const { where, decl } of await declarations()) {
    const m = /var\((--mcp-[a-z0-9-]+), ([^)]+)\)/.exec(decl);
    if (m && SCALE_TOKEN_NAMES.includes(m[1]!) && PRESETS.light[m[1]!] !== m[2]!.trim())
      wrong.push(`${where}: ${decl} (the default is ${PRESETS.light[m[1]!]})`);
  }
  assert.deepEqual(wrong, []);
});
