import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: signing in to OAuth-protected servers (the gateway is the OAuth client). */
export const signIn = {
  'signIn.needed': 'This server needs you to sign in.',
  'signIn.neededScope': 'This server needs you to sign in and grant: {scope}',
  'signIn.scopeAsked': 'Permissions asked for: {scope}',
  'signIn.button': 'Sign in',
  'signIn.buttonLabel': 'Sign in to {name}',
  'signIn.starting': 'Preparing the sign-in page\u2026',
  'signIn.waiting':
    'Finish signing in on the page that opened in a new tab. This card connects by itself when you are done.',
  'signIn.openAgain': 'Open the sign-in page',
  'signIn.cancel': 'Cancel',
  'signIn.signedIn': 'Signed in',
  'signIn.signedInScope': 'Signed in ({scope})',
  'signIn.signOut': 'Sign out',
  'signIn.signOutLabel': 'Sign out of {name}',
  'signIn.signedOut': 'Signed out of {name}: the gateway forgot its tokens.',
  'signIn.done': 'Signed in to {name}.',
  'signIn.failed': 'Signing in failed: {message}',
  'signIn.expired': 'The sign-in was not finished within 10 minutes. Press Sign in to start again.',
  'signIn.badUrl': 'The gateway gave a sign-in address that is not http or https, so it was not opened.',
  'signIn.machine': 'The gateway gets tokens for this server with the client credentials in the config.',
} satisfies Record<string, I18nMessage>;
