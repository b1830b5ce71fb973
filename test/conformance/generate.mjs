// Builds docs/conformance.md from test titles: every MUST of MCP-WP, and the tests that name it.
// `npm run conformance` writes the file; test/node/conformance-doc.test.ts fails when it is stale.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SCAN = ['src', 'widgets', 'theme', 'registry-client', 'gateway', 'test'];
// A title is the first argument of it/test/describe, or a `title: (…) => '…'` a shared helper passes on to `it`
// (test/support/sample-brands.ts).
const TITLE = /\b(?:(?:it|test|describe)\(|title: \([^)]*\) =>)\s*(['"`])((?:\\.|(?!\1).)*)\1/g;

async function testFiles(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out = [];
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await testFiles(path)));
    else if (/\.test\.(ts|mjs|js)$/.test(e.name)) out.push(path);
  }
  return out;
}

/** Rule IDs named in a title: "MCP-WP-3.4.2", and shorthand after a slash: "MCP-WP-3.4.2 / 17.3.2". */
export function rulesIn(title) {
  const ids = new Set();
  for (const m of title.matchAll(/MCP-WP-(\d+\.\d+\.\d+[a-z]?)((?:\s*\/\s*\d+\.\d+\.\d+[a-z]?)*)/g)) {
    ids.add(`MCP-WP-${m[1]}`);
    for (const extra of m[2].matchAll(/\d+\.\d+\.\d+[a-z]?/g)) ids.add(`MCP-WP-${extra[0]}`);
  }
  return [...ids];
}

/**
 * The official MCP conformance suite's results (test/conformance-suite/results.md, written by
 * `npm run conformance:suite`) and why the expected failures fail (expected-failures.json).
 */
async function suiteSection() {
  let results;
  try {
    results = await readFile(join(root, 'test/conformance-suite/results.md'), 'utf8');
  } catch {
    return [];
  }
  const baseline = JSON.parse(await readFile(join(root, 'test/conformance-suite/expected-failures.json'), 'utf8'));
  const lines = [
    '## The official MCP conformance suite',
    '',
    "The dashboard is also checked against `@modelcontextprotocol/conformance` (the MCP project's own suite), pinned to 0.1.16, and against the 2026-07-28 scenarios of its pre-release line. `test/conformance-suite/suite.test.ts` runs it in `npm test` (on its own, after the other suites): the dashboard is the client (the real gateway started from its CLI with a config naming the scenario's server, the project's MCPBridge connected through `/mcp/<name>`, and the user's browser played for sign-ins), and our fixture server (`test/fixtures/conformance-server.mjs`) is scored directly and through the gateway. The test fails on any failure not listed below, and on a listed one that starts to pass.",
    '',
    '### Scenarios expected to fail, and why',
    '',
    '| Suite | Kind | Scenario | Why |',
    '|---|---|---|---|',
  ];
  const esc = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  for (const [version, kinds] of Object.entries(baseline)) {
    for (const [kind, entries] of Object.entries(kinds)) {
      for (const [scenario, why] of Object.entries(entries))
        lines.push(`| ${version} | ${kind} | \`${scenario}\` | ${esc(why)} |`);
    }
  }
  lines.push(
    '',
    results
      .replace(/^<!--.*?-->\s*/s, '')
      .trim()
      .replace(/^### /gm, '### Results: '),
    '',
  );
  return lines;
}

/** The Markdown for the current tests. */
export async function generate() {
  const catalogue = JSON.parse(await readFile(join(root, 'test/conformance/mcp-wp-rules.json'), 'utf8'));
  const covering = new Map();
  const files = (await Promise.all(SCAN.map((d) => testFiles(join(root, d))))).flat().sort();
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(TITLE)) {
      const title = m[2].replace(/\\(.)/g, '$1');
      for (const id of rulesIn(title)) {
        if (!covering.has(id)) covering.set(id, []);
        covering.get(id).push({ title, file: relative(root, file) });
      }
    }
    // Table-driven tests: a title built as `${c.rule} refuses ${c.what} …` over rows of a case table.
    if (/\$\{c\.rule\} refuses \$\{c\.what\}/.test(text)) {
      for (const m of text.matchAll(/\brule: '(MCP-WP-[\d.]+[a-z]?)', what: '((?:\\.|[^'])*)'/g)) {
        const title = `${m[1]} refuses ${m[2].replace(/\\(.)/g, '$1')} (case table)`;
        if (!covering.has(m[1])) covering.set(m[1], []);
        covering.get(m[1]).push({ title, file: relative(root, file) });
      }
    }
  }
  const rules = catalogue.rules;
  // A rule whose ID the specification uses twice is named in titles by its `alias` (e.g. MCP-WP-17.1.3a).
  const testsOf = (r) =>
    r.key.includes('@') ? (r.alias ? (covering.get(r.alias) ?? []) : []) : (covering.get(r.id) ?? []);
  const covered = rules.filter((r) => testsOf(r).length > 0);
  const explained = rules.filter((r) => testsOf(r).length === 0 && r.notCovered);
  const open = rules.filter((r) => testsOf(r).length === 0 && !r.notCovered);
  const esc = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const lines = [
    '# MCP-WP conformance',
    '',
    '<!-- Generated by `npm run conformance` from test titles and test/conformance/mcp-wp-rules.json. Do not edit by hand. -->',
    '',
    `Every MUST of MCP-WP 1.0.0 (${rules.length} rules, widget and host), with the tests that check it — a test names the rule ID in its title — or why it is not covered yet.`,
    '',
    `- Covered by tests: **${covered.length}**`,
    `- Not applicable, or owned by another issue (reason given): **${explained.length}**`,
    `- Not covered yet: **${open.length}**`,
    '',
    '| Rule | Applies to | Requirement | Covered by |',
    '|---|---|---|---|',
  ];
  for (const r of rules) {
    const tests = testsOf(r);
    const cell = tests.length
      ? tests.map((t) => `${esc(t.title)} (\`${t.file}\`)`).join('<br>')
      : r.notCovered
        ? `— ${esc(r.notCovered)}`
        : '**not covered yet**';
    const label = r.key.includes('@')
      ? `${r.id} (${esc(r.section)})${r.alias ? `, named ${r.alias} in test titles` : ''}`
      : r.id;
    lines.push(`| ${label} | ${r.party} | ${esc(r.requirement)} | ${cell} |`);
  }
  lines.push(
    '',
    'Rule IDs such as MCP-WP-16.6.1 appear twice in the specification (registry and mcp-ui sections); the second use is listed with its section.',
    '',
  );
  lines.push(...(await suiteSection()));
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generate();
  await writeFile(join(root, 'docs/conformance.md'), text);
  process.stdout.write(`docs/conformance.md written\n`);
}
