import type { I18nMessage } from '../kit/index.js';

/** English strings of mcp-server-status-widget (its built-in fallback, MCP-WP-6.8.2). */
export const en = {
  'status.loading': 'Loading…',
  'status.label': 'Status of {name}',
  'status.counts': '{tools} tools · {resources} resources · {prompts} prompts',
  'status.lastActivity': 'Last activity {time}',
  'status.noActivity': 'No activity yet',
} satisfies Record<string, I18nMessage>;
