import type { JSONRPCMessage, TransportSendOptions } from '@modelcontextprotocol/server';
import type { RpcError } from '../doctor/problem-error.js';
import { RequestTracker, type Id, type JsonRpc } from './request-tracker.js';

/**
 * The client requests of one session that wait for their answers: which are pending (and on which
 * stream a server message about them travels), which are held while an HTTP upstream's session is
 * re-opened, which have not been accepted upstream yet, and the error answers still being sent.
 */
export class PendingRequests {
  /** Pending requests and their progress tokens. */
  readonly tracker = new RequestTracker();
  /** Requests held while an HTTP upstream's session is being re-opened; sent (or answered) after. */
  private readonly held: JsonRpc[] = [];
  /** Requests whose upstream send has not completed (an HTTP POST not yet accepted). */
  private readonly sending = new Set<Id>();
  private readonly outgoing = new Set<Promise<void>>();

  constructor(
    /** Sends a message to the client (the session's HTTP side). */
    private readonly send: (message: JSONRPCMessage, options?: TransportSendOptions) => Promise<void>,
  ) {}

  /** Records a client request that is about to go upstream (or be held). */
  track(message: JsonRpc): void {
    this.tracker.track(message);
  }

  /** True while `id` waits for its answer. */
  has(id: Id): boolean {
    return this.tracker.pending.has(id);
  }

  /** Forgets an answered request; true if it was pending. */
  settle(id: Id): boolean {
    return this.tracker.settle(id);
  }

  /** Answers `id` with `error` and forgets it. */
  reply(id: Id, error: RpcError): void {
    this.tracker.settle(id);
    // Sending waits for the event store, so `flushed()` waits for these before the streams close (the browser's may be gone).
    const sent = this.send({ jsonrpc: '2.0', id, error } as JSONRPCMessage, { relatedRequestId: id }).catch(() => {});
    this.outgoing.add(sent);
    void sent.finally(() => this.outgoing.delete(sent));
  }

  /** Answers every pending request with `error(method)`, except those held to be sent again (and, with `keepUnsent`, those not yet accepted). */
  failAll(error: (method: string) => RpcError, keepUnsent = false): void {
    for (const [id, method] of [...this.tracker.pending]) {
      if (this.held.some((m) => m.id === id) || (keepUnsent && this.sending.has(id))) continue;
      this.reply(id, error(method));
    }
  }

  /** Forgets every pending request (after they were answered). */
  clear(): void {
    this.tracker.clear();
  }

  /** Holds `message` until the upstream is back (once). */
  hold(message: JsonRpc): void {
    if (!this.held.includes(message)) this.held.push(message);
  }

  /** True while `message` is held. */
  isHeld(message: JsonRpc): boolean {
    return this.held.includes(message);
  }

  /** Takes every held request, in the order they came. */
  takeHeld(): JsonRpc[] {
    return this.held.splice(0);
  }

  /** Marks `id` as sent upstream but not yet accepted. */
  sendingStarted(id: Id): void {
    this.sending.add(id);
  }

  /** The upstream accepted (or refused) the send of `id`. */
  sendingEnded(id: Id): void {
    this.sending.delete(id);
  }

  /** Resolves once every error answer has been handed to the client's stream. */
  async flushed(): Promise<void> {
    await Promise.allSettled([...this.outgoing]);
  }
}
