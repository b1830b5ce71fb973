// Conformance checks of the AgentAPI (MCP-WP §3.5, §17) and of a widget with the optional host services (§6.5–6.7).

import type { AgentAPI, MCPWidgetInterface, WidgetFactory } from '../../../src/core/shared/types.js';
import { agentCapabilitiesProblem } from '../../../src/core/agents/agent-capabilities-check.js';
import { sampleServerInfo } from './fixtures.js';
import { withTimeout } from './harness.js';
import { MockConfiguration } from './mock-configuration.js';
import { MockEventBus } from './mock-event-bus.js';
import { MockMCPBridge } from './mock-mcp-bridge.js';
import { MockOfflineCache, MockWidgetMessaging, RecordingTelemetry } from './mock-services.js';
import type { CategoryRecorder } from './report.js';

/** JSON text with object keys sorted, so equal documents compare equal (undefined when it is not JSON). */
function sorted(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : v,
    );
  } catch {
    return undefined;
  }
}

/** MCP-WP-3.5.2 / 17.1.3: when `api.agent` is present, it has the interface and one deterministic, usable JSON Schema. */
export async function checkAgentApi(rec: CategoryRecorder, result: MCPWidgetInterface): Promise<void> {
  const agent = result.api.agent as AgentAPI | undefined;
  if (agent === undefined) return;
  const shaped =
    !!agent &&
    typeof agent.getCapabilities === 'function' &&
    typeof agent.executeAction === 'function' &&
    (agent.subscribe === undefined || typeof agent.subscribe === 'function');
  rec.check(
    'MCP-WP-3.5.2',
    'api.agent has getCapabilities() and executeAction() (and subscribe() if any) as functions',
    shaped,
    undefined,
    'critical',
  );
  if (!shaped) return;
  let first: unknown;
  let second: unknown;
  try {
    first = agent.getCapabilities();
    second = agent.getCapabilities();
  } catch (error) {
    rec.check(
      'MCP-WP-17.1.3',
      'getCapabilities() returns a JSON Schema',
      false,
      `it threw: ${(error as Error).message}`,
      'critical',
    );
    return;
  }
  rec.check(
    'MCP-WP-17.1.3',
    'getCapabilities() returns the same document on every call',
    sorted(first) === sorted(second),
    'two calls gave different documents',
    'critical',
  );
  const problem = agentCapabilitiesProblem(first);
  rec.check(
    'MCP-WP-17.1.3',
    'the capabilities name each action and its params (oneOf branches with properties.action.const) and compile as a JSON Schema',
    problem === undefined,
    problem,
  );
  const actions =
    problem === undefined
      ? ((first as { oneOf: Array<{ properties: { action: { const: string } }; 'x-mcpwp-readOnly'?: unknown }> })
          .oneOf ?? [])
      : [];
  const unknown = await withTimeout(
    Promise.resolve()
      .then(() => agent.executeAction('conformance-no-such-action', {}))
      .then(
        (value) => ({ value }),
        (error: unknown) => ({ threw: (error as Error)?.message ?? String(error) }),
      ),
    5000,
  );
  const answer = unknown.ok ? unknown.v : undefined;
  const good =
    answer !== undefined && 'value' in answer && (answer.value as { success?: unknown } | undefined)?.success === false;
  rec.check(
    'MCP-WP-3.5.2',
    'executeAction() of an unknown action resolves with { success: false } (it does not throw)',
    good,
    !answer
      ? 'it did not settle within 5000 ms'
      : 'threw' in answer
        ? `it threw: ${answer.threw}`
        : JSON.stringify(answer.value),
  );
  const changing = actions.filter((a) => a['x-mcpwp-readOnly'] !== true).map((a) => a.properties.action.const);
  if (changing.length)
    rec.warn(
      'MCP-WP-17.1.5',
      `actions that change things: ${changing.join(', ')}`,
      'Hosts give agents read-only actions by default; keep the rest few and say what they do.',
    );
  if (agent.subscribe) {
    const off = agent.subscribe(() => {});
    rec.check('MCP-WP-3.5.2', 'subscribe() returns an unsubscribe function', typeof off === 'function');
    if (typeof off === 'function') off();
  }
}

/**
 * MCP-WP-6.6.2 and §6.5/6.7: the widget starts with the optional services present (and the lifecycle checks
 * ran it without them, so it degrades when they are absent); on destroy it leaves no message subscription.
 */
export async function checkOptionalServices(rec: CategoryRecorder, factory: WidgetFactory): Promise<void> {
  const info = sampleServerInfo('conformance-private-server');
  const messaging = new MockWidgetMessaging();
  const telemetry = new RecordingTelemetry();
  const deps = {
    EventBus: new MockEventBus(),
    MCPBridge: new MockMCPBridge(info),
    Configuration: new MockConfiguration(),
    WidgetMessaging: messaging,
    OfflineCache: new MockOfflineCache(),
    Telemetry: telemetry,
  };
  let ok = true;
  let detail = '';
  try {
    const result = (await factory(deps, info)) as MCPWidgetInterface;
    await result.api.initialize?.();
    await result.api.destroy?.();
  } catch (error) {
    ok = false;
    detail = (error as Error).message;
  }
  rec.check(
    'MCP-WP-6.6.2',
    'the widget starts and stops with WidgetMessaging, OfflineCache and Telemetry present (and without them)',
    ok,
    detail,
  );
  rec.check(
    'MCP-WP-3.4.2',
    'after destroy no WidgetMessaging subscription is left',
    messaging.size === 0,
    `${messaging.size} subscription(s) left`,
  );
  // MCP-WP-6.7.2: what the server or the person supplied (server name, resource URIs) never goes out through Telemetry.
  const privateData = [info.serverName, ...info.resources.map((r) => r.uri)];
  const leaked = telemetry.calls.filter((call) => {
    const text = JSON.stringify(call.args) ?? '';
    return privateData.some((value) => text.includes(value));
  });
  rec.check(
    'MCP-WP-6.7.2',
    'nothing the server or the person supplied (server name, resource URIs) is sent through Telemetry',
    leaked.length === 0,
    leaked.map((c) => `${c.method}(${JSON.stringify(c.args)})`).join('; '),
    'critical',
  );
}
