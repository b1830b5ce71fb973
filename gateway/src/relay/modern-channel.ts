import type { JSONRPCMessage, PerRequestHTTPServerTransport } from '@modelcontextprotocol/server';
import type { Id, JsonRpc } from './request-tracker.js';
import type { ModernHost } from './session-host.js';
import type { Upstream } from './upstream.js';

/** One client exchange in flight on the shared stdio child. */
interface Exchange {
  clientId: Id;
  downstream: PerRequestHTTPServerTransport;
  /** Client progress token → the one sent upstream. */
  progressToken?: Id;
  resolve?: (message: JsonRpc | undefined) => void;
}

/**
 * The one stdio child that several pages' 2026 exchanges share. Request ids and progress tokens are
 * made unique on the way in and restored on the way out, so each answer (and each progress
 * notification) reaches the exchange it belongs to.
 */
export class SharedChild {
  private child: Upstream | undefined;
  private readonly exchanges = new Map<string, Exchange>();
  private readonly progress = new Map<Id, { key: string; clientToken: Id }>();
  private count = 0;

  constructor(private readonly host: ModernHost) {}

  /** The running child; a new one is leased and started when there is none (or it exited). */
  async ensure(): Promise<Upstream> {
    if (this.child && !this.child.exit()) return this.child;
    const child = await this.host.processes.lease();
    child.transport.onmessage = (message) => this.fromChild(child, message as JsonRpc);
    child.transport.onclose = () => this.childClosed(child);
    child.transport.onerror = (error) => this.host.log.note(`2026 channel: ${error.message}`);
    if (!child.started) {
      await child.transport.start();
      child.started = true;
      this.host.processes.started(child);
    }
    this.child = child;
    return child;
  }

  /** Lets go of `child` without stopping it (it is handed on to a 2025 session). */
  release(child: Upstream): void {
    if (this.child === child) this.child = undefined;
    child.transport.onmessage = undefined;
    child.transport.onclose = undefined;
  }

  /** Sends one client message on the shared child with a unique id; resolves with the client-facing answer (with `keepAnswer`). */
  exchange(
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
      entry.resolve = (answer) => resolve(keepAnswer ? answer : undefined);
      this.exchanges.set(key, entry);
      child.transport.send(out as JSONRPCMessage).catch((error: Error) => {
        this.finish(key, {
          jsonrpc: '2.0',
          id: message.id!,
          error: { code: -32000, message: `Could not send to server "${this.host.server.name}": ${error.message}` },
        });
      });
    });
  }

  private finish(key: string, answer: JsonRpc): void {
    const entry = this.exchanges.get(key);
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
    if (message.method) this.host.relayed(message.method);
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
          message: `Server "${this.host.server.name}" exited while handling this request; the next request starts it again.`,
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
