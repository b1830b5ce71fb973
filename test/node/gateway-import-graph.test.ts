import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The gateway's modules import each other without a cycle (ARCHITECTURE.md, gateway): modules in a
// cycle can be neither understood, tested nor moved one at a time. The graph is read with TypeScript's
// own parser; docs/decisions/gateway-import-cycle-check.md says why this test and not a library.

const gatewaySrc = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'gateway', 'src');

/** The relative modules `text` loads at run time: static imports, re-exports and `import()`; not `import type`. */
function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith('./') || s.startsWith('../'));
}

async function tsFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await tsFiles(path)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/** Every module under `root` and the modules under `root` it imports at run time (a `.js` specifier names its `.ts`). */
async function importGraph(root: string): Promise<Map<string, string[]>> {
  const files = await tsFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(file, await readFile(file, 'utf8'))
      .map((spec) => resolve(dirname(file), spec).replace(/\.js$/, '.ts'))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The cycles of `graph`, each as the path that closes it (first module repeated at the end); one per strongly connected group. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

function describeCycles(cycles: string[][], root: string): string {
  return cycles.map((c) => c.map((f) => relative(root, f)).join(' → ')).join('\n');
}

describe('gateway import graph', () => {
  test('no module of gateway/src imports itself back through others (static imports, re-exports and import())', async () => {
    const graph = await importGraph(gatewaySrc);
    assert.ok(graph.size > 50, `read the gateway's modules (${graph.size})`);
    const cycles = findCycles(graph);
    assert.equal(cycles.length, 0, `import cycles in gateway/src:\n${describeCycles(cycles, gatewaySrc)}`);
  });

  test('the check finds a cycle through a dynamic import and names it; `import type` is no edge', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-import-graph-'));
    try {
      await mkdir(join(dir, 'relay'));
      await writeFile(join(dir, 'cli.ts'), "export const load = () => import('./relay/a.js');\n");
      await writeFile(join(dir, 'relay', 'a.ts'), "import { b } from './b.js';\nexport const a = b;\n");
      await writeFile(join(dir, 'relay', 'b.ts'), "export { main as b } from '../cli.js';\n");
      // c and d only meet through a type: that is no cycle at run time.
      await writeFile(
        join(dir, 'relay', 'c.ts'),
        "import type { d } from './d.js';\nexport type C = typeof d;\nexport const c = 1;\n",
      );
      await writeFile(join(dir, 'relay', 'd.ts'), "import { c } from './c.js';\nexport const d = c;\n");
      const cycles = findCycles(await importGraph(dir));
      assert.equal(describeCycles(cycles, dir), 'cli.ts → relay/a.ts → relay/b.ts → cli.ts');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
