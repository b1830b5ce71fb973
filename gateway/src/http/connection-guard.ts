import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { GatewayLimits } from '../config/limits.js';

type ConnectionLimits = Pick<
  GatewayLimits,
  'headersTimeoutMs' | 'requestTimeoutMs' | 'idleConnectionMs' | 'keepAliveMs' | 'maxConnections'
>;

interface Tracked {
  /** Requests on this connection whose response has not closed yet. */
  busy: number;
  /** Closes the connection when it has had nothing in flight for a while. */
  timer: NodeJS.Timeout | undefined;
}

const tracked = new WeakMap<Socket, Tracked>();

/**
 * An HTTP server for one of the gateway's loopback ports, with the connection bounds of
 * docs/security.md: headers within `headersTimeoutMs`, the whole request (body included) within
 * `requestTimeoutMs` (Node answers 408 and closes), a connection with nothing in flight closed after
 * `idleConnectionMs` (or `keepAliveMs` after a response), and at most `maxConnections` open — when a
 * new one arrives at the limit, the oldest connection with nothing in flight is closed to make room,
 * so idle connections can never lock the dashboard out. A connection with a request in flight (an
 * event stream, a slow tool call) is never idle. (The idle timer is the guard's own: Node's
 * `server.timeout` stops firing when its connection checks run often.)
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
      const socket = req.socket;
      const state = tracked.get(socket);
      if (state) {
        state.busy += 1;
        clearTimeout(state.timer);
        res.once('close', () => {
          state.busy -= 1;
          if (state.busy === 0) idleAfter(socket, state, limits.keepAliveMs);
        });
      }
      listener(req, res);
    },
  );
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
    const state: Tracked = { busy: 0, timer: undefined };
    tracked.set(socket, state);
    idleAfter(socket, state, limits.idleConnectionMs);
    socket.once('close', () => {
      clearTimeout(state.timer);
      open.delete(socket);
    });
  });
  return server;
}

function idleAfter(socket: Socket, state: Tracked, ms: number): void {
  clearTimeout(state.timer);
  state.timer = setTimeout(() => {
    if (state.busy === 0) socket.destroy();
  }, ms);
  state.timer.unref();
}
