// The connection doctor's table of broken servers, shared by the gateway test
// (test/node/gateway-doctor.test.ts) and the card test (test/browser/connection-doctor.test.ts):
// the config entry, the step and kind diagnosed, the exact message in the terminal (`message`) and the one
// the page reads (`pageMessage`: a URL by its origin only, as a path may carry a key; docs/security.md).
// PORT stands for the broken HTTP fixture's port, CLOSED for a port where nothing listens.

/** @param {number} port @param {number} closed */
export function brokenServers(port, closed) {
  const url = (path) => `http://127.0.0.1:${port}${path}`;
  const rows = [
    {
      name: 'missing',
      config: { command: 'no-such-mcp-server-xyz' },
      step: 'spawn',
      kind: 'command-not-found',
      message: 'The command "no-such-mcp-server-xyz" was not found.',
    },
    {
      name: 'exits',
      config: { command: 'node', args: ['test/fixtures/exit-with-stderr.mjs'] },
      step: 'spawn',
      kind: 'exited',
      message: '"node" exited with code 3 before it answered "initialize".',
    },
    {
      name: 'nothing',
      config: { url: `http://127.0.0.1:${closed}/mcp` },
      step: 'connect',
      kind: 'refused',
      message: `Nothing is listening at 127.0.0.1:${closed} (connection refused).`,
    },
    {
      name: 'webpage',
      config: { url: url('/html') },
      step: 'not-mcp',
      kind: 'html',
      message: `${url('/html')} answered with a web page (HTML, HTTP 200), not with MCP.`,
    },
    {
      name: 'express',
      config: { url: url('/express-404') },
      step: 'not-mcp',
      kind: 'html',
      message: `${url('/express-404')} answered with a web page (HTML, HTTP 404), not with MCP.`,
    },
    {
      name: 'failing',
      config: { type: 'http', url: url('/500') },
      step: 'http',
      kind: 'http-status',
      message: `${url('/500')} answered HTTP 500 Internal Server Error.`,
    },
    {
      name: 'refuses',
      config: { type: 'http', url: url('/init-error') },
      step: 'initialize',
      kind: 'initialize-error',
      message: 'The server refused "initialize": Database is not configured (JSON-RPC error -32603).',
    },
    {
      name: 'old',
      config: { type: 'http', url: url('/old-version') },
      step: 'protocol-version',
      kind: 'version-unsupported',
      message:
        'The server speaks MCP protocol version "2023-01-01", which this dashboard does not support (it supports 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07).',
    },
    {
      name: 'locked',
      config: { type: 'http', url: url('/auth') },
      step: 'auth',
      kind: 'auth-required',
      message: `${url('/auth')} requires authorization (HTTP 401).`,
    },
  ];
  return rows.map((row) => {
    const target = /** @type {{ url?: string }} */ (row.config).url;
    return { ...row, pageMessage: target ? row.message.replaceAll(target, new URL(target).origin) : row.message };
  });
}
