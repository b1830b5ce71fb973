import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long a stopping gateway waits for the calls in flight (default; `MCP_DASHBOARD_DRAIN_SECONDS` overrides). */
export const DEFAULT_DRAIN_MS = 25_000;

/**
 * A gateway that is asked to stop (SIGTERM) drains before it closes: it stops taking new MCP sessions (an
 * `initialize` is answered 503 with `Retry-After`, so a balancer or the page tries elsewhere), says "not ready"
 * on `/readyz`, and waits for the MCP requests in flight — calls whose answers are still streaming — to end, up
 * to a bound. Event streams (GET) are not waited for: they are closed when the gateway closes.
 *
 * New work goes elsewhere too, or a replica under steady load would never drain (its sessions' next calls kept
 * it busy until the bound cut them off): a new request on an existing session is answered 404, which tells an MCP
 * client the session is gone (it opens one again, on another replica; the dashboard's page sends the refused call
 * there once, since it never reached the server); a request without a session (the 2026 era's stateless calls)
 * is answered 503, which the balancer retries on another replica. Answers and notifications on a session — a
 * reply to the server's sampling request, a cancellation — are still taken: they belong to calls in flight.
 */
export class Drain {
  private stopping = false;
  private inFlight = 0;
  private idle: (() => void) | undefined;

  /** True once the gateway started to drain. */
  get draining(): boolean {
    return this.stopping;
  }

  /** MCP requests (POSTs) whose answers have not ended. */
  get pending(): number {
    return this.inFlight;
  }

  /**
   * Called for every request to `/mcp/<server>` before it is handled: counts a POST until its response ends.
   * While draining, a new session is refused; true when it answered.
   */
  admit(req: IncomingMessage, res: ServerResponse, body: unknown): boolean {
    if (this.stopping && req.method === 'POST' && hasRequest(body) && !opensSession(body)) {
      const onSession = req.headers['mcp-session-id'] !== undefined;
      res.writeHead(onSession ? 404 : 503, {
        'Content-Type': 'application/json',
        ...(onSession ? {} : { 'Retry-After': '1' }),
        Connection: 'close',
      });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: {
            code: onSession ? -32001 : -32000,
            message: onSession
              ? 'This gateway is shutting down: the session moves to another one; open it again (the request was not sent to the server).'
              : 'This gateway is shutting down; send the request again (another one answers).',
          },
        }),
      );
      return true;
    }
    if (this.stopping && opensSession(body)) {
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1', Connection: 'close' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: (body as { id?: unknown }).id ?? null,
          error: {
            code: -32000,
            message: 'This gateway is shutting down; open the session again (another one answers).',
          },
        }),
      );
      return true;
    }
    if (req.method !== 'POST') return false;
    this.inFlight += 1;
    res.once('close', () => {
      this.inFlight -= 1;
      if (this.inFlight === 0) this.idle?.();
    });
    return false;
  }

  /** Starts draining; resolves when no MCP request is in flight, or after `boundMs` (resolves with how many were left). */
  async drain(boundMs: number): Promise<number> {
    this.stopping = true;
    if (this.inFlight === 0) return 0;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, boundMs);
      this.idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    return this.inFlight;
  }
}

/** Whether a POST body holds a JSON-RPC request (a method and an id), alone or in a batch. */
function hasRequest(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => {
    const message = m as { method?: unknown; id?: unknown } | null;
    return typeof message?.method === 'string' && message.id !== undefined && message.id !== null;
  });
}

/** Whether a POST body opens an MCP session (`initialize`, alone or in a batch). */
function opensSession(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => (m as { method?: unknown } | null)?.method === 'initialize');
}

/** The drain bound: `MCP_DASHBOARD_DRAIN_SECONDS` (0–600) or the default. */
export function drainBoundMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.MCP_DASHBOARD_DRAIN_SECONDS);
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= 600 ? seconds * 1000 : DEFAULT_DRAIN_MS;
}
