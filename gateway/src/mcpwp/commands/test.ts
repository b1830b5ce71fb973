// `mcpwp test <widget-module>…`: the MCP-WP conformance kit (MCP-WP §16) run in real Chromium.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { McpwpCommand } from '../kit/command.js';
import { requireAuthorTools } from '../kit/author-tools.js';

/** Patterns in a widget's own source that MCP-WP-17.7.1 / 17.7.2 forbid. */
const SOURCE_RULES: Array<{ rule: string; pattern: RegExp; description: string }> = [
  { rule: 'MCP-WP-17.7.2', pattern: /(?<![\w.$])eval\s*\)?\s*\(/, description: 'eval()' },
  { rule: 'MCP-WP-17.7.2', pattern: /new\s+Function\s*\(/, description: 'new Function()' },
  {
    rule: 'MCP-WP-17.7.1',
    pattern: /\.(innerHTML|outerHTML)\s*=(?!=)/,
    description: 'assignment to innerHTML/outerHTML',
  },
  { rule: 'MCP-WP-17.7.1', pattern: /\binsertAdjacentHTML\s*\(/, description: 'insertAdjacentHTML()' },
  { rule: 'MCP-WP-17.7.1', pattern: /\bdocument\.write(ln)?\s*\(/, description: 'document.write()' },
  { rule: 'MCP-WP-17.7.1', pattern: /\bunsafe(HTML|SVG)\s*\(/, description: 'lit unsafeHTML/unsafeSVG' },
];

/** The page's Content-Security-Policy: the dashboard's own (no inline script; eval only for the host's ajv). */
export const TEST_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'";

const CHROME_CANDIDATES = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

interface Options {
  modules: string[];
  out?: string;
  json: boolean;
  cycles: number;
}

function parse(args: string[]): Options | string {
  const options: Options = { modules: [], json: false, cycles: 10 };
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i]!;
    if (a === '--out') options.out = args[++i];
    else if (a === '--json') options.json = true;
    else if (a === '--cycles') options.cycles = Number(args[++i]);
    else if (a.startsWith('--')) return `unknown option ${a}`;
    else options.modules.push(a);
  }
  if (!options.modules.length) return 'name at least one widget module, e.g. mcpwp test ./src/my-widget.ts';
  if (options.out === undefined && args.includes('--out')) return '--out needs a file name';
  if (!Number.isInteger(options.cycles) || options.cycles < 1 || options.cycles > 100)
    return '--cycles must be a whole number from 1 to 100';
  return options;
}

/** The folder of this package (where widgets/kit/test-kit lives), from this file upwards. */
export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(resolve(dir, 'widgets/kit/test-kit/browser-entry.ts'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the mcp-dashboard package (widgets/kit/test-kit) above ' + from);
    dir = up;
  }
}

/** Scans the widget's own files (not node_modules) for forbidden patterns. */
async function scanSources(
  inputs: string[],
  root: string,
): Promise<Array<{ rule: string; description: string; location: string }>> {
  const findings: Array<{ rule: string; description: string; location: string }> = [];
  for (const input of inputs) {
    if (input.includes('node_modules') || !/\.(ts|js|mjs)$/.test(input)) continue;
    const file = resolve(root, input);
    const text = await readFile(file, 'utf8').catch(() => '');
    text.split('\n').forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '');
      if (/^\s*(\*|\/\*)/.test(code)) return;
      for (const r of SOURCE_RULES)
        if (r.pattern.test(code))
          findings.push({
            rule: r.rule,
            description: r.description,
            location: `${relative(process.cwd(), file)}:${i + 1}`,
          });
    });
  }
  return findings;
}

interface Bundled {
  code: string;
  bytes: number;
  gzipBytes: number;
  findings: Array<{ rule: string; description: string; location: string }>;
}

async function bundleWidget(modulePath: string): Promise<Bundled> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [modulePath],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    outfile: 'widget.js',
    logLevel: 'silent',
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const findings = await scanSources(Object.keys(result.metafile!.inputs), process.cwd());
  return { code, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length, findings };
}

async function bundleHarness(root: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [resolve(root, 'widgets/kit/test-kit/browser-entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outfile: 'harness.js',
    logLevel: 'silent',
    absWorkingDir: root,
  });
  return result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
}

function serve(files: Map<string, string>): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const body = files.get(path);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8',
      'Content-Security-Policy': TEST_CSP,
      'Cache-Control': 'no-store',
    });
    res.end(body);
  });
  return new Promise((resolvePromise) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolvePromise({ server, origin: `http://127.0.0.1:${address.port}` });
    });
  });
}

function summary(report: any): string {
  const lines = [
    `${report.widgetName}: score ${report.overallScore}/100, ${report.certificationEligible ? 'certification-eligible' : 'NOT certification-eligible'}`,
  ];
  for (const r of report.results) {
    const passed = r.checks.filter((c: any) => c.passed).length;
    lines.push(
      `  ${r.passed ? '\u2713' : '\u2717'} ${r.category}: ${passed}/${r.checks.length} checks passed (${r.executionTime} ms)`,
    );
    for (const f of r.failures) lines.push(`      \u2717 ${f.rule} [${f.severity}] ${f.description}`);
    for (const w of r.warnings) lines.push(`      ! ${w.rule} ${w.description} \u2014 ${w.recommendation}`);
  }
  return lines.join('\n');
}

/** Runs the suite over `modules`; resolves with the reports. */
export async function runConformanceCli(
  modules: string[],
  options: { cycles?: number; log?: (line: string) => void } = {},
): Promise<any[]> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const root = packageRoot();
  // All three at once, so one install command fixes it (they are not dependencies of mcp-dashboard).
  requireAuthorTools('test', ['esbuild', 'playwright-core', 'axe-core']);
  const chromePath = CHROME_CANDIDATES.find((p) => p && existsSync(p));
  if (!chromePath)
    throw new Error('No Chrome or Chromium found. Install one (Debian: apt-get install chromium) or set CHROME_PATH.');
  const { chromium } = await import('playwright-core');
  const files = new Map<string, string>();
  files.set(
    '/',
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>mcpwp test</title></head><body><main id="stage"></main><script type="module" src="/harness.js"></script></body></html>',
  );
  log('mcpwp test: bundling the test kit');
  files.set('/harness.js', await bundleHarness(root));
  const bundles: Bundled[] = [];
  for (const [i, module] of modules.entries()) {
    const path = resolve(module);
    if (!existsSync(path)) throw new Error(`No such widget module: ${module}`);
    log(`mcpwp test: bundling ${module}`);
    const bundled = await bundleWidget(path);
    bundles.push(bundled);
    files.set(`/widget-${i}.js`, bundled.code);
  }
  const { server, origin } = await serve(files);
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const reports: any[] = [];
  try {
    for (const [i, module] of modules.entries()) {
      log(`mcpwp test: running the conformance suite on ${module}`);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const cdp = await page.context().newCDPSession(page);
      await page.exposeFunction('__mcpwpPress', (key: string) => page.keyboard.press(key));
      await page.exposeFunction('__mcpwpHeap', async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        return usage.usedSize;
      });
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => typeof window.__mcpwpRun === 'function', undefined, { timeout: 30_000 });
      const b = bundles[i]!;
      const report = await page.evaluate(([path, opts]) => window.__mcpwpRun(path as string, opts as never), [
        `/widget-${i}.js`,
        {
          bundle: { bytes: b.bytes, gzipBytes: b.gzipBytes },
          sourceFindings: b.findings,
          cspEnforced: true,
          leakCycles: options.cycles ?? 10,
        },
      ] as const);
      (report as any).module = module;
      if (errors.length) (report as any).pageErrors = errors.slice(0, 20);
      reports.push(report);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return reports;
}

const command: McpwpCommand = {
  summary: 'Run the MCP-WP conformance test kit (MCP-WP §16) on widget modules in Chromium and print the report.',
  usage: 'mcpwp test <widget-module>... [--out report.json] [--json] [--cycles 10]',
  async run(args) {
    const options = parse(args);
    if (typeof options === 'string') {
      process.stderr.write(`mcpwp test: ${options}\nUsage: ${command.usage}\n`);
      return 2;
    }
    let reports: any[];
    try {
      reports = await runConformanceCli(options.modules, { cycles: options.cycles });
    } catch (error) {
      process.stderr.write(`mcpwp test: ${(error as Error).message}\n`);
      return 1;
    }
    const output = reports.length === 1 ? reports[0] : reports;
    if (options.out) await writeFile(options.out, `${JSON.stringify(output, null, 2)}\n`);
    if (options.json) process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    else
      process.stdout.write(
        `${reports.map(summary).join('\n\n')}\n${options.out ? `\nReport written to ${options.out}\n` : ''}`,
      );
    return reports.every((r) => r.certificationEligible) ? 0 : 1;
  },
};

export default command;
