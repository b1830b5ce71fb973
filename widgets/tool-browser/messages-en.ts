import type { I18nMessage } from '../kit/index.js';

/** English strings of mcp-tool-browser-widget (its built-in fallback, MCP-WP-6.8.2). */
export const en = {
  'browser.loading': 'Loading…',
  'browser.heading': 'Tools of {name}',
} satisfies Record<string, I18nMessage>;
