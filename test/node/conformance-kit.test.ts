import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { runConformanceCli } from '../../gateway/src/mcpwp/commands/test.js';

// The conformance kit (MCP-WP §16) run the way `mcpwp test` runs it — real Chromium, bundled
// widgets, CDP heap, real keyboard — over every built-in widget and over a careless widget that
// proves the kit can fail.
const BUILT_IN = ['server-status', 'server-panel', 'tool-browser', 'resource-explorer', 'activity-log'];
let reports: any[] = [];

before(async () => {
  reports = await runConformanceCli(
    [...BUILT_IN.map((w) => `widgets/${w}/index.ts`), 'test/fixtures/widgets/careless-widget.ts'],
    { log: () => {} },
  );
});

const builtIns = () => reports.slice(0, BUILT_IN.length);
const careless = () => reports[BUILT_IN.length];
const failedRules = (report: any) => report.results.flatMap((r: any) => r.failures.map((f: any) => f.rule));
const check = (report: any, rule: string) =>
  report.results.flatMap((r: any) => r.checks).filter((c: any) => c.rule === rule);

test('MCP-WP-17.10.1 / 17.1.3 every built-in widget is certification-eligible (score, lifecycle/events/security 100 %)', () => {
  for (const report of builtIns()) {
    assert.equal(report.certificationEligible, true, `${report.widgetName}: ${JSON.stringify(failedRules(report))}`);
    assert.ok(report.overallScore >= 85);
    assert.equal(report.passed, true, `${report.widgetName} failed ${failedRules(report).join(', ')}`);
  }
});

test('MCP-WP-17.2.1 the report has the test kit shape: version, timestamp, widget name, six categories, score', () => {
  for (const report of reports) {
    assert.equal(typeof report.version, 'string');
    assert.ok(!Number.isNaN(Date.parse(report.timestamp)));
    assert.equal(typeof report.widgetName, 'string');
    assert.deepEqual(report.results.map((r: any) => r.category).sort(), [
      'accessibility',
      'events',
      'lifecycle',
      'metadata',
      'performance',
      'security',
    ]);
    for (const r of report.results)
      assert.ok(Array.isArray(r.failures) && Array.isArray(r.warnings) && typeof r.executionTime === 'number');
  }
});

test('MCP-WP-3.4.2 / 17.3.2 the kit catches a widget that leaves listeners and intervals after destroy; built-ins leave none', () => {
  assert.ok(failedRules(careless()).includes('MCP-WP-17.3.2'));
  assert.ok(
    careless()
      .results.find((r: any) => r.category === 'lifecycle')
      .failures.some((f: any) => f.rule === 'MCP-WP-3.4.2' && /timer/.test(f.description)),
  );
  for (const report of builtIns())
    for (const c of [...check(report, 'MCP-WP-17.3.2'), ...check(report, 'MCP-WP-3.4.2')])
      assert.equal(c.passed, true, `${report.widgetName}: ${c.description}`);
});

test('MCP-WP-17.7.2 the kit catches eval in a widget (at run time and in its source)', () => {
  const failures = careless()
    .results.find((r: any) => r.category === 'security')
    .failures.filter((f: any) => f.rule === 'MCP-WP-17.7.2');
  assert.ok(
    failures.some((f: any) => /eval\(1 \+ 1\)/.test(f.description)),
    JSON.stringify(failures),
  );
  assert.ok(
    failures.some((f: any) => /careless-widget\.ts:\d+/.test(f.description)),
    JSON.stringify(failures),
  );
});

test('MCP-WP-17.7.1 the kit catches server data written to innerHTML; built-ins render it as text', () => {
  assert.ok(
    careless()
      .results.find((r: any) => r.category === 'security')
      .failures.some((f: any) => f.rule === 'MCP-WP-17.7.1' && /innerHTML/.test(f.description)),
  );
  for (const report of builtIns()) for (const c of check(report, 'MCP-WP-17.7.1')) assert.equal(c.passed, true);
});

test('MCP-WP-17.4.4 the kit catches a direct MCPBridge.callTool()', () => {
  assert.ok(failedRules(careless()).includes('MCP-WP-17.4.4'));
});

test('MCP-WP-3.5.2 / 17.1.3a the kit catches an AgentAPI whose capabilities change between calls and whose executeAction throws; built-ins pass', () => {
  const lifecycle = careless().results.find((r: any) => r.category === 'lifecycle');
  assert.ok(
    lifecycle.failures.some((f: any) => f.rule === 'MCP-WP-17.1.3' && /same document/.test(f.description)),
    JSON.stringify(lifecycle.failures),
  );
  assert.ok(lifecycle.failures.some((f: any) => f.rule === 'MCP-WP-3.5.2' && /unknown action/.test(f.description)));
  for (const report of builtIns()) {
    const agentChecks = [...check(report, 'MCP-WP-17.1.3'), ...check(report, 'MCP-WP-3.5.2')];
    assert.ok(agentChecks.length >= 4, `${report.widgetName}: the AgentAPI was checked`);
    for (const c of agentChecks) assert.equal(c.passed, true, `${report.widgetName}: ${c.description}`);
  }
});

test('MCP-WP-6.6.2 built-in widgets start and stop with and without WidgetMessaging, OfflineCache and Telemetry, and leave no message subscription', () => {
  for (const report of builtIns())
    for (const c of check(report, 'MCP-WP-6.6.2'))
      assert.equal(c.passed, true, `${report.widgetName}: ${c.description}`);
  assert.ok(builtIns().every((report) => check(report, 'MCP-WP-6.6.2').length === 1));
});

test('MCP-WP-6.7.2 the kit catches a widget that sends server data through Telemetry; built-ins send none', () => {
  const leak = careless()
    .results.flatMap((r: any) => r.failures)
    .find((f: any) => f.rule === 'MCP-WP-6.7.2');
  assert.ok(leak && /trackEvent\(.*conformance-private-server/.test(leak.description), JSON.stringify(leak));
  for (const report of builtIns()) {
    const checks = check(report, 'MCP-WP-6.7.2');
    assert.equal(checks.length, 1, `${report.widgetName}: the Telemetry check ran`);
    assert.equal(checks[0].passed, true, `${report.widgetName}: ${checks[0].description}`);
  }
});

test('MCP-WP-4.2.3 the kit checks metadata with the host schema (a wrong category fails)', () => {
  assert.ok(failedRules(careless()).includes('MCP-WP-4.2.3'));
  assert.equal(careless().certificationEligible, false);
});

test('MCP-WP-17.5.1 / 17.5.2 built-in widgets pass axe-core and keyboard reachability in real Chromium', () => {
  for (const report of builtIns()) {
    assert.ok(check(report, 'MCP-WP-17.5.1').length >= 2);
    assert.ok(check(report, 'MCP-WP-17.5.2').length >= 1, `${report.widgetName}: keyboard checks ran`);
  }
});

test('MCP-WP-17.6.1 / 17.6.4 bundle size and a 10-cycle leak check were measured for each built-in widget', () => {
  for (const report of builtIns()) {
    const perf = report.results.find((r: any) => r.category === 'performance');
    assert.ok(perf.checks.some((c: any) => c.rule === 'MCP-WP-17.6.1' && c.passed));
    assert.ok(perf.checks.some((c: any) => c.rule === 'MCP-WP-17.6.4' && c.passed));
    assert.ok(perf.checks.some((c: any) => c.rule === 'MCP-WP-17.6.3' && c.passed));
  }
});

test('MCP-WP-18.1.4 built-in widgets report getResourceUsage() in bytes and milliseconds; the kit fails a widget using other units', () => {
  for (const report of builtIns()) {
    const checks = check(report, 'MCP-WP-18.1.4');
    assert.equal(checks.length, 1, `${report.widgetName}: the check ran`);
    assert.equal(
      checks[0].passed,
      true,
      `${report.widgetName}: ${JSON.stringify(report.results.flatMap((r: any) => r.failures))}`,
    );
  }
  const failure = careless()
    .results.find((r: any) => r.category === 'performance')
    .failures.find((f: any) => f.rule === 'MCP-WP-18.1.4');
  assert.ok(failure, JSON.stringify(failedRules(careless())));
  assert.match(JSON.stringify(failure), /memoryUsed, bundleSize, renderTime/);
});

/** Every built-in widget passed every check of `rule` (and the check ran). */
function allPass(rule: string): void {
  for (const report of builtIns()) {
    const checks = check(report, rule);
    assert.ok(checks.length > 0, `${report.widgetName}: no ${rule} check ran`);
    for (const c of checks) assert.equal(c.passed, true, `${report.widgetName}: ${c.description}`);
  }
}

test('MCP-WP-3.1.1 / 3.1.2 / 3.1.4 each built-in module default-exports a factory of (dependencies, serverInfo) returning { api, widget }', () =>
  allPass('MCP-WP-3.1.4'));
test('MCP-WP-3.4.1 lifecycle members are async functions', () => allPass('MCP-WP-3.4.1'));
test('MCP-WP-3.4.3 / 17.3.4 refresh() re-fetches tools, resources and prompts and the UI shows the change', () =>
  allPass('MCP-WP-17.3.4'));
test('MCP-WP-3.4.4 / 17.3.3 destroy() finishes within 5000 ms', () => allPass('MCP-WP-17.3.3'));
test('MCP-WP-4.3.2 built-in widgets work with only EventBus, MCPBridge and Configuration (the kit gives nothing else)', () =>
  allPass('MCP-WP-17.3.1'));
test('MCP-WP-5.1.1 / 5.1.2 the element named in widget.element is registered and starts with mcp-', () => {
  allPass('MCP-WP-5.1.1');
  allPass('MCP-WP-5.1.2');
});
test('MCP-WP-5.1.3 registration is idempotent: a second instance and a second load of the module do not throw', () =>
  allPass('MCP-WP-5.1.3'));
test('MCP-WP-5.2.1 / 17.3.5 / 17.3.6 the element implements getStatus() returning a valid status', () => {
  allPass('MCP-WP-17.3.5');
  allPass('MCP-WP-17.3.6');
});
test('MCP-WP-5.4.1 / 11.1.1 hostile server strings run nothing and never reach an HTML sink', () =>
  allPass('MCP-WP-17.7.1'));
test('MCP-WP-7.1.3 / 17.4.2 / 17.4.3 tool invocation is an event with serverName, toolName and args, answered by host events', () => {
  for (const name of ['mcp-tool-browser-widget', 'mcp-server-panel-widget']) {
    const report = builtIns().find((r) => r.widgetName === name);
    for (const rule of ['MCP-WP-17.4.2', 'MCP-WP-17.4.3']) {
      const checks = check(report, rule);
      assert.ok(checks.length > 0 && checks.every((c: any) => c.passed), `${name} ${rule}`);
    }
  }
});
test('MCP-WP-8.1.1 / 8.2.1 / 17.4.1 widgets emit only mcp:<subject>:<action> events and never host-only ones', () => {
  allPass('MCP-WP-17.4.1');
  allPass('MCP-WP-8.2.1');
});
test('MCP-WP-11.5.1 / 11.5.8 / 17.5.4 axe-core (WCAG 2.1 AA rules, contrast included) finds nothing, before and after interaction', () => {
  allPass('MCP-WP-17.5.1');
  allPass('MCP-WP-17.5.4');
});
test('MCP-WP-11.5.2 / 17.5.5 every control is reachable with Tab, shows a focus indicator, and Enter activates buttons', () => {
  allPass('MCP-WP-17.5.2');
  allPass('MCP-WP-17.5.5');
});
test('MCP-WP-11.5.3 / 11.5.9 / 17.5.3 every button and input has an accessible name', () => allPass('MCP-WP-17.5.3'));
test('MCP-WP-18.1.1 / 18.1.2 / 18.1.3 / 17.6.2 / 17.6.3 bundle ≤ 500 KB gz, first render ≤ 500 ms, memory after init ≤ 20 MB', () => {
  allPass('MCP-WP-17.6.1');
  allPass('MCP-WP-17.6.2');
  allPass('MCP-WP-17.6.3');
});
test('MCP-WP-17.9.1 the kit drives widgets through MockEventBus, MockMCPBridge and MockConfiguration (calls are recorded)', () => {
  // The careless widget's direct callTool was seen only because MockMCPBridge records calls.
  assert.ok(
    careless()
      .results.find((r: any) => r.category === 'events')
      .failures.some((f: any) => /1 direct call/.test(f.description)),
  );
});
