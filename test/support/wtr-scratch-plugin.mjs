// web-test-runner plugin: scratch directories for browser tests whose servers work on files
// (server-filesystem). A test creates a directory, hands it to the server in its gateway config, and
// reads back what the server wrote — only inside directories this plugin created.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, isAbsolute } from 'node:path';

export function scratchPlugin() {
  const dirs = new Set();
  const inside = (dir, name) => {
    if (!dirs.has(dir)) throw new Error(`not a scratch directory: ${dir}`);
    const path = resolve(dir, name);
    const rel = relative(dir, path);
    if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`outside the scratch directory: ${name}`);
    return path;
  };
  return {
    name: 'mcp-scratch',
    async executeCommand({ command, payload }) {
      switch (command) {
        case 'scratch-create': {
          const dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-test-'));
          dirs.add(dir);
          return dir;
        }
        case 'scratch-read':
          try {
            return await readFile(inside(payload.dir, payload.name), 'utf8');
          } catch (error) {
            if (error.code === 'ENOENT') return null;
            throw error;
          }
        case 'scratch-write':
          await writeFile(inside(payload.dir, payload.name), payload.text, 'utf8');
          return true;
        case 'scratch-remove':
          if (dirs.delete(payload.dir)) await rm(payload.dir, { recursive: true, force: true });
          return true;
        default:
          return undefined;
      }
    },
    async serverStop() {
      await Promise.all([...dirs].map((dir) => rm(dir, { recursive: true, force: true })));
      dirs.clear();
    },
  };
}
