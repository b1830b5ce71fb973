import type { I18nMessage } from '../../../core/types.js';

/** English strings of the shell: the page: header, main area and gateway problems. */
export const page = {
  'app.name': 'MCP Dashboard',
  'header.language': 'Language',
  'header.theme': 'Theme',
  'header.appearance': 'Appearance\u2026',
  'main.label': 'MCP servers',
  'main.noServers': 'No servers are configured. Add some under "mcpServers" in the config file.',
  'main.loading': 'Loading servers\u2026',
  'problem.noToken': 'This page needs the access token from the gateway. Open the address printed by "npm start" (it ends in #token=\u2026).',
  'problem.auth':
    'The gateway refused this page\u2019s access token. It was probably restarted: open the new address it printed ("Dashboard ready: http://127.0.0.1:\u2026/#token=\u2026").',
  'problem.unreachable': 'Cannot reach the gateway at {url}. Is "npm start" (or "mcp-dashboard") still running?',
  'problem.retrying': 'Retrying every 5 seconds; your widgets stay as they are.',
  'problem.reachableAgain': 'The gateway is reachable again.',
  'header.widgets': 'Widgets',
  'header.audit': 'Audit log',
} satisfies Record<string, I18nMessage>;
