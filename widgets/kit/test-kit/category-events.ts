// Conformance category — Event contracts: event names, host-only events, tool invocation through the bus.

import { deepText, nextPaint } from './dom.js';
import { realSetTimeout, type WidgetHarness } from './harness.js';
import { CategoryRecorder, type TestResult } from './report.js';

const HOST_ONLY =
  /^mcp:(server:(connected|disconnected|error)|tool:(calling|result|error|cancelled|invalid-args|progress)|resource:(read|updated)|prompt:(result|error)|host:.*)$/;
const EVENT_NAME = /^mcp:[a-z0-9-]+(:[a-z0-9-]+)+$/;

/** Event contracts (MCP-WP-17.4, §7.1.3, §8). */
export async function testEventContracts(suite: WidgetHarness): Promise<TestResult> {
  const rec = new CategoryRecorder('events');
  const m = await suite.mount();
  try {
    m.bus.on('mcp:tool:invoke-requested', (d: { requestId?: string; toolName?: string }) => {
      // Play the host: answer the first request with a result, the second with an error.
      const answered = m.bus.getEmittedEvents(/^mcp:tool:(result|error)$/).length;
      realSetTimeout(() => {
        if (answered === 0)
          m.bus.hostEmit('mcp:tool:result', {
            serverName: m.info.serverName,
            toolName: d.toolName,
            requestId: d.requestId,
            result: { content: [{ type: 'text', text: 'conformance-result-marker' }] },
            latency: 5,
          });
        else
          m.bus.hostEmit('mcp:tool:error', {
            serverName: m.info.serverName,
            toolName: d.toolName,
            requestId: d.requestId,
            error: { message: 'conformance-error-marker', jsonrpcCode: -32603 },
          });
      }, 0);
    });
    await suite.exercise(m);
    await nextPaint();
    const emitted = m.bus.events.filter((e) => e.source === 'widget');
    const badNames = emitted.filter((e) => !EVENT_NAME.test(e.name)).map((e) => e.name);
    rec.check(
      'MCP-WP-17.4.1',
      'every event the widget emits is named mcp:<subject>:<action> (MCP-WP-8.1.1)',
      badNames.length === 0,
      badNames.join(', '),
    );
    const forged = emitted.filter((e) => HOST_ONLY.test(e.name)).map((e) => e.name);
    rec.check(
      'MCP-WP-8.2.1',
      'the widget emits no event that only the host may emit',
      forged.length === 0,
      forged.join(', '),
      'critical',
    );
    const invokes = m.bus.getEmittedEvents(/^mcp:tool:invoke-requested$/).filter((e) => e.source === 'widget');
    const direct = m.bridge.getCallHistory().filter((c) => c.method === 'callTool');
    rec.check(
      'MCP-WP-17.4.4',
      'the widget never calls MCPBridge.callTool() directly (MCP-WP-7.1.3, 11.2.4)',
      direct.length === 0,
      `${direct.length} direct call(s)`,
      'critical',
    );
    const permissions = (m.result.widget.permissions ?? {}) as { mcpOperations?: { invokeTool?: boolean } };
    if (invokes.length) {
      const wellFormed = invokes.every(
        (e) =>
          e.data &&
          typeof e.data.serverName === 'string' &&
          typeof e.data.toolName === 'string' &&
          e.data.args &&
          typeof e.data.args === 'object',
      );
      rec.check(
        'MCP-WP-17.4.2',
        'mcp:tool:invoke-requested carries serverName, toolName and args',
        wellFormed,
        JSON.stringify(invokes[0]!.data),
      );
      const text = deepText(m.element);
      rec.check(
        'MCP-WP-17.4.3',
        'the widget shows the host’s mcp:tool:result / mcp:tool:error for its request',
        text.includes('conformance-result-marker') || text.includes('conformance-error-marker'),
        'neither the result nor the error appeared',
      );
    } else if (permissions.mcpOperations?.invokeTool) {
      rec.warn(
        'MCP-WP-17.4.2',
        'the widget declares invokeTool but the suite could not make it invoke a tool',
        'Make tool invocation reachable by clicking through the widget.',
      );
    }
  } finally {
    await suite.unmount(m);
  }
  return rec.result();
}
