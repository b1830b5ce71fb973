// web-test-runner plugin: browser tests start and stop real gateway processes through commands.
import { execFileSync } from 'node:child_process';
import { startGatewayProcess } from './gateway-process.mjs';
import { runLong, settleJob } from './wtr-long-command.mjs';

/** Pids of the processes whose parent is `pid`. */
export function childPids(pid) {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

export function gatewayPlugin() {
  const running = new Map();
  let next = 0;
  return {
    name: 'mcp-gateway',
    async executeCommand({ command, payload }) {
      switch (command) {
        case 'gateway-start': {
          // The id is the job's: a page that stops waiting can still stop the gateway it started.
          const id = `gw${++next}`;
          const start = async () => {
            const gw = await startGatewayProcess({
              config: payload.config,
              allowOrigins: payload.origin ? [payload.origin] : [],
            });
            running.set(id, gw);
            return { id, url: gw.url, origin: gw.origin, port: gw.port, token: gw.token };
          };
          return runLong(start, id);
        }
        case 'gateway-stop': {
          // A gateway still starting (its page gave up waiting) is stopped once it has started.
          await settleJob(payload.id);
          const gw = running.get(payload.id);
          running.delete(payload.id);
          await gw?.stop();
          return true;
        }
        case 'gateway-children': {
          const gw = running.get(payload.id);
          return gw ? childPids(gw.pid) : [];
        }
        case 'gateway-kill-children': {
          const gw = running.get(payload.id);
          const pids = gw ? childPids(gw.pid) : [];
          for (const pid of pids) {
            try {
              process.kill(pid, payload.signal ?? 'SIGKILL');
            } catch {
              // already gone
            }
          }
          return pids;
        }
        default:
          return undefined;
      }
    },
    async serverStop() {
      await Promise.all([...running.values()].map((gw) => gw.stop()));
      running.clear();
    },
  };
}
