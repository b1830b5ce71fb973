import type { I18nMessage } from '../../../../core/shared/types.js';

/**
 * English strings of what an MCP App view's content security policy blocked (shown on its card). Not in the
 * start-up catalog: only the app view's code (app-view-requests.ts, its own chunk) reads them, as the fallback
 * when the page's catalog does not have them; other languages carry them in their catalogs.
 */
export const appGuardCsp = {
  'app.guard.cspConnect': 'The app tried to connect to {from}, which it did not declare: blocked.',
  'app.guard.cspLoad': 'The app tried to load {what} from {from}, which it did not declare: blocked.',
  'app.guard.csp.script': 'a script',
  'app.guard.csp.style': 'a style sheet',
  'app.guard.csp.image': 'an image',
  'app.guard.csp.font': 'a font',
  'app.guard.csp.media': 'audio or video',
  'app.guard.csp.frame': 'a frame',
  'app.guard.csp.worker': 'a worker',
  'app.guard.csp.other': 'content',
} satisfies Record<string, I18nMessage>;
