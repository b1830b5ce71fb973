import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: the page: header, main area and gateway problems. */
export const page = {
  'app.name': 'MCP Dashboard',
  'header.settings': 'Settings',
  'header.menu': 'Menu',
  'header.search': 'Search',
  'header.searchHint': 'Search (Ctrl+K)',
  'header.language': 'Language',
  'header.theme': 'Theme',
  'header.appearance': 'Appearance\u2026',
  'main.label': 'MCP servers',
  'main.noServers': 'No servers are configured. Add some under "mcpServers" in the config file.',
  'main.loading': 'Loading servers\u2026',
  'problem.noToken':
    'This page needs access from the gateway. Open the address printed by "npm start" (it ends in #code=\u2026); in its terminal, Enter prints a new one.',
  'problem.auth':
    'The gateway no longer accepts this page\u2019s access: it was restarted, or this page went unused for a while. Press Enter in the terminal where mcp-dashboard runs (or restart it) and open the new address it prints ("Dashboard ready: http://localhost:\u2026/#code=\u2026").',
  'problem.unreachable': 'Cannot reach the gateway at {url}. Is "npm start" (or "mcp-dashboard") still running?',
  'problem.retrying': 'Retrying every 5 seconds; your widgets stay as they are.',
  'problem.reachableAgain': 'The gateway is reachable again.',
  'header.widgets': 'Widgets',
  'header.audit': 'Audit log',
} satisfies Record<string, I18nMessage>;
