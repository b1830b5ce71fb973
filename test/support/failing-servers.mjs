// Real servers that fail the ways people meet (issue 30), with what the card says and what the terminal prints for
// each: shared by the gateway test (test/node/failing-servers.test.ts) and checked against docs/servers.md, which
// lists every message. DB stands for a PostgreSQL URL (a per-test cluster), WRONG for one of the same cluster with a
// role's wrong password, CONFIG for the config file's path.

/** @param {string} db @param {string} wrong */
export function failingServers(db, wrong) {
  return [
    {
      name: 'files',
      what: 'a missing path in an argument (server-filesystem)',
      config: { command: 'mcp-server-filesystem', args: ['/no/such/dir-xyz'] },
      card: '"mcp-server-filesystem" exited with code 1 before it answered "initialize".',
      cardLines: [
        'Warning: Cannot access directory /no/such/dir-xyz, skipping',
        'Error: None of the specified directories are accessible',
      ],
      terminal:
        'mcp-dashboard: server "files" [spawn]: "mcp-server-filesystem" exited with code 1 before it answered "initialize". What it wrote on stderr about it is shown below (the whole log is in the Server log). Fix what it says (often arguments or environment in "mcpServers.files" in CONFIG), then press Reconnect.',
    },
    {
      name: 'cache',
      what: 'a crash with the cause before the stack (like server-redis at a closed port)',
      config: { command: 'node', args: ['test/fixtures/exit-cause-then-stack.mjs'] },
      card: '"node" exited with code 1 before it answered "initialize".',
      cardLines: [
        'Redis connection error: connect ECONNREFUSED 127.0.0.1:6399',
        'Max retries reached',
        'Error: Max retries reached',
      ],
      terminal:
        'mcp-dashboard: server "cache" [spawn]: "node" exited with code 1 before it answered "initialize". What it wrote on stderr about it is shown below (the whole log is in the Server log). Fix what it says (often arguments or environment in "mcpServers.cache" in CONFIG), then press Reconnect.',
    },
    {
      name: 'sql',
      what: 'a refused statement (server-postgres, read-only, against a real PostgreSQL)',
      config: { command: 'mcp-server-postgres', args: [db] },
      call: { tool: 'query', arguments: { sql: 'DELETE FROM pg_class' } },
      card: 'cannot execute DELETE in a read-only transaction',
      advice: 'refused',
      terminal: null,
    },
    {
      name: 'login',
      what: 'a wrong PostgreSQL password (server-postgres, against a real PostgreSQL)',
      config: { command: 'mcp-server-postgres', args: [wrong] },
      list: 'resources/list',
      card: 'password authentication failed for user "reader"',
      terminal:
        'mcp-dashboard: server "login" [resources/list]: it is running but answered "resources/list" with JSON-RPC error -32603: password authentication failed for user "reader". Fix what it says (often arguments or environment in "mcpServers.login" in CONFIG), then press Reconnect.',
    },
    {
      name: 'loop',
      what: 'a crash loop (exits at every start)',
      config: { command: 'node', args: ['test/fixtures/crash-loop-server.mjs', 'early'] },
      card: '"node" failed 5 times in a row soon after starting (last: exited with code 3); the gateway stopped restarting it.',
      cardLines: ['Error: DATABASE_URL is not set'],
      terminal:
        'mcp-dashboard: server "loop" [spawn]: "node" failed 5 times in a row soon after starting (last: exited with code 3); the gateway stopped restarting it. Fix what it says below (often arguments or environment in "mcpServers.loop" in CONFIG), then press Restart in its card. Saving a change to its config entry restarts it too.',
    },
    {
      name: 'strict',
      what: 'a Python-SDK-style server that rejects unknown methods',
      config: { command: 'node', args: ['test/fixtures/python-style-server.mjs'] },
      card: null,
      terminal: null,
    },
  ];
}
