import type { IncomingMessage, ServerResponse } from 'node:http';
import { PerRequestHTTPServerTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ProtocolEra } from '../../../src/core/shared/config/config-schema.js';
import { httpProblem, spawnProblem } from '../doctor/diagnoses.js';
import { problemError } from '../doctor/problem-error.js';
import { CallMeter } from './call-meter.js';
import { SharedChild } from './modern-channel.js';
import { isModernDiscoverResult, writeJson, writeResponse, type ModernRoute } from './modern-route.js';
import type { JsonRpc } from './request-tracker.js';
import type { ModernHost, ServerFacts } from './session-host.js';
import type { Upstream } from './upstream.js';

/**
 * The 2026-07-28 protocol through the gateway. A 2026 request carries its protocol version, client
 * info and capabilities in its own `_meta` and needs no session, so the gateway relays each one as a
 * single exchange: to an HTTP upstream as its own POST, to a stdio upstream over one shared child
 * process that speaks 2026 (modern-channel.ts, because several pages share that child). Only an
 * upstream that may speak 2026 is asked (`initialVerdict`): a stdio server is sent nothing but 2025
 * messages unless its config says `"protocol": "2026-07-28"`, because a 2025-only server cannot tell
 * from anything it understands. Whether an asked upstream speaks 2026 is learned from the client's own
 * `server/discover` probe and remembered; an upstream that does not gets the answer that makes a
 * negotiating client fall back to the 2025 `initialize` handshake (a JSON-RPC error), and a stdio child
 * that was started for the probe is kept for the 2025 session that follows, so probing costs no extra
 * process.
 */

/** What the gateway knows of an upstream's protocol era. */
export type EraVerdict = 'unknown' | 'modern' | 'legacy';

/**
 * The verdict before anything is sent. A 2025-only stdio server answers a 2025 `initialize` exactly as a
 * dual-era one does, and the Python SDK logs a long validation warning for every method it does not know,
 * so a stdio server is asked about 2026 only when its config says it speaks it; an HTTP server is asked
 * unless its config says 2025 (an HTTP+SSE server predates 2026).
 */
export function initialVerdict(server: ServerFacts, protocol: ProtocolEra | undefined): EraVerdict {
  if (server.httpKind === 'sse' || protocol === '2025-11-25') return 'legacy';
  if (server.transport === 'stdio' && protocol !== '2026-07-28') return 'legacy';
  return 'unknown';
}

const PROBE_TIMEOUT_MS = 10_000;

/** The 2026 side of one configured server. */
export class ModernRelay {
  /** What the upstream speaks: from the config (`initialVerdict`), else learned from the first probe. */
  verdict: EraVerdict;
  private probing: Promise<void> | undefined;
  private readonly shared: SharedChild;

  constructor(
    private readonly host: ModernHost,
    protocol?: ProtocolEra,
  ) {
    this.shared = new SharedChild(host);
    this.verdict = initialVerdict(host.server, protocol);
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
    const meter = new CallMeter(this.host.server.name);
    meter.watch(downstream);
    const aborted = new AbortController();
    res.once('close', () => aborted.abort());
    const request = new Request('http://gateway.invalid/', { method: 'POST', signal: aborted.signal });
    let settle!: () => void;
    const done = new Promise<void>((r) => (settle = r));
    downstream.onmessage = (message) => {
      meter.request(message as JsonRpc);
      const work =
        this.host.server.transport === 'http'
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
        message: `Server "${this.host.server.name}" is reached with the 2025-11-25 protocol through this gateway: open a session with "initialize".`,
      },
    });
  }

  /** A 2026 exchange with an HTTP upstream: one POST, its answer streamed back. */
  private async viaHttp(
    message: JsonRpc,
    downstream: PerRequestHTTPServerTransport,
    res: ServerResponse,
  ): Promise<void> {
    const url = new URL(this.host.server.url!);
    const { transport, observer: upstreamObserver } = this.host.processes.httpExchange();
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
      const auth = this.host.problems.authError(error);
      if (auth) {
        if (isRequest) await downstream.send({ jsonrpc: '2.0', id: message.id!, error: auth } as JSONRPCMessage);
      } else if (probe || this.verdict !== 'modern') {
        this.verdict = 'legacy';
        await downstream.close();
        this.legacySignal(res, message);
      } else if (isRequest) {
        const problem = this.host.problems.report(
          httpProblem(this.host.server.site, url.href, error, upstreamObserver.last, 'streamable-http'),
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
      child = await this.shared.ensure();
    } catch (error) {
      // It spoke 2026 before; now its process does not start: say why, as the 2025 path would.
      const stdio = this.host.server.stdio!;
      const problem = this.host.problems.report(
        spawnProblem(this.host.server.site, stdio.command, stdio.cwd, error as NodeJS.ErrnoException),
      );
      if (message.id !== undefined)
        await downstream.send({ jsonrpc: '2.0', id: message.id, error: problemError(problem) } as JSONRPCMessage);
      else await downstream.close();
      return;
    }
    await this.shared.exchange(child, message, downstream);
  }

  private async stdioProbe(
    message: JsonRpc,
    downstream: PerRequestHTTPServerTransport,
    res: ServerResponse,
  ): Promise<void> {
    let child: Upstream;
    try {
      child = await this.shared.ensure();
    } catch {
      this.verdict = 'legacy';
      this.legacySignal(res, message);
      await downstream.close();
      return;
    }
    const answer = await Promise.race([
      this.shared.exchange(child, message, downstream, true),
      new Promise<undefined>((r) => setTimeout(() => r(undefined), PROBE_TIMEOUT_MS).unref()),
    ]);
    if (answer && !answer.error && isModernDiscoverResult(answer)) {
      this.verdict = 'modern';
      return;
    }
    this.verdict = 'legacy';
    this.shared.release(child);
    if (answer && !child.exit()) {
      // It answered (an error: it speaks 2025 only) and is alive: the 2025 session about to open gets it.
      this.host.processes.offer(child);
    } else {
      await child.transport.close().catch(() => {});
    }
    if (!answer) {
      await downstream.close();
      this.legacySignal(res, message);
    }
  }

  /** Stops the shared child. */
  async close(): Promise<void> {
    await this.shared.close();
  }
}
