import type { I18nMessage } from '../../../../core/shared/types.js';

/**
 * English strings of the connection doctor (src/shell/card/connection-doctor.ts). The messages repeat the
 * gateway's own wording (gateway/src/doctor.ts) with the details as placeholders;
 * test/node/doctor-text.test.ts keeps the two equal.
 */
export const doctor = {
  'doctor.label': 'Connection doctor',
  'doctor.failedAt': 'Failed at: {step}',
  'doctor.whatToDo': 'What to do:',
  'doctor.lastStderr': 'What it wrote on stderr about it:',
  'doctor.step.config': 'reading the config',
  'doctor.step.spawn': 'starting the process',
  'doctor.step.connect': 'connecting',
  'doctor.step.tls': 'TLS',
  'doctor.step.http': 'HTTP',
  'doctor.step.not-mcp': 'finding an MCP endpoint',
  'doctor.step.initialize': 'initialize',
  'doctor.step.protocol-version': 'protocol version',
  'doctor.step.auth': 'authorization',
  'doctor.step.session': 'the session',
  'doctor.how.code': 'exited with code {code}',
  'doctor.how.signal': 'was stopped by signal {signal}',
  'doctor.how.unknown': 'exited',
  'doctor.cwd-missing': 'The working directory "{cwd}" does not exist.',
  'doctor.cwd-missing.action':
    'Correct "cwd" for "mcpServers.{server}" in {configFile}, or remove it to run from the config file\u2019s folder.',
  'doctor.command-not-found': 'The command "{command}" was not found.',
  'doctor.command-not-found.action':
    'Install it, or give its full path in "command" for "mcpServers.{server}" in {configFile}. The gateway looks in your PATH and in node_modules/.bin.',
  'doctor.not-executable': 'The command "{command}" is not executable.',
  'doctor.not-executable.action':
    'Make it executable (chmod +x), or run it through its interpreter (for example "command": "node") in "mcpServers.{server}" in {configFile}.',
  'doctor.spawn-failed': 'The command "{command}" could not be started: {reason}.',
  'doctor.spawn-failed.action': 'Check "command", "args" and "cwd" for "mcpServers.{server}" in {configFile}.',
  'doctor.exited': '"{command}" {how} before it answered "initialize".',
  'doctor.exited.action':
    'What it wrote on stderr about it is shown below (the whole log is in the Server log). Fix what it says (often arguments or environment in "mcpServers.{server}" in {configFile}), then press Reconnect.',
  'doctor.exited.actionQuiet':
    'It printed nothing on stderr. Check its arguments and environment in "mcpServers.{server}" in {configFile}, then press Reconnect.',
  'doctor.crash-loop':
    '"{command}" failed {failures} times in a row soon after starting (last: {lastExit}); the gateway stopped restarting it.',
  'doctor.crash-loop.action':
    'Fix what it says below (often arguments or environment in "mcpServers.{server}" in {configFile}), then press Restart in its card. Saving a change to its config entry restarts it too.',
  'doctor.certificate': 'The TLS certificate of {host} was not accepted ({code}).',
  'doctor.certificate.action':
    'If the server uses a private certificate authority, start the dashboard with NODE_EXTRA_CA_CERTS=<its CA file>; otherwise the server\u2019s certificate must be fixed.',
  'doctor.refused': 'Nothing is listening at {host} (connection refused).',
  'doctor.refused.action': 'Start the server, or correct "url" for "mcpServers.{server}" in {configFile}.',
  'doctor.dns': 'The host name "{host}" could not be found.',
  'doctor.dns.action':
    'Check the spelling of "url" for "mcpServers.{server}" in {configFile}, and your network or VPN.',
  'doctor.network': 'The connection to {host} failed ({code}).',
  'doctor.network.action': 'Check that the server is running and reachable from this computer, then press Reconnect.',
  'doctor.failed': 'Could not reach {url}: {reason}.',
  'doctor.failed.action':
    'Check that the server is running and "url" for "mcpServers.{server}" in {configFile} is right, then press Reconnect.',
  'doctor.auth-required': '{url} requires authorization (HTTP 401).',
  'doctor.auth-required.action':
    'Give the credentials the server expects in "headers" for "mcpServers.{server}" in {configFile} (for example "Authorization": "Bearer \u2026"), then press Reconnect.',
  'doctor.auth-required.actionOrSignIn':
    'Give the credentials the server expects in "headers" for "mcpServers.{server}" in {configFile} (for example "Authorization": "Bearer \u2026"), then press Reconnect. If it signs in with OAuth instead, press Sign in: the gateway then registers the dashboard as a client at {registrationOrigin}.',
  'doctor.forbidden': '{url} refused access (HTTP 403).',
  'doctor.forbidden.action':
    'The credentials in "headers" for "mcpServers.{server}" in {configFile} are not allowed to use this server; check them with whoever runs it.',
  'doctor.html': '{url} answered with a web page (HTML, HTTP {status}), not with MCP.',
  'doctor.html.action':
    'This address is not an MCP endpoint. Use the server\u2019s MCP address in "url" for "mcpServers.{server}" in {configFile} (often ending in /mcp, or /sse for older servers).',
  'doctor.unexpected-content': '{url} answered with "{contentType}", not with MCP (JSON or an event stream).',
  'doctor.unexpected-content.action':
    'This address is not an MCP endpoint. Check "url" for "mcpServers.{server}" in {configFile}.',
  'doctor.http-status': '{url} answered HTTP {status}{statusSuffix}.',
  'doctor.http-status.action': 'Check "url" and "headers" for "mcpServers.{server}" in {configFile}.',
  'doctor.http-status.action5xx': 'The server failed while answering; check its logs, then press Reconnect.',
  'doctor.http-status.action404':
    'There is no MCP endpoint at this address. Check "url" for "mcpServers.{server}" in {configFile} (often ending in /mcp, or /sse for older servers).',
  'doctor.initialize-error': 'The server refused "initialize": {serverMessage} (JSON-RPC error {code}).',
  'doctor.initialize-error.action':
    'This is the server\u2019s own answer; check its configuration or its logs, then press Reconnect.',
  'doctor.version-unsupported':
    'The server speaks MCP protocol version "{version}", which this dashboard does not support (it supports {supported}).',
  'doctor.version-unsupported.action': 'Update the server or the dashboard so that they share a protocol version.',
  'doctor.input-missing': 'This server needs the value "{id}" ({description}), which VS Code would ask you for.',
  'doctor.input-missing.noDescription': 'This server needs the value "{id}", which VS Code would ask you for.',
  'doctor.input-missing.action':
    'Set the environment variable {envName} before starting the dashboard (or write the value into {configFile}).',
  'doctor.session-lost': '{url} lost this session ({reason}); it was probably restarted.',
  'doctor.session-lost.action': 'The gateway is opening a new session by itself; retry in a moment.',
  'card.reconnectingUpstream': 'The server went away; the gateway is reconnecting it\u2026',
} satisfies Record<string, I18nMessage>;
