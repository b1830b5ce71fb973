// What the environment running the conformance suite can do for it.

import type { WidgetFactory } from '../../../src/core/shared/types.js';

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
