/**
 * The MCP-WP conformance test kit (MCP-WP §16): run it in a browser against a widget factory, or
 * use `mcpwp test <widget-module>`, which adds bundle size, heap, keyboard and CSP measurements.
 */
export { ConformanceSuite, runConformance, type ConformanceOptions } from './conformance.js';
export { MockEventBus, type RecordedEvent } from './mock-event-bus.js';
export { MockMCPBridge, type BridgeCall } from './mock-mcp-bridge.js';
export { MockConfiguration } from './mock-configuration.js';
export { MockWidgetMessaging, MockOfflineCache, RecordingTelemetry } from './mock-services.js';
export { sampleServerInfo, hostileServerInfo, HOSTILE } from './fixtures.js';
export {
  scoreReport,
  passRate,
  WEIGHTS,
  TEST_KIT_VERSION,
  type ConformanceReport,
  type TestResult,
  type TestFailure,
  type TestWarning,
  type CheckOutcome,
} from './report.js';
