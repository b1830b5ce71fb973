import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { exitProblem, httpProblem, spawnProblem } from '../doctor/diagnoses.js';
import { problemError, SERVER_GONE, type RpcError } from '../doctor/problem-error.js';
import { httpStatusOf, isSessionLost } from './http-transport.js';
import type { SessionHost } from './session-host.js';
import { describeExit, type Upstream } from './upstream.js';
import { explainingLines, lastRunLines } from '../doctor/stderr-explain.js';

/**
 * What an upstream failure means for a session's requests: the answer a client reads, and whether the
 * session goes on, re-opens its upstream or ends. The session acts on these verdicts; deciding them
 * here keeps the session to the flow of messages.
 */

/** An upstream could not be started; `answer` is what the client's requests get. */
export class UpstreamStartError {
  constructor(readonly answer: RpcError) {}
}

/**
 * Why an upstream could not be started, as the client's answer: the server asking for authorization
 * (an HTTP+SSE stream opens at start), a spawn failure, or an HTTP(+SSE) connection failure.
 */
export function startFailure(host: SessionHost, upstream: Upstream, error: unknown): RpcError {
  const auth = host.problems.authError(error);
  if (auth) return auth;
  const { site, stdio, url } = host.server;
  if (stdio)
    return problemError(
      host.problems.report(spawnProblem(site, stdio.command, stdio.cwd, error as NodeJS.ErrnoException)),
    );
  return problemError(host.problems.report(httpProblem(site, url!, error, upstream.observer?.last, upstream.kind())));
}

/** Why re-opening a lost session (or restarting a server) failed, as the answer to the requests that waited for it. */
export function restartFailure(host: SessionHost, upstream: Upstream | undefined, error: unknown): RpcError {
  const auth = host.problems.authError(error);
  if (auth) return auth;
  if (host.server.transport !== 'http')
    return {
      code: SERVER_GONE,
      message: `Server "${host.server.name}" could not be reconnected: ${(error as Error).message}`,
    };
  return problemError(
    host.problems.report(
      httpProblem(
        host.server.site,
        host.server.url!,
        error,
        upstream?.observer?.last,
        upstream?.kind() ?? 'streamable-http',
      ),
    ),
  );
}

/** The error for a request that was running when an HTTP upstream lost the session (the server's URL by its origin, as the page sees every URL). */
export function lostSessionError(
  host: SessionHost,
  method: string,
  reason: string,
  problem: ConnectionProblem | undefined,
): RpcError {
  let site = '<url>';
  try {
    site = new URL(host.server.url!).origin;
  } catch {
    // keep the label
  }
  return {
    code: SERVER_GONE,
    message: `Server "${host.server.name}" (${site}) lost this session while handling "${method}": ${reason}; it was probably restarted. The gateway is opening a new session; try again.`,
    data: { problem },
  };
}

/**
 * What a failed send to the session's current upstream means: an answer for the request it carried
 * (and, for `initialize`, the reason the session ends), or the session to re-open (`lose`), after
 * which the request is sent again.
 */
export type SendFailure = { answer: RpcError; endsSession?: string } | { lose: string };

/** Decides what a failed send means (reporting what the card should show on the way). */
export function sendFailure(
  host: SessionHost,
  upstream: Upstream,
  error: unknown,
  handshakeDone: boolean,
): SendFailure {
  if (host.server.transport !== 'http')
    return {
      answer: {
        code: SERVER_GONE,
        message: `Could not send to server "${host.server.name}": ${(error as Error).message}`,
      },
    };
  // The server wants (more) authorization: say so, with what the card needs to offer Sign in.
  const auth = host.problems.authError(error);
  if (auth) return { answer: auth, endsSession: 'the server needs authorization' };
  const status = httpStatusOf(error);
  const diagnosis = () =>
    httpProblem(host.server.site, host.server.url!, error, upstream.observer?.last, upstream.kind());
  if (!handshakeDone)
    return { answer: problemError(host.problems.report(diagnosis())), endsSession: 'the server could not be reached' };
  // The upstream no longer knows the session, or cannot be reached: re-open it and send this again.
  if (isSessionLost(error) || status === undefined)
    return {
      lose:
        status !== undefined
          ? `it answered HTTP ${status} for the session`
          : `it could not be reached: ${(error as Error).message}`,
    };
  return { answer: problemError(diagnosis()) };
}

/** What an upstream that closed by itself means for the requests that waited on it. */
export interface ExitVerdict {
  /** How it ended, for the card and the client's errors. */
  how: string;
  /** The doctor's diagnosis when it died before the handshake (a stdio server only). */
  early: ConnectionProblem | undefined;
  /** The exit code, signal and stderr tail every answer carries as data. */
  data: { exitCode: number | null; signal: string | null; stderrTail: string[] };
  /** The answer to a pending request of `method`. */
  answer(method: string): RpcError;
}

/** Records an upstream's exit (and, before the handshake, its diagnosis); returns what the session answers. */
export function exitVerdict(
  host: SessionHost,
  upstream: Upstream,
  handshakeDone: boolean,
  lastTransportError: string | undefined,
): ExitVerdict {
  const exit = upstream.exit();
  const how = lastTransportError ? `after a protocol error (${lastTransportError})` : describeExit(exit);
  const tail = upstream.tail?.(30) ?? host.log.tail(30);
  host.processes.exited(exit, how, upstream.tail?.(30));
  const stdio = host.server.stdio;
  const early =
    !handshakeDone && stdio
      ? host.problems.report(
          exitProblem(host.server.site, stdio.command, exit, tail, 'before it answered "initialize"'),
        )
      : undefined;
  const data = {
    exitCode: exit?.code ?? null,
    signal: exit?.signal ?? null,
    stderrTail: explainingLines(lastRunLines(tail)),
  };
  return {
    how,
    early,
    data,
    answer(method) {
      if (early) return problemError(early, data);
      const when = method === 'initialize' ? 'before it answered initialize' : `while handling "${method}"`;
      return {
        code: SERVER_GONE,
        message: `Server "${host.server.name}" exited ${how} ${when}.${handshakeDone ? ' The gateway is restarting it.' : ''}`,
        data,
      };
    },
  };
}
