import type { JSONRPCMessage, TransportSendOptions } from '@modelcontextprotocol/server';
import { SERVER_GONE, type RpcError } from '../doctor/problem-error.js';
import { learnTools, relayErrors, toolCallDuration, toolCalls, toolLabel } from '../metrics/instruments.js';
import type { Id, JsonRpc } from './request-tracker.js';

/** Requests a meter follows at most (a client that cancels calls and never gets answers cannot grow it). */
const MAX_WATCHED = 1000;

/** What a meter wraps: the side that sends messages to the client. */
interface Sender {
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void>;
}

/**
 * The relay's observation point for metrics (metrics/instruments.ts), one per relay session or 2026 exchange: it
 * sees each client request on its way in and each answer as it leaves for the client, so it times `tools/call` from
 * request to answer and counts it `ok` or `error` (a JSON-RPC error, or a result with `isError`), in personal and
 * team mode alike. The tools a server lists become the only tool names used as labels.
 */
export class CallMeter {
  private readonly watched = new Map<Id, { tool: string | undefined; done?: () => number }>();

  constructor(private readonly server: string) {}

  /**
   * Passes every message `side` sends to the client by `answer` once it is sent (or failed to be): in team mode
   * after the guard, whose audit `end` record an answer waits for.
   */
  watch(side: Sender): void {
    const send = side.send.bind(side);
    side.send = (message, options) => send(message, options).finally(() => this.answer(message));
  }

  /** A client request reached the relay. */
  request(message: JsonRpc): void {
    if (message.id === undefined || this.watched.size >= MAX_WATCHED) return;
    if (message.method === 'tools/list') this.watched.set(message.id, { tool: undefined });
    else if (message.method === 'tools/call') {
      const tool = toolLabel(this.server, message.params?.name);
      this.watched.set(message.id, { tool, done: toolCallDuration.startTimer({ server: this.server, tool }) });
    }
  }

  /** A message on its way to the client: the answer to a followed request is counted. */
  answer(message: JSONRPCMessage): void {
    const m = message as JsonRpc;
    if (m.method !== undefined || m.id === undefined) return;
    const watched = this.watched.get(m.id);
    if (!watched) return;
    this.watched.delete(m.id);
    if (watched.tool === undefined) {
      const tools = (m.result as { tools?: unknown } | undefined)?.tools;
      if (Array.isArray(tools))
        learnTools(
          this.server,
          tools.map((t) => (t as { name?: unknown })?.name).filter((n): n is string => typeof n === 'string'),
        );
      return;
    }
    watched.done?.();
    const failed = m.error !== undefined || (m.result as { isError?: unknown } | undefined)?.isError === true;
    toolCalls.inc({ server: this.server, tool: watched.tool, outcome: failed ? 'error' : 'ok' });
  }

  /** The relay answered a request with an error of its own (the server exited, restarts, lost the session…). */
  gatewayError(error: RpcError): void {
    countRelayError(this.server, errorKind(error));
  }
}

/** Counts one error the relay answered itself; `kind` is one of a few fixed words or a doctor's problem kind. */
export function countRelayError(server: string, kind: string): void {
  relayErrors.inc({ server, kind });
}

/** A bounded label for a gateway-made error: the doctor's problem kind, else what its code means. */
function errorKind(error: RpcError): string {
  const problem = (error.data as { problem?: { kind?: unknown } } | undefined)?.problem;
  if (typeof problem?.kind === 'string' && /^[a-z0-9-]{1,40}$/.test(problem.kind)) return problem.kind;
  return error.code === SERVER_GONE ? 'server-gone' : 'other';
}

/** Team mode refused a body before the relay saw it: each `tools/call` in it counts as `refused`. */
export function countRefusedCalls(server: string, body: unknown): void {
  for (const message of (Array.isArray(body) ? body : [body]) as JsonRpc[]) {
    if (message?.method !== 'tools/call') continue;
    toolCalls.inc({ server, tool: toolLabel(server, message.params?.name), outcome: 'refused' });
  }
}
