// web-test-runner plugin: browser tests start and stop real HTTP MCP servers (fixtures, server-everything's
// HTTP modes) on 127.0.0.1 through commands, and ask for a port where nothing listens.
import { createServer } from 'node:net';
import { startHttpServer } from './http-fixtures.mjs';

export function httpFixturesPlugin() {
  const running = new Map();
  let next = 0;
  return {
    name: 'mcp-http-fixtures',
    async executeCommand({ command, payload }) {
      switch (command) {
        case 'http-fixture-start': {
          const server = await startHttpServer({
            script: payload.script,
            args: payload.args ?? [],
            port: payload.port ?? 0,
          });
          const id = `http${++next}`;
          running.set(id, server);
          return { id, port: server.port };
        }
        case 'http-fixture-stop': {
          const server = running.get(payload.id);
          running.delete(payload.id);
          await server?.stop();
          return true;
        }
        case 'free-port': {
          const probe = createServer();
          await new Promise((r) => probe.listen(0, '127.0.0.1', r));
          const { port } = probe.address();
          await new Promise((r) => probe.close(r));
          return port;
        }
        default:
          return undefined;
      }
    },
    async serverStop() {
      await Promise.all([...running.values()].map((s) => s.stop()));
      running.clear();
    },
  };
}
