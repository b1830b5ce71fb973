import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { GatewayLimits } from './limits.js';

type ConnectionLimits = Pick<GatewayLimits, 'headersTimeoutMs' | 'requestTimeoutMs' | 'idleConnectionMs' | 'keepAliveMs' | 'maxConnections'>;

interface Tracked {
  /** Requests on this connection whose response has not closed yet. */
  busy: number;
}

const tracked = new WeakMap<Socket, Tracked>();

/**
 * An HTTP server for one of the gateway's loopback ports, with the connection bounds of
 * docs/security.md: headers within `headersTimeoutMs`, the whole request (body included) within
 * `requestTimeoutMs` (Node answers 408 and closes), a connection with nothing in flight closed after
 * `idleConnectionMs` (or `keepAliveMs` after a response), and at most `maxConnections` open — when a
 * new one arrives at the limit, the oldest connection with nothing in flight is closed to make room,
 * so idle connections can never lock the dashboard out. A request the handler marks long-lived with
 * `keepOpen` (an authenticated event stream or MCP call) is exempt from the idle timer while it runs.
 */
export function createGuardedServer(limits: ConnectionLimits, listener: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveMs,
      // How often Node checks the two timeouts above (its default, 30 s, would make them that coarse).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (req: IncomingMessage, res: ServerResponse) => {
      const state = tracked.get(req.socket);
      if (state) {
        state.busy += 1;
        res.once('close', () => {
          state.busy -= 1;
        });
      }
      listener(req, res);
    },
  );
  // Node arms this on every new connection and again at the start of each request (after a keep-alive
  // wait); with no listener for 'timeout', an expired socket is destroyed.
  server.timeout = limits.idleConnectionMs;
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    if (open.size >= limits.maxConnections) {
      const idle = [...open].find((s) => (tracked.get(s)?.busy ?? 0) === 0);
      if (!idle) {
        socket.destroy();
        return;
      }
      idle.destroy();
      open.delete(idle);
    }
    open.add(socket);
    tracked.set(socket, { busy: 0 });
    socket.once('close', () => open.delete(socket));
  });
  return server;
}

/** Exempts a long-lived response (an event stream, an MCP call) from the idle timer while it runs. */
export function keepOpen(req: IncomingMessage): void {
  req.socket.setTimeout(0);
}
