import type { I18nMessage } from '../kit/index.js';

/** English strings of mcp-activity-log-widget (its built-in fallback, MCP-WP-6.8.2). */
export const en = {
  'log.loading': 'Loading…',
  'log.heading': 'Activity of {name}',
  'log.latency': 'Tool call latency',
  'log.calls': 'Calls, reads and prompts, newest first',
  'log.clear': 'Clear log',
} satisfies Record<string, I18nMessage>;
