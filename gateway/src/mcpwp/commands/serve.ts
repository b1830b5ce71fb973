import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startRegistryServer, type CorsPolicy } from '../../registry/server.js';
import type { McpwpCommand } from '../kit/command.js';
import { parse, runCommand, UsageError } from '../kit/util.js';

const usage = 'mcpwp serve <registry-folder> [--port <n>] [--host 127.0.0.1] [--cors-origin <origin>|*]...';

/** `mcpwp serve`: the reference registry over the MCP-WP §14 API. */
const command: McpwpCommand = {
  summary: 'Serve a registry folder over the MCP-WP registry API (search, manifests, bundles; ETag; CORS).',
  usage,
  run: (args) =>
    runCommand('serve', async () => {
      const { values, positionals } = parse(
        args,
        {
          port: { type: 'string', default: '0' },
          host: { type: 'string', default: '127.0.0.1' },
          'cors-origin': { type: 'string', multiple: true },
        },
        usage,
      );
      const root = positionals[0];
      if (!root) throw new UsageError(`a registry folder is required.\nUsage: ${usage}`, 2);
      const info = await stat(root).catch(() => undefined);
      if (!info?.isDirectory()) throw new UsageError(`${resolve(root)} is not a folder.`);
      const port = Number(values.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new UsageError(`--port must be 0\u201365535, not "${values.port}".`, 2);
      const origins = values['cors-origin'] ?? [];
      const cors: CorsPolicy = origins.includes('*') ? '*' : origins.length ? origins : 'loopback';
      const registry = await startRegistryServer({ root: resolve(root), port, host: values.host, cors });
      process.stdout.write(`Registry ready: ${registry.url}\n`);
      await new Promise<void>((done) => {
        const stop = () => void registry.close().then(done);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    }),
};
export default command;
