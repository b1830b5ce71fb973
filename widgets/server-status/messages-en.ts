import type { I18nMessage } from '../kit/index.js';

/** English strings of mcp-server-status-widget (its built-in fallback, MCP-WP-6.8.2). */
export const en = {
  'status.loading': 'Loading…',
  'status.label': 'Status of {name}',
  'status.counts': '{tools} · {resources} · {prompts}',
  'count.tools': { one: '{count} tool', other: '{count} tools' },
  'count.resources': { one: '{count} resource', other: '{count} resources' },
  'count.prompts': { one: '{count} prompt', other: '{count} prompts' },
  'status.lastActivity': 'Last activity {time}',
  'status.noActivity': 'No activity yet',
} satisfies Record<string, I18nMessage>;
