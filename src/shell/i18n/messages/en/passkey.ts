import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: the passkey step. */
export const passkey = {
  'passkey.title': 'Passkey required: {server}:{tool}',
  'passkey.announce': 'Passkey required: {what}',
  'passkey.defaultMessage': 'Confirm this action with your passkey.',
  'passkey.explain':
    'Your browser asks for your passkey. The server checks it before it acts; the dashboard never stores it.',
  'passkey.cancel': 'Cancel',
  'passkey.waiting': 'Waiting for your passkey\u2026',
  'passkey.phase.register': 'First time: create a passkey for this dashboard\u2026',
  'passkey.phase.registered': 'Passkey created. Now confirm the action with it\u2026',
  'passkey.cancelled': 'You cancelled the passkey step.',
  'passkey.cancelledOrNone':
    'The passkey prompt was cancelled or timed out, or this device has no passkey registered for this dashboard (restarting the gateway lets you register one again).',
  'passkey.unsupported': 'This browser does not support passkeys (WebAuthn), so this action cannot run here.',
  'passkey.wrongOrigin':
    'Passkeys only work when the dashboard is opened as {address} (browsers refuse IP addresses such as {host} for passkeys). Open the dashboard\u2019s address with "localhost" instead and try again.',
  'passkey.notReady': 'The passkey prompt is not ready yet; try again in a moment.',
  'passkey.turnedOff': 'Passkeys are turned off in the dashboard config (dashboard.passkeys.enabled).',
} satisfies Record<string, I18nMessage>;
