// Conformance category — Metadata: the factory's widget metadata checked with the host's own contract schema.

import type { MCPWidgetInterface } from '../../../src/core/shared/types.js';
import { checkWidgetContract } from '../../../src/core/widget-host/widget-contract.js';
import { sampleServerInfo } from './fixtures.js';
import type { WidgetHarness } from './harness.js';
import { MockConfiguration } from './mock-configuration.js';
import { MockEventBus } from './mock-event-bus.js';
import { MockMCPBridge } from './mock-mcp-bridge.js';
import { CategoryRecorder, type TestResult } from './report.js';

/** Metadata schema (MCP-WP §4), with the host's own ajv schema. */
export async function testMetadata(suite: WidgetHarness): Promise<TestResult> {
  const rec = new CategoryRecorder('metadata');
  const info = sampleServerInfo();
  let result: unknown;
  try {
    result = await suite.factory(
      { EventBus: new MockEventBus(), MCPBridge: new MockMCPBridge(info), Configuration: new MockConfiguration() },
      info,
    );
  } catch (error) {
    rec.check('MCP-WP-3.1.4', 'the factory returns a value', false, (error as Error).message, 'critical');
    return rec.result();
  }
  const violations = checkWidgetContract(result, info);
  const rules = [
    'MCP-WP-3.1.4',
    'MCP-WP-4.1.1',
    'MCP-WP-4.2.1',
    'MCP-WP-4.2.2',
    'MCP-WP-4.2.3',
    'MCP-WP-4.2.4',
    'MCP-WP-4.2.5',
    'MCP-WP-4.2.6',
    'MCP-WP-4.2.8',
    'MCP-WP-4.2.9',
    'MCP-WP-4.2.10',
    'MCP-WP-4.2.11',
  ];
  for (const rule of rules) {
    const broken = violations.filter((v) => v.rule === rule);
    rec.check(
      rule,
      `metadata conforms to ${rule}`,
      broken.length === 0,
      broken.map((v) => v.message).join('; '),
      'critical',
    );
  }
  for (const v of violations.filter((x) => !rules.includes(x.rule)))
    rec.check(v.rule, 'metadata conforms', false, v.message, 'critical');
  await (result as MCPWidgetInterface)?.api?.destroy?.();
  return rec.result();
}
