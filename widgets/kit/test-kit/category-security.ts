// Conformance category — Security: hostile server data, HTML sinks, eval, CSP, declared permissions, signatures.

import { deepAll, deepText } from './dom.js';
import { hostileServerInfo } from './fixtures.js';
import { sleep, type Mounted, type WidgetHarness } from './harness.js';
import { Instrumentation } from './instrument.js';
import { CategoryRecorder, type TestResult } from './report.js';

/** Security (MCP-WP-17.7, §11.1). */
export async function testSecurity(suite: WidgetHarness): Promise<TestResult> {
  const rec = new CategoryRecorder('security');
  const instruments = new Instrumentation();
  const violations: string[] = [];
  const onViolation = (e: SecurityPolicyViolationEvent) => violations.push(`${e.violatedDirective} ${e.blockedURI}`);
  document.addEventListener('securitypolicyviolation', onViolation);
  (window as any).__mcpwpXss = 0;
  instruments.install();
  let m: Mounted | undefined;
  try {
    m = await suite.mount(hostileServerInfo());
    await suite.exercise(m);
    await sleep(100);
    const text = deepText(m.element);
    const ran = (window as any).__mcpwpXss ?? 0;
    const injected = deepAll(m.element, 'img[src="x"], img[onerror], script').length;
    // A widget that shows no server strings passes too: what matters is that nothing ran or was injected.
    rec.check(
      'MCP-WP-17.7.1',
      'hostile markup in server data runs nothing and injects no element (MCP-WP-11.1.2)',
      ran === 0 && injected === 0,
      `script ran ${ran} time(s); ${injected} injected element(s)`,
      'critical',
    );
    if (!text.includes('<img src=x'))
      rec.warn(
        'MCP-WP-5.4.2',
        'the widget showed none of the server strings the suite offered',
        'If the widget shows tool names or descriptions, check they appear as text.',
      );
    const tainted = instruments.htmlSinks.filter((s) => s.value.includes('__mcpwpXss'));
    rec.check(
      'MCP-WP-17.7.1',
      'server data never reaches innerHTML or another HTML sink',
      tainted.length === 0,
      tainted.map((t) => t.sink).join(', '),
      'critical',
    );
    const findings = suite.options.sourceFindings ?? [];
    for (const rule of ['MCP-WP-17.7.1', 'MCP-WP-17.7.2']) {
      const mine = findings.filter((f) => f.rule === rule);
      if (suite.options.sourceFindings)
        rec.check(
          rule,
          `the widget's own source has no ${rule === 'MCP-WP-17.7.2' ? 'eval / new Function' : 'raw HTML sink'}`,
          mine.length === 0,
          mine.map((f) => `${f.description} at ${f.location}`).join('; '),
          'critical',
        );
    }
    rec.check(
      'MCP-WP-17.7.2',
      'the widget runs no eval() or new Function() while in use',
      instruments.evalCalls.length === 0,
      instruments.evalCalls.join('; '),
      'critical',
    );
    if (suite.options.cspEnforced) {
      rec.check(
        'MCP-WP-17.7.3',
        'no Content-Security-Policy violation (no inline script, no eval)',
        violations.length === 0,
        violations.join('; '),
      );
    } else {
      rec.warn(
        'MCP-WP-17.7.3',
        'the page was not served with a strict CSP',
        'Run "mcpwp test", which serves the widget under script-src \'self\'.',
      );
    }
    const declared = (m.result.widget.permissions ?? {}) as {
      mcpOperations?: Record<string, boolean>;
      storage?: string;
      network?: { domains?: string[] };
      clipboard?: boolean;
    };
    const ops = declared.mcpOperations ?? {};
    const used = (method: string) => m!.bridge.getCallHistory().some((c) => c.method === method);
    const undeclared: string[] = [];
    if (m.bus.getEmittedEvents(/^mcp:tool:invoke-requested$/).length && !ops.invokeTool) undeclared.push('invokeTool');
    if ((used('readResource') || m.bus.getEmittedEvents(/^mcp:resource:read-requested$/).length) && !ops.readResource)
      undeclared.push('readResource');
    if ((used('getPrompt') || m.bus.getEmittedEvents(/^mcp:prompt:invoke-requested$/).length) && !ops.getPrompt)
      undeclared.push('getPrompt');
    if (used('subscribeToResource') && !ops.subscribeToUpdates) undeclared.push('subscribeToUpdates');
    if (m.config.writes.length && (declared.storage ?? 'none') === 'none') undeclared.push('storage');
    if (instruments.clipboard && !declared.clipboard) undeclared.push('clipboard');
    const foreign = instruments.requests.filter((url) => {
      try {
        const host = new URL(url, location.href).hostname;
        return !(declared.network?.domains ?? []).includes(host);
      } catch {
        return true;
      }
    });
    if (foreign.length) undeclared.push(`network (${foreign.slice(0, 3).join(', ')})`);
    rec.check(
      'MCP-WP-17.7.4',
      'every restricted capability the widget uses is declared in permissions (MCP-WP-11.4.1)',
      undeclared.length === 0,
      `used but not declared: ${undeclared.join(', ')}`,
    );
    const w = m.result.widget as { trustLevel?: string; signature?: unknown };
    if (w.trustLevel === 'verified')
      rec.check(
        'MCP-WP-17.7.5',
        'a verified widget carries a signature (MCP-WP-4.2.9)',
        !!w.signature && typeof w.signature === 'object',
      );
  } finally {
    document.removeEventListener('securitypolicyviolation', onViolation);
    if (m) await suite.unmount(m);
    instruments.clearTimers();
    instruments.uninstall();
  }
  return rec.result();
}
