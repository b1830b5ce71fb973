import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../support/gateway-process.mjs';
import { missingAuthorTools, requireAuthorTools } from '../../gateway/src/mcpwp/kit/author-tools.js';

const exec = promisify(execFile);

// `mcpwp test` and `mcpwp pack` as a user who installed mcp-dashboard from npm runs them: the files
// `npm pack` would publish, under node_modules/mcp-dashboard, beside its runtime dependencies only.
// The author tools (esbuild, playwright-core, axe-core) are devDependencies; see docs/decisions/dependency-author-tools.md.
const AUTHOR_TOOLS = ['esbuild', 'playwright-core', 'axe-core'];

async function run(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const cli = join(cwd, 'node_modules', 'mcp-dashboard', 'gateway', 'bin', 'mcpwp.js');
  try {
    const { stdout, stderr } = await exec(process.execPath, [cli, ...args], {
      cwd,
      env: { ...process.env, NODE_PATH: '' },
      maxBuffer: 32 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function link(project: string, name: string): Promise<void> {
  const target = join(project, 'node_modules', name);
  await mkdir(dirname(target), { recursive: true });
  await symlink(join(repoRoot, 'node_modules', name), target, 'dir');
}

describe('mcpwp for a user who installed mcp-dashboard', () => {
  let project: string;

  before(async () => {
    project = await mkdtemp(join(tmpdir(), 'mcpwp-installed-'));
    // Exactly the published files (no scripts: the build outputs are already there from `npm test`).
    const { stdout } = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: repoRoot,
      maxBuffer: 32 * 1024 * 1024,
    });
    const files = (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    assert.ok(files.includes('gateway/dist/mcpwp.js'), 'the published package holds the built CLI');
    const installed = join(project, 'node_modules', 'mcp-dashboard');
    for (const file of files) {
      await mkdir(dirname(join(installed, file)), { recursive: true });
      await cp(join(repoRoot, file), join(installed, file));
    }
    const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    for (const tool of AUTHOR_TOOLS) assert.ok(!(tool in pkg.dependencies), `${tool} is not a dependency`);
    for (const name of Object.keys(pkg.dependencies)) await link(project, name);
    // A widget author's package, as in the examples (unsigned here: signing is tested in mcpwp-cli.test.ts).
    await cp(join(repoRoot, 'examples', 'widgets', 'echo-widget'), join(project, 'echo-widget'), { recursive: true });
    const manifestFile = join(project, 'echo-widget', 'widget.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>;
    await writeFile(manifestFile, JSON.stringify({ ...manifest, trustLevel: 'community' }, null, 2));
  });

  after(async () => {
    await rm(project, { recursive: true, force: true });
  });

  test('without the author tools, mcpwp test names all three and the one command that installs them', async () => {
    const result = await run(project, ['test', 'node_modules/mcp-dashboard/widgets/server-status/index.ts']);
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /^mcpwp test: "mcpwp test" needs esbuild \(bundles the widget\), playwright-core \(drives Chromium\), axe-core \(checks accessibility in the page\)/,
    );
    assert.match(result.stderr, /not found: esbuild, playwright-core, axe-core\./);
    assert.match(result.stderr, /npm install --save-dev esbuild playwright-core axe-core/);
    assert.match(result.stderr, /npm install --global esbuild playwright-core axe-core/);
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  });

  test('without esbuild, mcpwp pack says the same way what it needs', async () => {
    const result = await run(project, ['pack', 'echo-widget']);
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /^mcpwp pack: "mcpwp pack" needs esbuild \(bundles the widget\)\. mcp-dashboard does not install it/,
    );
    assert.match(result.stderr, /npm install --save-dev esbuild\n/);
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  });

  test('after installing the author tools, mcpwp pack and mcpwp test work from the installed package', async () => {
    for (const tool of AUTHOR_TOOLS) await link(project, tool);
    const packed = await run(project, ['pack', 'echo-widget']);
    assert.equal(packed.code, 0, packed.stderr);
    const manifest = JSON.parse(await readFile(join(project, 'echo-widget', 'dist', 'widget.json'), 'utf8')) as {
      integrity: string;
    };
    assert.match(manifest.integrity, /^sha256-/);
    const tested = await run(project, [
      'test',
      'node_modules/mcp-dashboard/widgets/server-status/index.ts',
      '--cycles',
      '2',
      '--json',
    ]);
    assert.equal(tested.code, 0, tested.stderr);
    const report = JSON.parse(tested.stdout) as { certificationEligible: boolean; widgetName: string };
    assert.equal(report.certificationEligible, true);
  });

  test('the check resolves each tool and reports only the missing ones', () => {
    const present = new Set(['esbuild']);
    const resolve = (name: string) => {
      if (!present.has(name)) throw new Error('not found');
      return `/x/${name}`;
    };
    assert.deepEqual(missingAuthorTools(['esbuild', 'playwright-core', 'axe-core'], resolve), [
      'playwright-core',
      'axe-core',
    ]);
    assert.doesNotThrow(() => requireAuthorTools('pack', ['esbuild'], resolve));
    assert.throws(() => requireAuthorTools('test', ['esbuild', 'axe-core'], resolve), /not found: axe-core\./);
  });
});
