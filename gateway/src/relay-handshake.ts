import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import type { ConnectionProblem } from '../../src/core/connection-problem.js';
import { httpProblem, initializeErrorProblem, protocolVersionProblem, spawnProblem } from './doctor.js';
import type { Id, JsonRpc } from './relay-routing.js';
import type { ServerSupervisor } from './supervisor.js';
import type { Upstream, UpstreamKind } from './upstream.js';

/** JSON-RPC code for "server exited or is restarting" — in the implementation-defined server range. */
export const SERVER_GONE = -32000;

/** A JSON-RPC error object. */
export type RpcError = { code: number; message: string; data?: unknown };

/** The error a user reads for a problem the doctor diagnosed: what happened, what to do, and the diagnosis as data. */
export function problemError(problem: ConnectionProblem, extra: Record<string, unknown> = {}): RpcError {
  return { code: SERVER_GONE, message: `${problem.message} ${problem.action}`, data: { ...extra, problem } };
}

/** Why an upstream could not be started: a spawn failure, or an HTTP(+SSE) connection failure. */
export function diagnoseStart(supervisor: ServerSupervisor, upstream: Upstream, error: unknown): ConnectionProblem {
  const stdio = supervisor.stdioCommand();
  if (stdio) return spawnProblem(supervisor.site(), stdio.command, stdio.cwd, error as NodeJS.ErrnoException);
  return httpProblem(supervisor.site(), supervisor.url()!, error, upstream.observer?.last, upstream.kind());
}

const GATEWAY_PREFIX = '__mcp_dashboard_replay_';

/** The 2025-era protocol versions the dashboard's MCP client accepts from `initialize`. */
export const LEGACY_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < '2026-07-28');

/**
 * Looks at the server's answer to the client's `initialize` on its way through. A JSON-RPC error or a
 * protocol version the dashboard does not speak becomes a diagnosed problem (the error the client
 * gets carries it as `data.problem`); a good answer clears the server's problem.
 */
export function checkInitializeAnswer(supervisor: ServerSupervisor, message: JsonRpc, kind: UpstreamKind): { code: number; message: string; data?: unknown } | undefined {
  if (message.error) {
    const problem = supervisor.noteProblem(initializeErrorProblem(supervisor.site(), message.error));
    const data = message.error.data !== null && typeof message.error.data === 'object' && !Array.isArray(message.error.data) ? (message.error.data as object) : message.error.data === undefined ? {} : { serverData: message.error.data };
    return { code: message.error.code, message: `${problem.message} ${problem.action}`, data: { ...data, problem } };
  }
  const version = (message.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
  if (typeof version !== 'string' || !LEGACY_VERSIONS.includes(version)) {
    const problem = supervisor.noteProblem(protocolVersionProblem(supervisor.site(), typeof version === 'string' ? version : String(version), LEGACY_VERSIONS));
    return { code: -32000, message: `${problem.message} ${problem.action}`, data: { problem } };
  }
  supervisor.noteReady(kind);
  return undefined;
}

/**
 * Requests the gateway itself sends upstream (the replayed `initialize` after a restart), with ids no
 * client uses; their answers are taken here and never reach the client.
 */
export class GatewayRequests {
  private readonly waiters = new Map<Id, (message: JsonRpc) => void>();
  private count = 0;

  /** True if `message` answered one of the gateway's own requests (it is consumed). */
  resolve(message: JsonRpc): boolean {
    const waiter = this.waiters.get(message.id!);
    if (!waiter) return false;
    this.waiters.delete(message.id!);
    waiter(message);
    return true;
  }

  /** Sends `request` with a gateway id; resolves with the answer, rejects on timeout or send failure. */
  request(upstream: Upstream, request: JsonRpc, timeoutMs: number, what: string): Promise<JsonRpc> {
    this.count += 1;
    const id = `${GATEWAY_PREFIX}${this.count}`;
    return new Promise<JsonRpc>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        reject(new Error(`${what} did not answer within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiters.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      upstream.transport.send({ ...request, id } as JSONRPCMessage).catch((error: unknown) => {
        clearTimeout(timer);
        this.waiters.delete(id);
        reject(error);
      });
    });
  }

  /** Replays the client's `initialize` (and `initialized`) on a fresh upstream, so the client's session continues. */
  async replayHandshake(upstream: Upstream, initRequest: JsonRpc | undefined): Promise<void> {
    if (!initRequest) return;
    const answer = await this.request(upstream, initRequest, 30_000, 'the restarted server');
    if (answer.error) throw new Error(`the restarted server refused initialize: ${answer.error.message}`);
    const version = (answer.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    if (typeof version === 'string') upstream.transport.setProtocolVersion?.(version);
    await upstream.transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage);
  }
}
