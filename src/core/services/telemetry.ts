import type { TelemetryInterface } from '../shared/types.js';

/**
 * The Telemetry dependency (MCP-WP §6.7). This dashboard collects nothing: every method does nothing
 * (MCP-WP-6.7.3), so nothing can leave the machine and there is no consent to ask for (6.7.1) and no
 * personal data to keep out (6.7.2). Widgets may call it freely; `enabled` is always false.
 */
export const NO_TELEMETRY: TelemetryInterface = Object.freeze({
  trackEvent(): void {},
  trackError(): void {},
  trackPerformance(): void {},
  enabled: false,
});
