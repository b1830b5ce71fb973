import type { CallerContext, OfflineConflict, QueuedOperation } from '../shared/types.js';

/** One operation waiting for its server. `send` does exactly what the user confirmed, once. */
export interface PendingOperation {
  id: string;
  serverName: string;
  type: QueuedOperation['request']['type'];
  /** Tool, URI or prompt name. */
  name: string;
  requestId?: string;
  caller?: CallerContext;
  queuedAt: number;
  send: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** True for failures that mean "not reachable now" (try again when back), not "the call failed". */
export function isConnectivityError(error: unknown): boolean {
  const e = error as { jsonrpcCode?: unknown; message?: unknown } | undefined;
  const code = typeof e?.jsonrpcCode === 'number' ? e.jsonrpcCode : undefined;
  if (code === -32000 || code === -32002) return true;
  return (
    typeof e?.message === 'string' &&
    /failed to fetch|networkerror|fetch failed|load failed|gateway (?:is )?unreachable/i.test(e.message)
  );
}

let ids = 0;
/** An id for a queued operation. */
export function operationId(): string {
  ids += 1;
  return `op-${Date.now().toString(36)}-${ids}`;
}

/**
 * The per-server queues (MCP-WP-6.6.3): operations of a server run one after another in the order they
 * were queued. A failure that is not about connectivity becomes a conflict and holds that server's queue
 * until the user retries or discards it, so nothing after it runs out of order.
 */
export class OfflineQueue {
  private readonly queues = new Map<string, PendingOperation[]>();
  private readonly conflicts = new Map<string, { conflict: OfflineConflict; operation: PendingOperation }>();
  private readonly flushing = new Set<string>();

  constructor(
    private readonly hooks: {
      isOnline(serverName: string): boolean;
      wentOffline(serverName: string): void;
      changed(serverName: string): void;
      conflict(conflict: OfflineConflict): void;
    },
  ) {}

  /** Adds an operation at the end of its server's queue; returns its position (1-based). */
  add(operation: PendingOperation): number {
    const list = this.queues.get(operation.serverName) ?? [];
    list.push(operation);
    this.queues.set(operation.serverName, list);
    this.hooks.changed(operation.serverName);
    return list.length;
  }

  /** What waits, per server, in order. */
  pending(serverName?: string): PendingOperation[] {
    if (serverName !== undefined) return [...(this.queues.get(serverName) ?? [])];
    return [...this.queues.values()].flat();
  }

  /** Unresolved conflicts, oldest first. */
  listConflicts(serverName?: string): OfflineConflict[] {
    return [...this.conflicts.values()]
      .map((c) => c.conflict)
      .filter((c) => serverName === undefined || c.serverName === serverName);
  }

  /** Removes an operation that has not been sent yet (the user changed their mind); its caller gets a cancellation. */
  discard(id: string, reason: Error): boolean {
    for (const [serverName, list] of this.queues) {
      const index = list.findIndex((op) => op.id === id);
      if (index < 0) continue;
      const [op] = list.splice(index, 1);
      op!.reject(reason);
      this.hooks.changed(serverName);
      return true;
    }
    return false;
  }

  /** Sends each online server's operations in order; stops a server at a connectivity failure or a conflict. */
  async flush(serverName?: string): Promise<void> {
    const names = serverName !== undefined ? [serverName] : [...this.queues.keys()];
    await Promise.all(names.map((name) => this.flushServer(name)));
  }

  private blocked(serverName: string): boolean {
    return [...this.conflicts.values()].some((c) => c.conflict.serverName === serverName);
  }

  private async flushServer(serverName: string): Promise<void> {
    if (this.flushing.has(serverName)) return;
    this.flushing.add(serverName);
    try {
      const list = this.queues.get(serverName) ?? [];
      while (list.length && this.hooks.isOnline(serverName) && !this.blocked(serverName)) {
        const op = list[0]!;
        try {
          const value = await op.send();
          list.shift();
          op.resolve(value);
        } catch (error) {
          if (isConnectivityError(error)) {
            // Still not reachable: it stays first in line for the next reconnect.
            this.hooks.wentOffline(serverName);
            break;
          }
          list.shift();
          const conflict: OfflineConflict = {
            id: op.id,
            serverName,
            type: op.type,
            name: op.name,
            message: (error as Error)?.message ?? String(error),
            ...(op.requestId ? { requestId: op.requestId } : {}),
            time: Date.now(),
          };
          this.conflicts.set(op.id, { conflict, operation: op });
          this.hooks.conflict(conflict);
          op.reject(error);
        } finally {
          this.hooks.changed(serverName);
        }
      }
    } finally {
      this.flushing.delete(serverName);
    }
  }

  /**
   * Resolves a conflict: "retry" puts the operation first in its server's queue again (the user confirmed it
   * and now explicitly asks for it once more) and flushes; "discard" drops it. Either way the server's queue
   * moves on.
   */
  async resolve(conflictId: string, choice: 'retry' | 'discard'): Promise<boolean> {
    const entry = this.conflicts.get(conflictId);
    if (!entry) return false;
    this.conflicts.delete(conflictId);
    const { operation } = entry;
    if (choice === 'retry') {
      const list = this.queues.get(operation.serverName) ?? [];
      list.unshift({ ...operation, resolve: () => {}, reject: () => {} });
      this.queues.set(operation.serverName, list);
    }
    this.hooks.changed(operation.serverName);
    await this.flush(operation.serverName);
    return true;
  }
}
