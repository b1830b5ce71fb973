import type { MCPWidgetInterface, WidgetFactory } from '../../../src/core/shared/types.js';
import { testAccessibility } from './category-accessibility.js';
import { testEventContracts } from './category-events.js';
import { testLifecycle } from './category-lifecycle.js';
import { testMetadata } from './category-metadata.js';
import { testPerformance } from './category-performance.js';
import { testSecurity } from './category-security.js';
import type { ConformanceOptions } from './conformance-options.js';
import { HOSTILE, sampleServerInfo } from './fixtures.js';
import { WidgetHarness } from './harness.js';
import { MockConfiguration } from './mock-configuration.js';
import { MockEventBus } from './mock-event-bus.js';
import { MockMCPBridge } from './mock-mcp-bridge.js';
import { scoreReport, type ConformanceReport, type TestResult } from './report.js';

export type { ConformanceOptions } from './conformance-options.js';

/**
 * The MCP-WP §16 conformance suite (MCP-WP-17.2.1) for one widget factory, run in a real browser
 * with MockEventBus, MockMCPBridge and MockConfiguration (MCP-WP-17.9.1).
 */
export class ConformanceSuite {
  private readonly harness: WidgetHarness;

  constructor(
    private readonly factory: WidgetFactory,
    private readonly options: ConformanceOptions = {},
  ) {
    this.harness = new WidgetHarness(factory, options);
  }

  /** Lifecycle correctness (MCP-WP-17.3, §3.4, §5.1, §5.2). */
  testLifecycle(): Promise<TestResult> {
    return testLifecycle(this.harness);
  }

  /** Event contracts (MCP-WP-17.4, §7.1.3, §8). */
  testEventContracts(): Promise<TestResult> {
    return testEventContracts(this.harness);
  }

  /** Accessibility (MCP-WP-17.5, §11.5). */
  testAccessibility(): Promise<TestResult> {
    return testAccessibility(this.harness);
  }

  /** Performance budgets (MCP-WP-17.6, §18). */
  testPerformance(): Promise<TestResult> {
    return testPerformance(this.harness);
  }

  /** Security (MCP-WP-17.7, §11.1). */
  testSecurity(): Promise<TestResult> {
    return testSecurity(this.harness);
  }

  /** Metadata schema (MCP-WP §4), with the host's own ajv schema. */
  testMetadata(): Promise<TestResult> {
    return testMetadata(this.harness);
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
        const r = (await this.factory(
          { EventBus: new MockEventBus(), MCPBridge: new MockMCPBridge(info), Configuration: new MockConfiguration() },
          info,
        )) as MCPWidgetInterface;
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
