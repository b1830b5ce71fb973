import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { SdkErrorCode } from '@modelcontextprotocol/client';
import { initializeErrorProblem, protocolVersionProblem } from '../doctor/diagnoses.js';
import { httpStatusOf, isSessionLost } from './http-transport.js';
import type { Id, JsonRpc } from './request-tracker.js';
import type { SessionHost } from './session-host.js';
import type { Upstream, UpstreamKind } from './upstream.js';

const GATEWAY_PREFIX = '__mcp_dashboard_replay_';

/** The 2025-era protocol versions the dashboard's MCP client accepts from `initialize`. */
export const LEGACY_VERSIONS: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < '2026-07-28');

/**
 * Looks at the server's answer to the client's `initialize` on its way through. A JSON-RPC error or a
 * protocol version the dashboard does not speak becomes a diagnosed problem (the error the client
 * gets carries it as `data.problem`); a good answer clears the server's problem.
 */
export function checkInitializeAnswer(
  host: SessionHost,
  message: JsonRpc,
  kind: UpstreamKind,
): { code: number; message: string; data?: unknown } | undefined {
  if (message.error) {
    const problem = host.problems.report(initializeErrorProblem(host.server.site, message.error));
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
    const problem = host.problems.report(
      protocolVersionProblem(
        host.server.site,
        typeof version === 'string' ? version : String(version),
        LEGACY_VERSIONS,
      ),
    );
    return { code: -32000, message: `${problem.message} ${problem.action}`, data: { problem } };
  }
  host.ready(kind);
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
