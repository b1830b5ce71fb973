import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: opening the dashboard from the gateway's launch address. */
export const launch = {
  'launch.used':
    'This dashboard address was already used: each address opens the dashboard once. Press Enter in the terminal where mcp-dashboard runs for a new address (or restart it), then open that.',
  'launch.expired':
    'This dashboard address has expired: an address works for one minute after the gateway prints it. Press Enter in the terminal where mcp-dashboard runs for a new address (or restart it), then open that.',
  'launch.unknown':
    'This dashboard address is not from the gateway that is running now (it may have been restarted). Open the address it printed last, or press Enter in its terminal for a new one.',
} satisfies Record<string, I18nMessage>;
