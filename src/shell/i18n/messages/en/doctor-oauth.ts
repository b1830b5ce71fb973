import type { I18nMessage } from '../../../../core/shared/types.js';

/**
 * English strings of the connection doctor for servers the gateway signs in to with OAuth (step
 * `auth`, kinds `oauth-*`). They repeat the gateway's own sentences (gateway/src/oauth/errors.ts and
 * server-auth.ts) with the details as placeholders; test/node/doctor-text.test.ts keeps them equal.
 * `.actionMachine` is the advice for a machine-to-machine server (client credentials in the config).
 */
export const doctorOAuth = {
  'doctor.oauth-sign-in': 'Server "{server}" needs you to sign in.',
  'doctor.oauth-sign-in.action': 'Press Sign in on its card.',
  'doctor.oauth-credentials': 'Server "{server}" refused the gateway\'s machine credentials.',
  'doctor.oauth-credentials.action': 'Check "mcpServers.{server}.oauth" in {configFile}.',
  'doctor.oauth-scope': 'Server "{server}" needs more permissions{scopeSuffix}.',
  'doctor.oauth-scope.action': 'Press Sign in on its card to grant them.',
  'doctor.oauth-scope.actionMachine': 'Add them to "scope" in "mcpServers.{server}.oauth" in {configFile}.',
  'doctor.oauth-scope-exhausted':
    'Server "{server}" still refuses with "insufficient scope" after signing in again with the scopes it asked for; the gateway stopped asking.',
  'doctor.oauth-scope-exhausted.action': 'Ask the server\u2019s owner which permissions your account needs.',
  'doctor.oauth-scope-held':
    'Server "{server}" refuses with "insufficient scope"{scopeSuffix} although you are signed in with those permissions.',
  'doctor.oauth-scope-held.action':
    'Signing in again would not change that; ask the server\u2019s owner what your account is missing.',
  'doctor.oauth-token-refused': 'Server "{server}" refused the token the gateway just obtained for it.',
  'doctor.oauth-token-refused.action':
    'Press Sign in to try again; if it keeps failing, the server and its authorization server disagree.',
  'doctor.oauth-token-refused.actionMachine': 'Check "mcpServers.{server}.oauth" in {configFile}.',
  'doctor.oauth-issuer-mismatch':
    'Signing in to "{server}" was stopped: the authorization server did not identify itself as the issuer it was discovered as (a possible mix-up attack, RFC 8414 \u00a73.3 / RFC 9207).',
  'doctor.oauth-issuer-mismatch.action': 'Nothing was sent to it. Tell whoever runs the server.',
  'doctor.oauth-server-changed':
    'Signing in to "{server}" was stopped: the server now names a different authorization server than the one its credentials belong to.',
  'doctor.oauth-server-changed.action': 'Press Sign in to start over.',
  'doctor.oauth-server-changed.actionMachine': 'Check "issuer" in "mcpServers.{server}.oauth" in {configFile}.',
  'doctor.oauth-insecure-token-endpoint':
    'Server "{server}" names a token endpoint that is not https ({tokenEndpoint}); the gateway sends no credentials there.',
  'doctor.oauth-insecure-token-endpoint.action':
    'Tell whoever runs the server: its authorization server must use https.',
  'doctor.oauth-registration-rejected':
    'The authorization server of "{server}" refused to register the dashboard as a client (HTTP {status}).',
  'doctor.oauth-registration-rejected.action':
    'Register a client there yourself and put its "clientId" (and "clientSecret") in "mcpServers.{server}.oauth" in {configFile}.',
  'doctor.oauth-error': 'The authorization server of "{server}" answered "{code}".',
  'doctor.oauth-error.action': 'Press Sign in to try again.',
  'doctor.oauth-error.actionMachine': 'Check "mcpServers.{server}.oauth" in {configFile}.',
  'doctor.oauth-failed': 'Could not sign in to "{server}": {reason}',
  'doctor.oauth-failed.action': 'Press Sign in to try again; if it keeps failing, tell whoever runs the server.',
  'doctor.oauth-failed.actionMachine': 'Check "mcpServers.{server}.oauth" in {configFile}.',
  'doctor.oauth-sign-in-register': 'Server "{server}" needs you to sign in.',
  'doctor.oauth-sign-in-register.action':
    'Press Sign in on its card; the gateway then registers the dashboard as a client at {registrationOrigin}.',
  'doctor.oauth-outbound-refused':
    'Signing in to "{server}" was stopped: the gateway refused to contact {target} ({targetKind}), which the server named; it contacts only the server\u2019s own origin and public https addresses.',
  'doctor.oauth-outbound-refused.action':
    'If you trust it, add "{allowEntry}" to "mcpServers.{server}.oauth.allowHosts" in {configFile}.',
  'doctor.oauth-outbound-refused.actionNoAllow': 'Tell whoever runs the server.',
  'doctor.outbound.loopback': 'a loopback address (this machine)',
  'doctor.outbound.link-local': 'a link-local address (cloud metadata services live there)',
  'doctor.outbound.private': 'a private-network address',
  'doctor.outbound.unspecified': 'the unspecified address (this machine)',
  'doctor.outbound.reserved': 'a reserved or special-purpose address',
  'doctor.outbound.scheme': 'a scheme other than http or https',
  'doctor.outbound.plain-http': 'plain http to another origin',
  'doctor.outbound.gateway-port': "one of the gateway's own ports",
  'doctor.outbound.redirects': 'more than 5 redirects',
  'doctor.oauth-not-json':
    'Could not sign in to "{server}": its authorization server answered something that is not JSON (HTTP {status}, {contentType}).',
  'doctor.oauth-not-json.action': 'Press Sign in to try again; if it keeps failing, tell whoever runs the server.',
  'doctor.oauth-not-json.actionMachine': 'Check "mcpServers.{server}.oauth" in {configFile}.',
  'doctor.oauth-invalid-answer':
    'Could not sign in to "{server}": its authorization server answered JSON that is not the OAuth document the gateway asked for.',
  'doctor.oauth-invalid-answer.action':
    'Press Sign in to try again; if it keeps failing, tell whoever runs the server.',
  'doctor.oauth-invalid-answer.actionMachine': 'Check "mcpServers.{server}.oauth" in {configFile}.',
} satisfies Record<string, I18nMessage>;
