import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../support/gateway-process.mjs';

test('the browser bundle imports no node:* module and contains no gateway code', async () => {
  const dir = join(repoRoot, 'dist', 'assets');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
  assert.ok(files.length > 0, 'run "npm run build" first');
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8');
    const nodeImport = /from\s*["']node:|import\(\s*["']node:|require\(\s*["']node:/.exec(text);
    assert.equal(nodeImport, null, `${file} imports a node: module`);
    for (const marker of ['child_process', 'createServer(', 'pick another with --port', 'restarting in ']) {
      assert.equal(text.includes(marker), false, `${file} contains gateway/Node code (${marker})`);
    }
  }
});
