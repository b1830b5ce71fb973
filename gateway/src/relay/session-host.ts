import type { Transport } from '@modelcontextprotocol/server';
import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import type { ProblemSite } from '../doctor/diagnoses.js';
import type { RpcError } from '../doctor/problem-error.js';
import type { HttpObserver } from './http-observer.js';
import type { ExitInfo, Upstream, UpstreamKind } from './upstream.js';

/**
 * What a relay session needs from the server it belongs to, and nothing more. Sessions, the warm
 * spare and the 2026 relay depend on these interfaces, never on the per-server router that implements
 * them, so each can be driven by a stub in a unit test and none of them imports the router.
 */

/** What the relay says about its server: its name, wire and where it lives (for the doctor's messages). */
export interface ServerFacts {
  /** The server's name in the config. */
  readonly name: string;
  /** A crashed stdio child is restarted; an HTTP server that lost the session is re-opened. */
  readonly transport: 'stdio' | 'http';
  /** The wire the config asks for (HTTP servers only; an HTTP+SSE server predates 2026). */
  readonly httpKind: 'streamable-http' | 'sse' | 'auto' | undefined;
  /** The server's name and config file. */
  readonly site: ProblemSite;
  /** An HTTP server's URL; undefined for a stdio server. */
  readonly url: string | undefined;
  /** A stdio server's command and working directory; undefined for an HTTP server. */
  readonly stdio: { command: string; cwd: string } | undefined;
}

/** The server's stderr buffer, as the relay writes to it. */
export interface ServerLog {
  /** Appends a line written by the gateway itself. */
  note(line: string): void;
  /** The last `n` lines, quoted in the errors of a server that exited. */
  tail(n: number): string[];
}

/** Where the relay reports what went wrong with its server, and that it is fixed. */
export interface ProblemSink {
  /** Records a diagnosed problem for the card and the terminal; returns the copy the page may see. */
  report(problem: ConnectionProblem): ConnectionProblem;
  /** When `error` is about authorization: reports it and returns the client's answer; undefined otherwise. */
  authError(error: unknown): RpcError | undefined;
  /** A lost session or a crashed process is back: whatever was wrong is fixed. */
  recovered(): void;
}

/** The server's processes (or upstream HTTP sessions), as a session uses them. */
export interface ProcessLease {
  /** An upstream for a session: the warm spare or the probe's child if one waits, else a new one. */
  lease(): Promise<Upstream>;
  /** A fresh upstream has started. */
  started(upstream: Upstream): void;
  /** How long an upstream must stay up before it counts as stable. */
  readonly stableMs: number;
  /** An upstream stayed up for `stableMs`: the restart backoff starts over. */
  stable(): void;
  /** An upstream exited; `how` says how, for the card. */
  exited(exit: ExitInfo | undefined, how: string, tail?: string[]): void;
  /** The next restart delay (capped exponential backoff); null when the server is failing (a crash loop): do not restart. */
  restartDelay(): number | null;
  /** A session restarts its upstream. */
  restarting(): void;
}

/** A session, as its host knows it. */
export interface HostedSession {
  /** The MCP session id, once the client's `initialize` has been accepted. */
  readonly sessionId: string | undefined;
}

/** What a relay session needs from its server; the per-server router implements it. */
export interface SessionHost {
  /** The server's name, wire and place. */
  readonly server: ServerFacts;
  /** The server's stderr buffer. */
  readonly log: ServerLog;
  /** Problem reporting (redacted for the page, printed once at the terminal). */
  readonly problems: ProblemSink;
  /** Process leasing and the restart backoff. */
  readonly processes: ProcessLease;
  /** A session completed `initialize` over `kind`: whatever was wrong is fixed. */
  ready(kind: UpstreamKind): void;
  /** A session has its id: requests that carry it reach it. */
  opened(session: HostedSession): void;
  /** A session ended. */
  closed(session: HostedSession): void;
  /** A server message passed on to a page, by method (the catalog lists again on `list_changed`). */
  relayed(method: string): void;
}

/** A one-off Streamable HTTP connection to the server, and the observer of its answers. */
export interface HttpExchange {
  transport: Transport;
  observer: HttpObserver;
}

/** What the 2026 relay needs beyond a session's host: a child handed back, and one-off HTTP exchanges. */
export interface ModernHost extends SessionHost {
  /** Process leasing, plus what the 2026 relay hands back or opens for one exchange. */
  readonly processes: ProcessLease & {
    /** Keeps a started child nobody initialized for the next 2025 session. */
    offer(upstream: Upstream): void;
    /** A new Streamable HTTP connection with the config's headers and the server's OAuth client. */
    httpExchange(): HttpExchange;
  };
}
