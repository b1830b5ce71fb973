import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { SdkErrorCode } from '@modelcontextprotocol/client';
import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { httpProblem, initializeErrorProblem, protocolVersionProblem, spawnProblem } from '../doctor/diagnoses.js';
import { httpStatusOf, isSessionLost } from './http-transport.js';
import { authError } from '../oauth/auth-problem.js';
import type { Id, JsonRpc } from './request-tracker.js';
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

/** An upstream could not be started; `answer` is what the client's requests get. */
export class UpstreamStartError {
  constructor(readonly answer: RpcError) {}
}

/**
 * Why an upstream could not be started, as the client's answer: the server asking for authorization
 * (an HTTP+SSE stream opens at start), a spawn failure, or an HTTP(+SSE) connection failure.
 */
export function startFailure(supervisor: ServerSupervisor, upstream: Upstream, error: unknown): RpcError {
  const auth = authError(supervisor, error);
  if (auth) return auth;
  const stdio = supervisor.stdioCommand();
  if (stdio)
    return problemError(
      supervisor.noteProblem(spawnProblem(supervisor.site(), stdio.command, stdio.cwd, error as NodeJS.ErrnoException)),
    );
  return problemError(
    supervisor.noteProblem(
      httpProblem(supervisor.site(), supervisor.url()!, error, upstream.observer?.last, upstream.kind()),
    ),
  );
}

/** Why re-opening a lost session (or restarting a server) failed, as the answer to the requests that waited for it. */
export function restartFailure(supervisor: ServerSupervisor, upstream: Upstream | undefined, error: unknown): RpcError {
  const auth = authError(supervisor, error);
  if (auth) return auth;
  if (supervisor.transport !== 'http')
    return {
      code: SERVER_GONE,
      message: `Server "${supervisor.name}" could not be reconnected: ${(error as Error).message}`,
    };
  return problemError(
    supervisor.noteProblem(
      httpProblem(
        supervisor.site(),
        supervisor.url()!,
        error,
        upstream?.observer?.last,
        upstream?.kind() ?? 'streamable-http',
      ),
    ),
  );
}

const GATEWAY_PREFIX = '__mcp_dashboard_replay_';

/** The 2025-era protocol versions the dashboard's MCP client accepts from `initialize`. */
export const LEGACY_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < '2026-07-28');

/**
 * Looks at the server's answer to the client's `initialize` on its way through. A JSON-RPC error or a
 * protocol version the dashboard does not speak becomes a diagnosed problem (the error the client
 * gets carries it as `data.problem`); a good answer clears the server's problem.
 */
export function checkInitializeAnswer(
  supervisor: ServerSupervisor,
  message: JsonRpc,
  kind: UpstreamKind,
): { code: number; message: string; data?: unknown } | undefined {
  if (message.error) {
    const problem = supervisor.noteProblem(initializeErrorProblem(supervisor.site(), message.error));
    const data =
      message.error.data !== null && typeof message.error.data === 'object' && !Array.isArray(message.error.data)
        ? (message.error.data as object)
        : message.error.data === undefined
          ? {}
          : { serverData: message.error.data };
    return { code: message.error.code, message: `${problem.message} ${problem.action}`, data: { ...data, problem } };
  }
  const version = (message.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
  if (typeof version !== 'string' || !LEGACY_VERSIONS.includes(version)) {
    const problem = supervisor.noteProblem(
      protocolVersionProblem(
        supervisor.site(),
        typeof version === 'string' ? version : String(version),
        LEGACY_VERSIONS,
      ),
    );
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

/** True when `error` is the server refusing the standalone GET stream as if the session were unknown (404, or 400 about the session). */
export function isStreamRefusal(error: unknown): boolean {
  return (error as { code?: unknown })?.code === SdkErrorCode.ClientHttpFailedToOpenStream && isSessionLost(error);
}

/**
 * After the server refused the GET stream as if the session were gone: is it really gone? Some
 * servers answer a GET they do not serve with 404 instead of 405 (the conformance suite's do); taking
 * that for a lost session re-opened the session forever. A `ping` on the session decides: answered
 * (even with an error), the session lives and the relay goes on without a GET stream.
 */
export async function streamRefusalMeansLost(
  requests: GatewayRequests,
  upstream: Upstream,
  note: (line: string) => void,
): Promise<boolean> {
  try {
    await requests.request(upstream, { jsonrpc: '2.0', method: 'ping' }, 10_000, 'ping');
  } catch (error) {
    return isSessionLost(error) || httpStatusOf(error) !== undefined || /did not answer/.test((error as Error).message);
  }
  note('the server refused the GET event stream but the session answers; going on without that stream');
  return false;
}

/** The error for a request that was running when an HTTP upstream lost the session (the server's URL by its origin, as the page sees every URL). */
export function lostSessionError(
  supervisor: ServerSupervisor,
  method: string,
  reason: string,
  problem: ConnectionProblem | undefined,
): RpcError {
  let site = '<url>';
  try {
    site = new URL(supervisor.url()!).origin;
  } catch {
    // keep the label
  }
  return {
    code: SERVER_GONE,
    message: `Server "${supervisor.name}" (${site}) lost this session while handling "${method}": ${reason}; it was probably restarted. The gateway is opening a new session; try again.`,
    data: { problem },
  };
}
