import type { I18nMessage } from '../../../core/shared/types.js';

/** English strings of the command palette (Ctrl/⌘+K) and the wall screen, loaded with them (palette-messages.ts). */
export const palette = {
  'palette.label': 'Search the dashboard',
  'wall.name': 'Wall screen (Escape leaves)',
  'wall.entered': 'Wall screen. Escape leaves.',
  'wall.left': 'Left the wall screen.',
  'palette.field': 'Search servers, tools, saved calls, dashboards, settings',
  'palette.placeholder': 'Jump to a server, a tool, a saved call, a setting\u2026',
  'palette.results': 'Matches',
  'palette.count': { one: '{count} match', other: '{count} matches' },
  'palette.none': 'Nothing matches "{query}".',
  'palette.notOnDashboard': 'That server has no tile on any dashboard: add one in Edit layout.',
  'palette.kind.server': 'Server',
  'palette.kind.tool': 'Tool',
  'palette.kind.resource': 'Resource',
  'palette.kind.prompt': 'Prompt',
  'palette.kind.saved-call': 'Run saved call',
  'palette.kind.dashboard': 'Dashboard',
  'palette.kind.setting': 'Setting',
} satisfies Record<string, I18nMessage>;
