import type { I18nMessage } from '../kit/index.js';

/** English strings of mcp-resource-explorer-widget (its built-in fallback, MCP-WP-6.8.2). */
export const en = {
  'explorer.loading': 'Loading…',
  'explorer.heading': 'Resources of {name}',
} satisfies Record<string, I18nMessage>;
