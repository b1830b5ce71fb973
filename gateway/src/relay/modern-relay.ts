import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  classifyInboundRequest,
  PerRequestHTTPServerTransport,
  type JSONRPCMessage,
  type MessageClassification,
} from '@modelcontextprotocol/server';
import { httpProblem, spawnProblem } from '../doctor/diagnoses.js';
import { HttpObserver } from './http-observer.js';
import { createHttpTransport } from './http-transport.js';
import { authError } from '../oauth/auth-problem.js';
import { problemError } from './handshake.js';
import type { Id, JsonRpc } from './request-tracker.js';
import type { ServerSupervisor } from './supervisor.js';
import type { Upstream } from './upstream.js';

/**
 * The 2026-07-28 protocol through the gateway. A 2026 request carries its protocol version, client
 * info and capabilities in its own `_meta` and needs no session, so the gateway relays each one as a
 * single exchange: to an HTTP upstream as its own POST, to a stdio upstream over one shared child
 * process that speaks 2026 (request ids and progress tokens are made unique on the way in and
 * restored on the way out, because several pages share that child). Whether an upstream speaks 2026
 * is learned from the client's own `server/discover` probe and remembered; an upstream that does not
 * gets the answer that makes a negotiating client fall back to the 2025 `initialize` handshake
 * (a JSON-RPC error), and a stdio child that was started for the probe is kept for the
 * 2025 session that follows, so probing costs no extra process.
 */

const PROBE_TIMEOUT_MS = 10_000;

/** The outcome of classifying a session-less POST (the SDK's edge classifier). */
export type ModernRoute =
  | { kind: 'modern'; message: JsonRpc; classification: MessageClassification }
  | { kind: 'reject'; status: number; error: { code: number; message: string; data?: unknown } }
  | { kind: 'legacy' };

/** Classifies a request that has no session id, the way the SDK's dual-era entry does. */
export function classify(req: IncomingMessage, body: unknown): ModernRoute {
  const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
  const outcome = classifyInboundRequest({
    httpMethod: req.method ?? 'GET',
    protocolVersionHeader: header('mcp-protocol-version'),
    mcpMethodHeader: header('mcp-method'),
    mcpNameHeader: header('mcp-name'),
    body,
  });
  if (outcome.kind === 'modern')
    return { kind: 'modern', message: outcome.message as JsonRpc, classification: outcome.classification };
  if (outcome.kind === 'reject')
    return {
      kind: 'reject',
      status: outcome.httpStatus,
      error: {
        code: outcome.code,
        message: outcome.message,
        ...(outcome.data === undefined ? {} : { data: outcome.data }),
      },
    };
  return { kind: 'legacy' };
}

function writeJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Copies a web Response (JSON or an SSE stream) onto the Node response. */
async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }) as const);
    if (done) break;
    res.write(value);
  }
  res.end();
}

function isModernDiscoverResult(message: JsonRpc): boolean {
  const versions = (message.result as { supportedVersions?: unknown } | undefined)?.supportedVersions;
  return Array.isArray(versions) && versions.some((v) => typeof v === 'string' && v >= '2026-07-28');
}

/** One client exchange in flight on the shared stdio child. */
interface Exchange {
  clientId: Id;
  downstream: PerRequestHTTPServerTransport;
  /** Client progress token → the one sent upstream. */
  progressToken?: Id;
}

/** The 2026 side of one configured server. */
export class ModernRelay {
  /** What the upstream speaks: learned from the first probe. */
  verdict: 'unknown' | 'modern' | 'legacy' = 'unknown';
  private probing: Promise<void> | undefined;
  private child: Upstream | undefined;
  private readonly exchanges = new Map<string, Exchange>();
  private readonly progress = new Map<Id, { key: string; clientToken: Id }>();
  private count = 0;

  constructor(private readonly supervisor: ServerSupervisor) {
    // An HTTP+SSE server predates 2026; there is nothing to ask.
    if (supervisor.httpKind() === 'sse') this.verdict = 'legacy';
  }

  /** Serves one classified 2026 request or notification. */
  async handle(
    _req: IncomingMessage,
    res: ServerResponse,
    route: Extract<ModernRoute, { kind: 'modern' }>,
  ): Promise<void> {
    if (this.verdict === 'unknown' && this.probing) await this.probing.catch(() => {});
    if (this.verdict === 'legacy') {
      this.legacySignal(res, route.message);
      return;
    }
    const downstream = new PerRequestHTTPServerTransport({ classification: route.classification });
    const aborted = new AbortController();
    res.once('close', () => aborted.abort());
    const request = new Request('http://gateway.invalid/', { method: 'POST', signal: aborted.signal });
    let settle!: () => void;
    const done = new Promise<void>((r) => (settle = r));
    downstream.onmessage = (message) => {
      const work =
        this.supervisor.transport === 'http'
          ? this.viaHttp(message as JsonRpc, downstream, res)
          : this.viaStdio(message as JsonRpc, downstream, res);
      void work.finally(settle);
    };
    await downstream.start();
    let response: Response;
    try {
      response = await downstream.handleMessage(route.message as never, { request });
    } catch {
      return; // the client went away before an answer
    }
    if (!res.headersSent && !res.writableEnded) await writeResponse(res, response);
    await done;
  }

  /**
   * The answer that makes a negotiating client use the 2025 `initialize` handshake instead: a JSON-RPC
   * error (any error but -32022 is a "legacy" verdict for the SDK's probe classifier). Sent with HTTP
   * 200, as a 2025 server's "Method not found" would be, so a browser logs no failed request for
   * every card that connects.
   */
  private legacySignal(res: ServerResponse, message: JsonRpc): void {
    if (res.headersSent) return;
    const discover = message.method === 'server/discover';
    writeJson(res, 200, {
      jsonrpc: '2.0',
      id: message.id ?? null,
      error: {
        code: discover ? -32601 : -32600,
        message: `Server "${this.supervisor.name}" is reached with the 2025-11-25 protocol through this gateway: open a session with "initialize".`,
      },
    });
  }

  /** A 2026 exchange with an HTTP upstream: one POST, its answer streamed back. */
  private async viaHttp(
    message: JsonRpc,
    downstream: PerRequestHTTPServerTransport,
    res: ServerResponse,
  ): Promise<void> {
    const url = new URL(this.supervisor.url()!);
    const upstreamObserver = new HttpObserver(this.supervisor.auth?.fetch);
    const transport = createHttpTransport(
      'streamable-http',
      url,
      this.supervisor.httpHeaders(),
      upstreamObserver.fetch,
      this.supervisor.auth?.provider,
    );
    const isRequest = message.id !== undefined;
    const probe = message.method === 'server/discover' && this.verdict === 'unknown';
    const finished = new Promise<void>((resolve) => {
      transport.onmessage = (reply) => {
        const answer = reply as JsonRpc;
        if (answer.id !== undefined && answer.method === undefined) {
          if (probe) this.verdict = answer.error || !isModernDiscoverResult(answer) ? 'legacy' : 'modern';
          void downstream.send(reply as JSONRPCMessage).finally(resolve);
        } else if (isRequest) {
          void downstream.send(reply as JSONRPCMessage, { relatedRequestId: message.id });
        }
      };
      transport.onclose = () => resolve();
    });
    // The client going away ends the exchange upstream too.
    res.once('close', () => void transport.close().catch(() => {}));
    try {
      await transport.start();
      await transport.send(message as JSONRPCMessage);
      if (!isRequest) return;
      if (!probe) {
        await finished;
        return;
      }
      // 202 (accepted, no answer) to a request: whatever that is, it is not a 2026 server.
      if (upstreamObserver.lastStatus === 202) throw new Error('server/discover was answered 202 without a result');
      // A probe must be answered promptly; silence (or a 202 with no answer) is not a 2026 server.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), PROBE_TIMEOUT_MS)));
      const outcome = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') throw new Error('no answer to server/discover');
    } catch (error) {
      // The server wants authorization: say so (a probing client then falls back to `initialize`,
      // which is told the same); whether it speaks 2026 is learned once the user has signed in.
      const auth = authError(this.supervisor, error);
      if (auth) {
        if (isRequest) await downstream.send({ jsonrpc: '2.0', id: message.id!, error: auth } as JSONRPCMessage);
      } else if (probe || this.verdict !== 'modern') {
        this.verdict = 'legacy';
        await downstream.close();
        this.legacySignal(res, message);
      } else if (isRequest) {
        const problem = this.supervisor.noteProblem(
          httpProblem(this.supervisor.site(), url.href, error, upstreamObserver.last, 'streamable-http'),
        );
        await downstream.send({ jsonrpc: '2.0', id: message.id!, error: problemError(problem) } as JSONRPCMessage);
      }
    } finally {
      await transport.close().catch(() => {});
    }
  }

  /** A 2026 exchange with the shared stdio child (started, and probed, on first use). */
  private async viaStdio(
    message: JsonRpc,
    downstream: PerRequestHTTPServerTransport,
    res: ServerResponse,
  ): Promise<void> {
    const probe = this.verdict === 'unknown';
    if (probe) {
      let release!: () => void;
      this.probing = new Promise<void>((r) => (release = r));
      try {
        await this.stdioProbe(message, downstream, res);
      } finally {
        release();
        this.probing = undefined;
      }
      return;
    }
    let child: Upstream;
    try {
      child = await this.ensureChild();
    } catch (error) {
      // It spoke 2026 before; now its process does not start: say why, as the 2025 path would.
      const stdio = this.supervisor.stdioCommand()!;
      const problem = this.supervisor.noteProblem(
        spawnProblem(this.supervisor.site(), stdio.command, stdio.cwd, error as NodeJS.ErrnoException),
      );
      if (message.id !== undefined)
        await downstream.send({ jsonrpc: '2.0', id: message.id, error: problemError(problem) } as JSONRPCMessage);
      else await downstream.close();
      return;
    }
    await this.exchange(child, message, downstream);
  }

  private async stdioProbe(
    message: JsonRpc,
    downstream: PerRequestHTTPServerTransport,
    res: ServerResponse,
  ): Promise<void> {
    let child: Upstream;
    try {
      child = await this.ensureChild();
    } catch {
      this.verdict = 'legacy';
      this.legacySignal(res, message);
      await downstream.close();
      return;
    }
    const answer = await Promise.race([
      this.exchange(child, message, downstream, true),
      new Promise<undefined>((r) => setTimeout(() => r(undefined), PROBE_TIMEOUT_MS).unref()),
    ]);
    if (answer && !answer.error && isModernDiscoverResult(answer)) {
      this.verdict = 'modern';
      return;
    }
    this.verdict = 'legacy';
    this.child = undefined;
    child.transport.onmessage = undefined;
    child.transport.onclose = undefined;
    if (answer && !child.exit()) {
      // It answered (an error: it speaks 2025 only) and is alive: the 2025 session about to open gets it.
      this.supervisor.offerSpare(child);
    } else {
      await child.transport.close().catch(() => {});
    }
    if (!answer) {
      await downstream.close();
      this.legacySignal(res, message);
    }
  }

  private async ensureChild(): Promise<Upstream> {
    if (this.child && !this.child.exit()) return this.child;
    const child = await this.supervisor.newUpstream();
    child.transport.onmessage = (message) => this.fromChild(child, message as JsonRpc);
    child.transport.onclose = () => this.childClosed(child);
    child.transport.onerror = (error) => this.supervisor.stderr.note(`2026 channel: ${error.message}`);
    if (!child.started) {
      await child.transport.start();
      child.started = true;
      this.supervisor.noteStarted(child);
    }
    this.child = child;
    return child;
  }

  /** Sends one client message on the shared child with a unique id; resolves with the client-facing answer. */
  private exchange(
    child: Upstream,
    message: JsonRpc,
    downstream: PerRequestHTTPServerTransport,
    keepAnswer = false,
  ): Promise<JsonRpc | undefined> {
    if (message.id === undefined) {
      return child.transport.send(message as JSONRPCMessage).then(
        () => undefined,
        () => undefined,
      );
    }
    this.count += 1;
    const key = `m${this.count}`;
    const out: JsonRpc = { ...message, id: key };
    const token = message.params?._meta?.progressToken;
    const entry: Exchange = { clientId: message.id, downstream };
    if (token !== undefined) {
      const upstreamToken = `p${this.count}`;
      entry.progressToken = upstreamToken;
      this.progress.set(upstreamToken, { key, clientToken: token });
      out.params = { ...message.params, _meta: { ...message.params!._meta, progressToken: upstreamToken } };
    }
    return new Promise<JsonRpc | undefined>((resolve) => {
      (entry as Exchange & { resolve?: (m: JsonRpc | undefined) => void }).resolve = (answer) =>
        resolve(keepAnswer ? answer : undefined);
      this.exchanges.set(key, entry);
      child.transport.send(out as JSONRPCMessage).catch((error: Error) => {
        this.finish(key, {
          jsonrpc: '2.0',
          id: message.id!,
          error: { code: -32000, message: `Could not send to server "${this.supervisor.name}": ${error.message}` },
        });
      });
    });
  }

  private finish(key: string, answer: JsonRpc): void {
    const entry = this.exchanges.get(key) as (Exchange & { resolve?: (m: JsonRpc | undefined) => void }) | undefined;
    if (!entry) return;
    this.exchanges.delete(key);
    if (entry.progressToken !== undefined) this.progress.delete(entry.progressToken);
    void entry.downstream
      .send({ ...answer, id: entry.clientId } as JSONRPCMessage)
      .finally(() => entry.resolve?.({ ...answer, id: entry.clientId }));
  }

  private fromChild(child: Upstream, message: JsonRpc): void {
    if (child !== this.child) return;
    if (message.id !== undefined && message.method === undefined) {
      this.finish(String(message.id), message);
      return;
    }
    if (message.method) this.supervisor.onRelayed?.(message.method);
    let key: string | undefined;
    let restored = message;
    if (message.method === 'notifications/progress') {
      const token = (message.params as { progressToken?: Id } | undefined)?.progressToken;
      const mapped = token !== undefined ? this.progress.get(token) : undefined;
      if (mapped) {
        key = mapped.key;
        restored = { ...message, params: { ...message.params, progressToken: mapped.clientToken } };
      }
    }
    // Anything else the child says while exchanges run belongs to the newest one (stdio carries no link).
    key ??= [...this.exchanges.keys()].at(-1);
    const entry = key !== undefined ? this.exchanges.get(key) : undefined;
    if (entry) void entry.downstream.send(restored as JSONRPCMessage, { relatedRequestId: entry.clientId });
  }

  private childClosed(child: Upstream): void {
    if (child !== this.child) return;
    this.child = undefined;
    for (const key of [...this.exchanges.keys()]) {
      this.finish(key, {
        jsonrpc: '2.0',
        id: key,
        error: {
          code: -32000,
          message: `Server "${this.supervisor.name}" exited while handling this request; the next request starts it again.`,
        },
      });
    }
  }

  /** Stops the shared child. */
  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child) await child.transport.close().catch(() => {});
  }
}
