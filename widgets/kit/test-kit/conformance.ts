import axe from 'axe-core';
import type { DependenciesObject, MCPServerInfo, MCPWidgetInterface, WidgetFactory } from '../../../src/core/types.js';
import { checkWidgetContract } from '../../../src/core/widget-contract.js';
import { accessibleName, deepActive, deepAll, deepText, nextPaint, tabbable, within } from './dom.js';
import { HOSTILE, hostileServerInfo, sampleServerInfo } from './fixtures.js';
import { Instrumentation } from './instrument.js';
import { MockConfiguration } from './mock-configuration.js';
import { MockEventBus } from './mock-event-bus.js';
import { MockMCPBridge } from './mock-mcp-bridge.js';
import { CategoryRecorder, scoreReport, type ConformanceReport, type TestResult } from './report.js';

/** What the environment can do for the suite (the `mcpwp test` CLI provides all of it). */
export interface ConformanceOptions {
  widgetName?: string;
  /** Presses a key as a real keyboard would (playwright / web-test-runner sendKeys). */
  press?: (key: string) => Promise<void>;
  /** JS heap in bytes after a forced garbage collection (CDP). */
  measureHeap?: () => Promise<number>;
  /** Re-evaluates the widget module (for idempotent registration, MCP-WP-5.1.3). */
  reload?: () => Promise<WidgetFactory>;
  /** The widget bundle, measured by the CLI. */
  bundle?: { bytes: number; gzipBytes: number };
  /** Static findings in the widget's own source (eval, HTML sinks), from the CLI. */
  sourceFindings?: Array<{ rule: string; description: string; location: string }>;
  /** True when the page is served with a CSP without 'unsafe-inline'/'unsafe-eval' (MCP-WP-17.7.3). */
  cspEnforced?: boolean;
  /** Where widgets are mounted (default: a new element in document.body). */
  container?: HTMLElement;
  /** Create/destroy cycles of the leak check (MCP-WP-17.6.4: 10). */
  leakCycles?: number;
}

/** A mounted widget under test with its mock dependencies. */
interface Mounted {
  result: MCPWidgetInterface;
  element: HTMLElement;
  bus: MockEventBus;
  bridge: MockMCPBridge;
  config: MockConfiguration;
  info: MCPServerInfo;
}

const HOST_ONLY = /^mcp:(server:(connected|disconnected|error)|tool:(calling|result|error|cancelled|invalid-args|progress)|resource:(read|updated)|prompt:(result|error)|host:.*)$/;
const EVENT_NAME = /^mcp:[a-z0-9-]+(:[a-z0-9-]+)+$/;
// The suite's own timers use the real functions, so they never count as the widget's.
const realSetTimeout = window.setTimeout.bind(window);
const realClearTimeout = window.clearTimeout.bind(window);
const sleep = (ms: number) => new Promise<void>((r) => realSetTimeout(r, ms));
function withTimeout<T>(p: Promise<T>, ms: number): Promise<{ ok: true; v: T } | { ok: false }> {
  let timer = 0;
  return Promise.race([
    p.then((v) => ({ ok: true as const, v })),
    new Promise<{ ok: false }>((r) => {
      timer = realSetTimeout(() => r({ ok: false }), ms);
    }),
  ]).finally(() => realClearTimeout(timer));
}

/**
 * The MCP-WP §16 conformance suite (MCP-WP-17.2.1) for one widget factory, run in a real browser
 * with MockEventBus, MockMCPBridge and MockConfiguration (MCP-WP-17.9.1).
 */
export class ConformanceSuite {
  private readonly container: HTMLElement;

  constructor(
    private readonly factory: WidgetFactory,
    private readonly options: ConformanceOptions = {},
  ) {
    this.container = options.container ?? document.body.appendChild(document.createElement('div'));
  }

  private async mount(info: MCPServerInfo = sampleServerInfo(), initialize = true): Promise<Mounted> {
    const bus = new MockEventBus();
    const bridge = new MockMCPBridge(info);
    const config = new MockConfiguration();
    const deps: DependenciesObject = { EventBus: bus, MCPBridge: bridge, Configuration: config };
    const result = (await this.factory(deps, info)) as MCPWidgetInterface;
    const tag = (result?.widget as { element?: string } | undefined)?.element ?? '';
    const given = (result?.api as { element?: unknown } | undefined)?.element;
    const element = given instanceof HTMLElement ? given : document.createElement(/^[a-z][a-z0-9-]*-[a-z0-9-]*$/.test(tag) ? tag : 'div');
    if (initialize && result?.api?.initialize) await result.api.initialize();
    this.container.append(element);
    await (element as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
    await nextPaint();
    return { result, element, bus, bridge, config, info };
  }

  private async unmount(m: Mounted): Promise<void> {
    await withTimeout(Promise.resolve().then(() => m.result.api?.destroy?.()), 5000);
    m.element.remove();
  }

  /**
   * Clicks what a user would click, depth first: everything inside the current view before moving
   * to the next tab, filling required fields before a submit. Budget: `clicks` clicks.
   */
  private async exercise(m: Mounted, clicks = 60, until?: () => boolean): Promise<void> {
    const clicked = new Set<Element>();
    for (let n = 0; n < clicks && !until?.(); n += 1) {
      const candidates = deepAll<HTMLButtonElement>(m.element, 'button, [role="tab"], summary').filter(
        (b) => b.isConnected && !clicked.has(b) && !/download/i.test(b.textContent ?? '') && b.getAttribute('aria-disabled') !== 'true',
      );
      const next = candidates.find((b) => b.getAttribute('role') !== 'tab') ?? candidates[0];
      if (!next) break;
      clicked.add(next);
      if (next.type === 'submit') {
        for (const input of deepAll<HTMLInputElement>(m.element, 'input[aria-required="true"]')) {
          if (input.value) continue;
          input.value = input.type === 'number' ? '1' : 'conformance';
          input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        }
        await nextPaint();
      }
      next.click();
      await nextPaint();
    }
  }

  /** Lifecycle correctness (MCP-WP-17.3, §3.4, §5.1, §5.2). */
  async testLifecycle(): Promise<TestResult> {
    const rec = new CategoryRecorder('lifecycle');
    const instruments = new Instrumentation();
    instruments.install();
    let m: Mounted | undefined;
    try {
      const info = sampleServerInfo();
      const bus = new MockEventBus();
      const bridge = new MockMCPBridge(info);
      const config = new MockConfiguration();
      let result: MCPWidgetInterface | undefined;
      try {
        result = (await this.factory({ EventBus: bus, MCPBridge: bridge, Configuration: config }, info)) as MCPWidgetInterface;
      } catch (error) {
        rec.check('MCP-WP-3.1.4', 'the factory returns { api, widget }', false, `it threw: ${(error as Error).message}`, 'critical');
        return rec.result();
      }
      const shaped = !!result && typeof result === 'object' && !!result.api && !!result.widget;
      rec.check('MCP-WP-3.1.4', 'the factory returns { api, widget }', shaped, undefined, 'critical');
      if (!shaped) return rec.result();
      const tag = String(result.widget.element);
      rec.check('MCP-WP-5.1.1', `the element <${tag}> is registered`, !!customElements.get(tag), 'customElements.get() finds nothing', 'critical');
      rec.check('MCP-WP-5.1.2', 'the element name starts with mcp-', tag.startsWith('mcp-'));
      const given = (result.api as { element?: unknown }).element;
      const element = given instanceof HTMLElement ? given : customElements.get(tag) ? document.createElement(tag) : document.createElement('div');
      const started = performance.now();
      const init = await withTimeout(Promise.resolve().then(() => result!.api.initialize?.()), 5000);
      rec.check('MCP-WP-17.3.1', 'api.initialize() completes within 5000 ms', init.ok, init.ok ? undefined : 'it did not settle within 5000 ms', 'critical');
      rec.check('MCP-WP-3.4.1', 'api.initialize, refresh and destroy are functions when present', ['initialize', 'refresh', 'destroy'].every((k) => result!.api[k] === undefined || typeof result!.api[k] === 'function'));
      void started;
      this.container.append(element);
      await (element as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
      await nextPaint();
      m = { result, element, bus, bridge, config, info };
      const withStatus = element as unknown as { getStatus?: () => unknown; getMCPInfo?: () => unknown };
      const hasStatus = typeof withStatus.getStatus === 'function';
      rec.check('MCP-WP-17.3.5', 'the element defines getStatus()', hasStatus, undefined, 'critical');
      if (hasStatus) {
        let status: any;
        try {
          status = withStatus.getStatus!();
        } catch (error) {
          status = { threw: (error as Error).message };
        }
        const valid =
          status && ['active', 'idle', 'error', 'loading', 'disabled'].includes(status.state) && typeof status.primaryMetric === 'string' && typeof status.secondaryMetric === 'string' &&
          (status.lastActivity === null || typeof status.lastActivity === 'number') && (status.message === null || typeof status.message === 'string');
        rec.check('MCP-WP-17.3.6', 'getStatus() returns a valid MCPWidgetStatus', !!valid, JSON.stringify(status));
      }
      if (typeof withStatus.getMCPInfo !== 'function') rec.warn('MCP-WP-5.3.1', 'the element has no getMCPInfo()', 'Implement getMCPInfo() so hosts need not parse status strings.');
      // Refresh: the server's lists change; the widget must show it.
      if (typeof result.api.refresh === 'function') {
        const probe = 'conformance-refresh-probe';
        const before = { text: deepText(element), info: JSON.stringify(withStatus.getMCPInfo?.() ?? null), status: JSON.stringify(withStatus.getStatus?.() ?? null) };
        bridge.setLists({ tools: [...info.tools, { name: probe, title: probe, description: probe, inputSchema: { type: 'object' } }] });
        const refreshed = await withTimeout(Promise.resolve().then(() => result!.api.refresh!()), 5000);
        await (element as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
        await nextPaint();
        const asked = bridge.getCallHistory().some((c) => c.method === 'listTools');
        const changed =
          deepText(element).includes(probe) || JSON.stringify(withStatus.getMCPInfo?.() ?? null) !== before.info || JSON.stringify(withStatus.getStatus?.() ?? null) !== before.status;
        rec.check('MCP-WP-17.3.4', 'api.refresh() re-fetches and updates the widget', refreshed.ok && asked && changed, !asked ? 'it did not call listTools()' : !changed ? 'nothing visible changed' : 'it did not finish');
      } else {
        rec.warn('MCP-WP-3.4.3', 'the widget has no api.refresh()', 'Provide refresh() so the host can re-fetch server data.');
      }
      // Idempotent registration: a second instance, and the module evaluated again.
      let again = true;
      let detail = '';
      try {
        const second = (await this.factory({ EventBus: new MockEventBus(), MCPBridge: new MockMCPBridge(info), Configuration: new MockConfiguration() }, info)) as MCPWidgetInterface;
        await second.api.destroy?.();
        if (this.options.reload) await this.options.reload();
      } catch (error) {
        again = false;
        detail = (error as Error).message;
      }
      rec.check('MCP-WP-5.1.3', 'registering the element again (second instance, module loaded twice) does not throw', again, detail);
      // Destroy: within 5 s, and nothing left behind.
      const t0 = performance.now();
      const destroyed = await withTimeout(Promise.resolve().then(() => result!.api.destroy?.()), 5000);
      const took = performance.now() - t0;
      element.remove();
      rec.check('MCP-WP-17.3.3', 'api.destroy() completes within 5000 ms (MCP-WP-3.4.4)', destroyed.ok, `it took longer than ${Math.round(took)} ms`, 'critical');
      await sleep(150);
      rec.check('MCP-WP-17.3.2', 'after destroy the widget holds no EventBus listener (MCP-WP-3.4.2)', bus.listenerCount() === 0, `${bus.listenerCount()} listener(s) left`, 'critical');
      rec.check('MCP-WP-3.4.2', 'after destroy no timer or interval of the widget is pending', instruments.pendingTimers() === 0, `${instruments.pendingTimers()} timer(s) left`, 'critical');
      rec.check('MCP-WP-3.4.2', 'after destroy no resource subscription is open', bridge.activeSubscriptions() === 0, `${bridge.activeSubscriptions()} subscription(s) left`, 'critical');
      rec.check('MCP-WP-3.4.2', 'after destroy no Configuration listener is left', config.listenerCount() === 0, `${config.listenerCount()} listener(s) left`);
      m = undefined;
    } finally {
      instruments.clearTimers();
      instruments.uninstall();
      if (m) m.element.remove();
    }
    return rec.result();
  }

  /** Event contracts (MCP-WP-17.4, §7.1.3, §8). */
  async testEventContracts(): Promise<TestResult> {
    const rec = new CategoryRecorder('events');
    const m = await this.mount();
    try {
      m.bus.on('mcp:tool:invoke-requested', (d: { requestId?: string; toolName?: string }) => {
        // Play the host: answer the first request with a result, the second with an error.
        const answered = m.bus.getEmittedEvents(/^mcp:tool:(result|error)$/).length;
        realSetTimeout(() => {
          if (answered === 0) m.bus.hostEmit('mcp:tool:result', { serverName: m.info.serverName, toolName: d.toolName, requestId: d.requestId, result: { content: [{ type: 'text', text: 'conformance-result-marker' }] }, latency: 5 });
          else m.bus.hostEmit('mcp:tool:error', { serverName: m.info.serverName, toolName: d.toolName, requestId: d.requestId, error: { message: 'conformance-error-marker', jsonrpcCode: -32603 } });
        }, 0);
      });
      await this.exercise(m);
      await nextPaint();
      const emitted = m.bus.events.filter((e) => e.source === 'widget');
      const badNames = emitted.filter((e) => !EVENT_NAME.test(e.name)).map((e) => e.name);
      rec.check('MCP-WP-17.4.1', 'every event the widget emits is named mcp:<subject>:<action> (MCP-WP-8.1.1)', badNames.length === 0, badNames.join(', '));
      const forged = emitted.filter((e) => HOST_ONLY.test(e.name)).map((e) => e.name);
      rec.check('MCP-WP-8.2.1', 'the widget emits no event that only the host may emit', forged.length === 0, forged.join(', '), 'critical');
      const invokes = m.bus.getEmittedEvents(/^mcp:tool:invoke-requested$/).filter((e) => e.source === 'widget');
      const direct = m.bridge.getCallHistory().filter((c) => c.method === 'callTool');
      rec.check('MCP-WP-17.4.4', 'the widget never calls MCPBridge.callTool() directly (MCP-WP-7.1.3, 11.2.4)', direct.length === 0, `${direct.length} direct call(s)`, 'critical');
      const permissions = (m.result.widget.permissions ?? {}) as { mcpOperations?: { invokeTool?: boolean } };
      if (invokes.length) {
        const wellFormed = invokes.every((e) => e.data && typeof e.data.serverName === 'string' && typeof e.data.toolName === 'string' && e.data.args && typeof e.data.args === 'object');
        rec.check('MCP-WP-17.4.2', 'mcp:tool:invoke-requested carries serverName, toolName and args', wellFormed, JSON.stringify(invokes[0]!.data));
        const text = deepText(m.element);
        rec.check('MCP-WP-17.4.3', 'the widget shows the host’s mcp:tool:result / mcp:tool:error for its request', text.includes('conformance-result-marker') || text.includes('conformance-error-marker'), 'neither the result nor the error appeared');
      } else if (permissions.mcpOperations?.invokeTool) {
        rec.warn('MCP-WP-17.4.2', 'the widget declares invokeTool but the suite could not make it invoke a tool', 'Make tool invocation reachable by clicking through the widget.');
      }
    } finally {
      await this.unmount(m);
    }
    return rec.result();
  }

  /** Accessibility (MCP-WP-17.5, §11.5). */
  async testAccessibility(): Promise<TestResult> {
    const rec = new CategoryRecorder('accessibility');
    const m = await this.mount();
    try {
      const audit = async (when: string) => {
        const results = await axe.run(m.element, { resultTypes: ['violations'] });
        const serious = results.violations.filter((v) => v.id !== 'color-contrast');
        rec.check('MCP-WP-17.5.1', `axe-core finds no violations (${when})`, serious.length === 0, serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`).join('; '));
        const contrast = results.violations.filter((v) => v.id === 'color-contrast');
        rec.check('MCP-WP-17.5.4', `text contrast meets WCAG AA (${when}, MCP-WP-11.5.8)`, contrast.length === 0, contrast.map((v) => v.nodes.map((n) => n.target.join(' ')).join(', ')).join('; '));
      };
      await audit('as first shown');
      const controls = deepAll<HTMLElement>(m.element, 'button, input, select, textarea, [role="button"], [role="tab"]');
      const unnamed = controls.filter((c) => !(c instanceof HTMLInputElement && c.type === 'hidden') && !accessibleName(c));
      rec.check('MCP-WP-17.5.3', 'every button and form input has an accessible name (MCP-WP-11.5.9)', unnamed.length === 0, unnamed.map((c) => `<${c.localName}${c.id ? `#${c.id}` : ''}>`).join(', '));
      if (this.options.press) {
        const reachable = tabbable(m.element);
        const seen = new Set<Element>();
        const noIndicator: string[] = [];
        reachable[0]?.focus();
        (document.activeElement as HTMLElement | null)?.blur();
        const start = document.createElement('button');
        start.textContent = 'start';
        this.container.before(start);
        start.focus();
        for (let i = 0; i < Math.min(reachable.length + 5, 200); i += 1) {
          await this.options.press('Tab');
          const active = deepActive();
          if (!active || !within(m.element, active)) {
            if (seen.size) break;
            continue;
          }
          if (seen.has(active)) break;
          seen.add(active);
          const style = getComputedStyle(active);
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          if (!outline && (style.boxShadow === 'none' || !style.boxShadow)) noIndicator.push(`<${active.localName}>`);
        }
        start.remove();
        const missed = reachable.filter((el) => !seen.has(el) && !el.closest?.('[role="tablist"]') && el.getAttribute('role') !== 'tab');
        rec.check('MCP-WP-17.5.2', 'every interactive element is reachable with Tab (MCP-WP-11.5.2)', missed.length === 0, missed.slice(0, 5).map((el) => `<${el.localName}> "${accessibleName(el).slice(0, 30)}"`).join(', '));
        rec.check('MCP-WP-17.5.5', 'focused elements show a visible focus indicator', noIndicator.length === 0, noIndicator.slice(0, 5).join(', '));
        const firstButton = [...seen].find((el) => el instanceof HTMLButtonElement) as HTMLButtonElement | undefined;
        if (firstButton) {
          let clicked = false;
          firstButton.addEventListener('click', () => (clicked = true), { once: true });
          firstButton.focus();
          await this.options.press('Enter');
          await nextPaint();
          rec.check('MCP-WP-17.5.2', 'Enter activates the focused button', clicked);
        }
      } else {
        rec.warn('MCP-WP-17.5.2', 'keyboard navigation was not tested (no key driver)', 'Run the suite through "mcpwp test", which drives a real keyboard.');
      }
      const withArgs = () => m.bus.getEmittedEvents(/^mcp:tool:invoke-requested$/).find((e) => Object.keys(e.data?.args ?? {}).length > 0);
      await this.exercise(m, 40, () => withArgs() !== undefined);
      const invoke = withArgs();
      if (invoke?.data) {
        const keys = Object.keys(invoke.data.args ?? {});
        m.bus.hostEmit('mcp:tool:invalid-args', { serverName: m.info.serverName, toolName: invoke.data.toolName, requestId: invoke.data.requestId, problems: [{ path: keys.length ? `/${keys[0]}` : '', message: 'is not valid (conformance check)' }] });
        await nextPaint();
        await nextPaint();
        const invalid = deepAll<HTMLElement>(m.element, '[aria-invalid="true"]');
        const unlinked = invalid.filter((el) => {
          const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
          const root = el.getRootNode() as ShadowRoot | Document;
          return !ids.some((id) => /conformance check|not valid/.test(root.getElementById(id)?.textContent ?? ''));
        });
        rec.check('MCP-WP-17.5.6', 'error messages are linked to their fields with aria-describedby (MCP-WP-11.5.10)', invalid.length > 0 && unlinked.length === 0, invalid.length === 0 ? 'no field was marked invalid' : `${unlinked.length} field(s) without a linked message`);
      }
      await audit('after interaction');
    } finally {
      await this.unmount(m);
    }
    return rec.result();
  }

  /** Performance budgets (MCP-WP-17.6, §18). */
  async testPerformance(): Promise<TestResult> {
    const rec = new CategoryRecorder('performance');
    const bundle = this.options.bundle;
    if (bundle) {
      const kb = bundle.gzipBytes / 1024;
      rec.check('MCP-WP-17.6.1', 'the bundle is at most 500 KB gzipped (MCP-WP-18.1.1)', kb <= 500, `${kb.toFixed(1)} KB`);
      if (kb > 200) rec.warn('MCP-WP-17.6.1', `the bundle is ${kb.toFixed(1)} KB gzipped`, 'Aim for 100 KB or less of core logic.');
    } else {
      rec.warn('MCP-WP-17.6.1', 'bundle size not measured', 'Run "mcpwp test", which bundles and gzips the widget.');
    }
    const heap = this.options.measureHeap;
    const before = heap ? await heap() : 0;
    const t0 = performance.now();
    const m = await this.mount();
    const render = performance.now() - t0;
    rec.check('MCP-WP-17.6.2', 'first render within 500 ms of mounting (MCP-WP-18.1.2)', render <= 500, `${Math.round(render)} ms`);
    if (render > 300) rec.warn('MCP-WP-17.6.2', `first render took ${Math.round(render)} ms`, 'Aim for 200 ms or less.');
    if (heap) {
      const used = (await heap()) - before;
      rec.check('MCP-WP-17.6.3', 'memory after initialisation at most 20 MB (MCP-WP-18.1.3)', used <= 20 * 1024 * 1024, `${(used / 1024 / 1024).toFixed(2)} MB`);
      if (used > 15 * 1024 * 1024) rec.warn('MCP-WP-17.6.3', `memory after init is ${(used / 1024 / 1024).toFixed(1)} MB`, 'Aim for 10 MB or less.');
    } else {
      rec.warn('MCP-WP-17.6.3', 'memory not measured', 'Run "mcpwp test", which reads the heap through Chromium.');
    }
    const usage = (m.element as unknown as { getResourceUsage?: () => unknown }).getResourceUsage;
    if (typeof usage === 'function') {
      const u = usage.call(m.element) as { memoryUsed?: unknown; bundleSize?: unknown; renderTime?: unknown };
      const bad = ['memoryUsed', 'bundleSize', 'renderTime'].filter((k) => {
        const v = (u as Record<string, unknown> | undefined)?.[k];
        // Bytes are whole numbers; milliseconds may have a fraction. Neither is negative or NaN.
        return typeof v !== 'number' || !Number.isFinite(v) || v < 0 || (k !== 'renderTime' && !Number.isInteger(v));
      });
      rec.check('MCP-WP-18.1.4', 'getResourceUsage() reports bytes (whole numbers) and milliseconds, none negative', bad.length === 0, bad.length ? `not valid: ${bad.join(', ')} in ${JSON.stringify(u)}` : undefined);
    }
    await this.unmount(m);
    if (heap) {
      const cycles = this.options.leakCycles ?? 10;
      const warm = await this.mount();
      await this.unmount(warm);
      const baseline = await heap();
      for (let i = 0; i < cycles; i += 1) {
        const c = await this.mount();
        await this.unmount(c);
      }
      const after = await heap();
      const growth = (after - baseline) / baseline;
      rec.check('MCP-WP-17.6.4', `memory grows at most 10 % over ${cycles} create/destroy cycles`, growth <= 0.1, `${(growth * 100).toFixed(1)} % (${baseline} → ${after} bytes)`);
    } else {
      rec.warn('MCP-WP-17.6.4', 'leak check not run', 'Run "mcpwp test", which reads the heap after garbage collection.');
    }
    return rec.result();
  }

  /** Security (MCP-WP-17.7, §11.1). */
  async testSecurity(): Promise<TestResult> {
    const rec = new CategoryRecorder('security');
    const instruments = new Instrumentation();
    const violations: string[] = [];
    const onViolation = (e: SecurityPolicyViolationEvent) => violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    document.addEventListener('securitypolicyviolation', onViolation);
    (window as any).__mcpwpXss = 0;
    instruments.install();
    let m: Mounted | undefined;
    try {
      m = await this.mount(hostileServerInfo());
      await this.exercise(m);
      await sleep(100);
      const text = deepText(m.element);
      const ran = (window as any).__mcpwpXss ?? 0;
      const injected = deepAll(m.element, 'img[src="x"], img[onerror], script').length;
      // A widget that shows no server strings passes too: what matters is that nothing ran or was injected.
      rec.check('MCP-WP-17.7.1', 'hostile markup in server data runs nothing and injects no element (MCP-WP-11.1.2)', ran === 0 && injected === 0, `script ran ${ran} time(s); ${injected} injected element(s)`, 'critical');
      if (!text.includes('<img src=x')) rec.warn('MCP-WP-5.4.2', 'the widget showed none of the server strings the suite offered', 'If the widget shows tool names or descriptions, check they appear as text.');
      const tainted = instruments.htmlSinks.filter((s) => s.value.includes('__mcpwpXss'));
      rec.check('MCP-WP-17.7.1', 'server data never reaches innerHTML or another HTML sink', tainted.length === 0, tainted.map((t) => t.sink).join(', '), 'critical');
      const findings = this.options.sourceFindings ?? [];
      for (const rule of ['MCP-WP-17.7.1', 'MCP-WP-17.7.2']) {
        const mine = findings.filter((f) => f.rule === rule);
        if (this.options.sourceFindings) rec.check(rule, `the widget's own source has no ${rule === 'MCP-WP-17.7.2' ? 'eval / new Function' : 'raw HTML sink'}`, mine.length === 0, mine.map((f) => `${f.description} at ${f.location}`).join('; '), 'critical');
      }
      rec.check('MCP-WP-17.7.2', 'the widget runs no eval() or new Function() while in use', instruments.evalCalls.length === 0, instruments.evalCalls.join('; '), 'critical');
      if (this.options.cspEnforced) {
        rec.check('MCP-WP-17.7.3', 'no Content-Security-Policy violation (no inline script, no eval)', violations.length === 0, violations.join('; '));
      } else {
        rec.warn('MCP-WP-17.7.3', 'the page was not served with a strict CSP', 'Run "mcpwp test", which serves the widget under script-src \'self\'.');
      }
      const declared = (m.result.widget.permissions ?? {}) as { mcpOperations?: Record<string, boolean>; storage?: string; network?: { domains?: string[] }; clipboard?: boolean };
      const ops = declared.mcpOperations ?? {};
      const used = (method: string) => m!.bridge.getCallHistory().some((c) => c.method === method);
      const undeclared: string[] = [];
      if (m.bus.getEmittedEvents(/^mcp:tool:invoke-requested$/).length && !ops.invokeTool) undeclared.push('invokeTool');
      if ((used('readResource') || m.bus.getEmittedEvents(/^mcp:resource:read-requested$/).length) && !ops.readResource) undeclared.push('readResource');
      if ((used('getPrompt') || m.bus.getEmittedEvents(/^mcp:prompt:invoke-requested$/).length) && !ops.getPrompt) undeclared.push('getPrompt');
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
      rec.check('MCP-WP-17.7.4', 'every restricted capability the widget uses is declared in permissions (MCP-WP-11.4.1)', undeclared.length === 0, `used but not declared: ${undeclared.join(', ')}`);
      const w = m.result.widget as { trustLevel?: string; signature?: unknown };
      if (w.trustLevel === 'verified') rec.check('MCP-WP-17.7.5', 'a verified widget carries a signature (MCP-WP-4.2.9)', !!w.signature && typeof w.signature === 'object');
    } finally {
      document.removeEventListener('securitypolicyviolation', onViolation);
      if (m) await this.unmount(m);
      instruments.clearTimers();
      instruments.uninstall();
    }
    return rec.result();
  }

  /** Metadata schema (MCP-WP §4), with the host's own ajv schema. */
  async testMetadata(): Promise<TestResult> {
    const rec = new CategoryRecorder('metadata');
    const info = sampleServerInfo();
    let result: unknown;
    try {
      result = await this.factory({ EventBus: new MockEventBus(), MCPBridge: new MockMCPBridge(info), Configuration: new MockConfiguration() }, info);
    } catch (error) {
      rec.check('MCP-WP-3.1.4', 'the factory returns a value', false, (error as Error).message, 'critical');
      return rec.result();
    }
    const violations = checkWidgetContract(result, info);
    const rules = ['MCP-WP-3.1.4', 'MCP-WP-4.1.1', 'MCP-WP-4.2.1', 'MCP-WP-4.2.2', 'MCP-WP-4.2.3', 'MCP-WP-4.2.4', 'MCP-WP-4.2.5', 'MCP-WP-4.2.6', 'MCP-WP-4.2.8', 'MCP-WP-4.2.9', 'MCP-WP-4.2.10', 'MCP-WP-4.2.11'];
    for (const rule of rules) {
      const broken = violations.filter((v) => v.rule === rule);
      rec.check(rule, `metadata conforms to ${rule}`, broken.length === 0, broken.map((v) => v.message).join('; '), 'critical');
    }
    for (const v of violations.filter((x) => !rules.includes(x.rule))) rec.check(v.rule, 'metadata conforms', false, v.message, 'critical');
    await (result as MCPWidgetInterface)?.api?.destroy?.();
    return rec.result();
  }

  /** Runs every category and scores the report (MCP-WP-17.2.1, 17.10.1). */
  async runAll(): Promise<ConformanceReport> {
    const results: TestResult[] = [];
    results.push(await this.testMetadata());
    results.push(await this.testLifecycle());
    results.push(await this.testEventContracts());
    results.push(await this.testAccessibility());
    results.push(await this.testPerformance());
    results.push(await this.testSecurity());
    let name = this.options.widgetName;
    if (!name) {
      try {
        const info = sampleServerInfo();
        const r = (await this.factory({ EventBus: new MockEventBus(), MCPBridge: new MockMCPBridge(info), Configuration: new MockConfiguration() }, info)) as MCPWidgetInterface;
        name = String(r?.widget?.element ?? 'unknown widget');
        await r?.api?.destroy?.();
      } catch {
        name = 'unknown widget';
      }
    }
    return scoreReport(name, results);
  }
}

/** Runs the whole suite for a factory. */
export function runConformance(factory: WidgetFactory, options: ConformanceOptions = {}): Promise<ConformanceReport> {
  return new ConformanceSuite(factory, options).runAll();
}

export { HOSTILE };
