import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: URL-mode elicitation and withdrawn server requests. */
export const clientFeatures = {
  'request.withdrawn': '{server} withdrew its request.',
  'url.announce': '{server} asks you to open a page on {host}',
  'url.announceRefused': '{server} asked to open an address the dashboard refuses',
  'url.title': '{server} asks you to open a page',
  'url.asks':
    'The server "{server}" asks you to open this page in your browser. Nothing opens unless you choose Open link.',
  'url.requiredTitle': '"{tool}" needs a page opened first',
  'url.required':
    'The server "{server}" refused the call until you open this page (for example to sign in). Open it, finish there, then retry.',
  'url.reason': 'The server says:',
  'url.notYet': 'The page has not been opened. Check the address before you open it.',
  'url.refusedTitle': 'Address refused',
  'url.refused':
    'The server "{server}" asked to open an address that is not an http:// or https:// page. The dashboard opens only web pages, so it was not opened and the server was told you declined.',
  'url.refusedCredentials':
    'The server "{server}" asked to open an address with a user name or password in it (user:password@). Such an address can pass credentials or pose as another site, so the dashboard does not open it; the server was told you declined.',
  'url.noteIdn':
    'This address uses non-Latin letters; it is shown in its ASCII form. Check that it is the site you expect.',
  'url.noteMixed':
    'This address mixes letters from different alphabets, a common way to imitate another site; it is shown in its ASCII form. Check that it is the site you expect.',
  'url.close': 'Close',
  'url.openedTitle': 'Finish on the page, then retry',
  'url.opened':
    'The page opened in a new tab. When you have finished there, choose Retry to send "{tool}" to {server} again.',
  'url.done': 'Retry the call',
} satisfies Record<string, I18nMessage>;
