// Conformance category — Lifecycle correctness: factory shape, element, initialize, status, refresh, re-registration, destroy.

import type { MCPWidgetInterface } from '../../../src/core/shared/types.js';
import { deepText, nextPaint } from './dom.js';
import { sampleServerInfo } from './fixtures.js';
import { sleep, withTimeout, type Mounted, type WidgetHarness } from './harness.js';
import { Instrumentation } from './instrument.js';
import { MockConfiguration } from './mock-configuration.js';
import { MockEventBus } from './mock-event-bus.js';
import { MockMCPBridge } from './mock-mcp-bridge.js';
import { CategoryRecorder, type TestResult } from './report.js';
import { checkAgentApi, checkOptionalServices } from './category-agent.js';

/** Lifecycle correctness (MCP-WP-17.3, §3.4, §5.1, §5.2). */
export async function testLifecycle(suite: WidgetHarness): Promise<TestResult> {
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
      result = (await suite.factory(
        { EventBus: bus, MCPBridge: bridge, Configuration: config },
        info,
      )) as MCPWidgetInterface;
    } catch (error) {
      rec.check(
        'MCP-WP-3.1.4',
        'the factory returns { api, widget }',
        false,
        `it threw: ${(error as Error).message}`,
        'critical',
      );
      return rec.result();
    }
    const shaped = !!result && typeof result === 'object' && !!result.api && !!result.widget;
    rec.check('MCP-WP-3.1.4', 'the factory returns { api, widget }', shaped, undefined, 'critical');
    if (!shaped) return rec.result();
    const tag = String(result.widget.element);
    rec.check(
      'MCP-WP-5.1.1',
      `the element <${tag}> is registered`,
      !!customElements.get(tag),
      'customElements.get() finds nothing',
      'critical',
    );
    rec.check('MCP-WP-5.1.2', 'the element name starts with mcp-', tag.startsWith('mcp-'));
    const given = (result.api as { element?: unknown }).element;
    const element =
      given instanceof HTMLElement
        ? given
        : customElements.get(tag)
          ? document.createElement(tag)
          : document.createElement('div');
    const started = performance.now();
    const init = await withTimeout(
      Promise.resolve().then(() => result!.api.initialize?.()),
      5000,
    );
    rec.check(
      'MCP-WP-17.3.1',
      'api.initialize() completes within 5000 ms',
      init.ok,
      init.ok ? undefined : 'it did not settle within 5000 ms',
      'critical',
    );
    rec.check(
      'MCP-WP-3.4.1',
      'api.initialize, refresh and destroy are functions when present',
      ['initialize', 'refresh', 'destroy'].every(
        (k) => result!.api[k] === undefined || typeof result!.api[k] === 'function',
      ),
    );
    void started;
    suite.container.append(element);
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
        status &&
        ['active', 'idle', 'error', 'loading', 'disabled'].includes(status.state) &&
        typeof status.primaryMetric === 'string' &&
        typeof status.secondaryMetric === 'string' &&
        (status.lastActivity === null || typeof status.lastActivity === 'number') &&
        (status.message === null || typeof status.message === 'string');
      rec.check('MCP-WP-17.3.6', 'getStatus() returns a valid MCPWidgetStatus', !!valid, JSON.stringify(status));
    }
    await checkAgentApi(rec, result);
    if (typeof withStatus.getMCPInfo !== 'function')
      rec.warn(
        'MCP-WP-5.3.1',
        'the element has no getMCPInfo()',
        'Implement getMCPInfo() so hosts need not parse status strings.',
      );
    // Refresh: the server's lists change; the widget must show it.
    if (typeof result.api.refresh === 'function') {
      const probe = 'conformance-refresh-probe';
      const before = {
        text: deepText(element),
        info: JSON.stringify(withStatus.getMCPInfo?.() ?? null),
        status: JSON.stringify(withStatus.getStatus?.() ?? null),
      };
      bridge.setLists({
        tools: [...info.tools, { name: probe, title: probe, description: probe, inputSchema: { type: 'object' } }],
      });
      const refreshed = await withTimeout(
        Promise.resolve().then(() => result!.api.refresh!()),
        5000,
      );
      await (element as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
      await nextPaint();
      const asked = bridge.getCallHistory().some((c) => c.method === 'listTools');
      const changed =
        deepText(element).includes(probe) ||
        JSON.stringify(withStatus.getMCPInfo?.() ?? null) !== before.info ||
        JSON.stringify(withStatus.getStatus?.() ?? null) !== before.status;
      rec.check(
        'MCP-WP-17.3.4',
        'api.refresh() re-fetches and updates the widget',
        refreshed.ok && asked && changed,
        !asked ? 'it did not call listTools()' : !changed ? 'nothing visible changed' : 'it did not finish',
      );
    } else {
      rec.warn(
        'MCP-WP-3.4.3',
        'the widget has no api.refresh()',
        'Provide refresh() so the host can re-fetch server data.',
      );
    }
    // Idempotent registration: a second instance, and the module evaluated again.
    let again = true;
    let detail = '';
    try {
      const second = (await suite.factory(
        { EventBus: new MockEventBus(), MCPBridge: new MockMCPBridge(info), Configuration: new MockConfiguration() },
        info,
      )) as MCPWidgetInterface;
      await second.api.destroy?.();
      if (suite.options.reload) await suite.options.reload();
    } catch (error) {
      again = false;
      detail = (error as Error).message;
    }
    rec.check(
      'MCP-WP-5.1.3',
      'registering the element again (second instance, module loaded twice) does not throw',
      again,
      detail,
    );
    await checkOptionalServices(rec, suite.factory);
    // Destroy: within 5 s, and nothing left behind.
    const t0 = performance.now();
    const destroyed = await withTimeout(
      Promise.resolve().then(() => result!.api.destroy?.()),
      5000,
    );
    const took = performance.now() - t0;
    element.remove();
    rec.check(
      'MCP-WP-17.3.3',
      'api.destroy() completes within 5000 ms (MCP-WP-3.4.4)',
      destroyed.ok,
      `it took longer than ${Math.round(took)} ms`,
      'critical',
    );
    await sleep(150);
    rec.check(
      'MCP-WP-17.3.2',
      'after destroy the widget holds no EventBus listener (MCP-WP-3.4.2)',
      bus.listenerCount() === 0,
      `${bus.listenerCount()} listener(s) left`,
      'critical',
    );
    rec.check(
      'MCP-WP-3.4.2',
      'after destroy no timer or interval of the widget is pending',
      instruments.pendingTimers() === 0,
      `${instruments.pendingTimers()} timer(s) left`,
      'critical',
    );
    rec.check(
      'MCP-WP-3.4.2',
      'after destroy no resource subscription is open',
      bridge.activeSubscriptions() === 0,
      `${bridge.activeSubscriptions()} subscription(s) left`,
      'critical',
    );
    rec.check(
      'MCP-WP-3.4.2',
      'after destroy no Configuration listener is left',
      config.listenerCount() === 0,
      `${config.listenerCount()} listener(s) left`,
    );
    m = undefined;
  } finally {
    instruments.clearTimers();
    instruments.uninstall();
    if (m) m.element.remove();
  }
  return rec.result();
}
