import { canonical } from '../audit/audit-log.js';
import type { EventBus } from '../services/event-bus.js';
import type { MCPBridge } from '../bridge/mcp-bridge.js';
import type { DeferredSends } from '../invocation/tool-invoker.js';
import type {
  CachedToolResult,
  CallerContext,
  MCPBridgeInterface,
  MCPTool,
  OfflineCacheInterface,
  OfflineConflict,
  QueuedOperation,
  ToolResult,
  Unsubscribe,
} from '../shared/types.js';
import { isConnectivityError, OfflineQueue, operationId } from './offline-queue.js';

/** How long the host keeps a read-only tool's last result (milliseconds). */
export const DEFAULT_RESULT_TTL_MS = 5 * 60_000;
/** How often the host asks the gateway whether an unreachable server is back (milliseconds). */
export const PROBE_INTERVAL_MS = 1000;
const MAX_ENTRIES = 500;

function readOnly(tool: MCPTool | undefined): boolean {
  if (!tool) return false;
  const type = (tool._meta as { mcpletType?: unknown } | undefined)?.mcpletType;
  return (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true || type === 'read';
}

/** The text blocks of a result, joined (bounded). */
function resultText(result: ToolResult): string {
  const blocks = Array.isArray(result.content) ? result.content : [];
  return blocks
    .map((b) => ((b as { type?: unknown }).type === 'text' ? String((b as { text?: unknown }).text ?? '') : ''))
    .join(' ')
    .slice(0, 500);
}

function key(serverName: string, toolName: string, args: unknown): string {
  return `${serverName}\u0000${toolName}\u0000${canonical(args ?? {})}`;
}

/**
 * The host's offline support (MCP-WP §6.6, 10.3): it knows which servers are reachable (the gateway and
 * the server's session), keeps the last result of read-only tool calls for a while, and holds the calls a
 * person chose to "Send when back online" — confirmed like any call, then sent in order once the server is
 * back (a failure becomes a conflict the person resolves). It never sends anything that was not confirmed.
 */
export class OfflineHost implements DeferredSends {
  private readonly offline = new Set<string>();
  private gatewayReachable = true;
  private readonly results = new Map<string, CachedToolResult>();
  private readonly widgetResults = new Map<string, CachedToolResult>();
  readonly queue: OfflineQueue;
  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stops: Unsubscribe[] = [];

  constructor(
    private readonly options: {
      bus: EventBus;
      bridge: MCPBridge;
      /** Process state per server from the gateway (`running`, `restarting`…); throws when the gateway is unreachable. */
      probe?: () => Promise<Record<string, string>>;
      ttlMs?: number;
      now?: () => number;
    },
  ) {
    this.queue = new OfflineQueue({
      isOnline: (name) => this.isOnline(name),
      wentOffline: (name) => this.setOnline(name, false),
      changed: (name) =>
        options.bus.emit('mcp:offline:queue-changed', {
          serverName: name,
          queued: this.queue.pending(name).length,
          conflicts: this.queue.listConflicts(name).length,
        }),
      conflict: (conflict) =>
        options.bus.emit('mcp:host:offline-error', {
          serverName: conflict.serverName,
          conflict,
          requestId: conflict.requestId,
          message: conflict.message,
        }),
    });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Starts following the bus: results to keep, connections that come and go, calls that could not reach their server. */
  start(): void {
    if (this.stops.length) return;
    const { bus } = this.options;
    this.stops.push(
      bus.on(
        'mcp:tool:result',
        (d: { serverName?: string; toolName?: string; args?: unknown; result?: ToolResult }) => {
          if (typeof d?.serverName !== 'string' || typeof d.toolName !== 'string' || !d.result || d.result.isError)
            return;
          const tool = this.options.bridge.getServer(d.serverName)?.info?.tools.find((t) => t.name === d.toolName);
          if (readOnly(tool))
            this.keep(
              this.results,
              key(d.serverName, d.toolName, d.args),
              d.result,
              this.options.ttlMs ?? DEFAULT_RESULT_TTL_MS,
            );
        },
      ),
      bus.on('mcp:server:connected', (d: { serverName?: string }) => {
        if (typeof d?.serverName === 'string') this.setOnline(d.serverName, true);
      }),
      bus.on('mcp:server:disconnected', (d: { serverName?: string }) => {
        if (typeof d?.serverName === 'string') this.setOnline(d.serverName, false);
      }),
      bus.on('mcp:tool:error', (d: { serverName?: string; error?: unknown }) => {
        if (typeof d?.serverName === 'string' && isConnectivityError(d.error)) this.setOnline(d.serverName, false);
      }),
    );
  }

  /** Stops following the bus and probing. */
  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
    clearTimeout(this.probeTimer);
  }

  /** True when the gateway answers and the server's session is up and not known to be restarting. */
  isOnline(serverName?: string): boolean {
    if (!this.gatewayReachable) return false;
    if (serverName === undefined) return true;
    return !this.offline.has(serverName) && this.options.bridge.isConnected(serverName);
  }

  /** The shell's view of the gateway (its status poll); back online flushes what waits. */
  setGatewayReachable(reachable: boolean): void {
    if (reachable === this.gatewayReachable) return;
    this.gatewayReachable = reachable;
    this.options.bus.emit('mcp:host:connectivity', { online: reachable, gateway: true });
    if (reachable) void this.queue.flush();
    else this.scheduleProbe();
  }

  private setOnline(serverName: string, online: boolean): void {
    const was = !this.offline.has(serverName);
    if (online) this.offline.delete(serverName);
    else this.offline.add(serverName);
    if (was !== online)
      this.options.bus.emit('mcp:host:connectivity', { serverName, online: this.isOnline(serverName) });
    if (online) void this.queue.flush(serverName);
    else this.scheduleProbe();
  }

  /** While something is unreachable, asks the gateway every second whether it is back (MCP-WP-10.3.1, 10.3.2). */
  private scheduleProbe(): void {
    if (this.probeTimer !== undefined || !this.options.probe) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      void this.probeOnce().finally(() => {
        if (!this.gatewayReachable || this.offline.size) this.scheduleProbe();
      });
    }, PROBE_INTERVAL_MS);
  }

  private async probeOnce(): Promise<void> {
    let states: Record<string, string>;
    try {
      states = await this.options.probe!();
    } catch {
      this.setGatewayReachable(false);
      return;
    }
    this.setGatewayReachable(true);
    for (const name of [...this.offline])
      if (states[name] === 'running' && this.options.bridge.isConnected(name)) this.setOnline(name, true);
  }

  private keep(map: Map<string, CachedToolResult>, k: string, result: ToolResult, ttl: number): void {
    const storedAt = this.now();
    map.delete(k);
    map.set(k, {
      result: JSON.parse(JSON.stringify(result)) as ToolResult,
      storedAt,
      expiresAt: storedAt + Math.max(0, ttl),
    });
    if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  }

  private fresh(map: Map<string, CachedToolResult>, k: string): CachedToolResult | undefined {
    const entry = map.get(k);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      map.delete(k);
      return undefined;
    }
    return entry;
  }

  /** The last result of a read-only call with these arguments, while its TTL lasts. */
  cachedCall(serverName: string, toolName: string, args: unknown): CachedToolResult | undefined {
    return this.fresh(this.results, key(serverName, toolName, args));
  }

  /** DeferredSends: queues a confirmed call and says so on the bus (`mcp:tool:queued`). */
  enqueue(
    call: {
      serverName: string;
      toolName: string;
      args: Record<string, unknown>;
      requestId: string;
      caller: CallerContext;
    },
    send: () => Promise<ToolResult>,
  ): Promise<ToolResult> {
    // A tool error result of a queued call is a failure the person must see and resolve, like a thrown one.
    const checked = async (): Promise<ToolResult> => {
      const result = await send();
      if (result?.isError) throw new Error(resultText(result) || `"${call.toolName}" answered with an error.`);
      return result;
    };
    return new Promise<ToolResult>((resolve, reject) => {
      const position = this.queue.add({
        id: operationId(),
        serverName: call.serverName,
        type: 'tool',
        name: call.toolName,
        requestId: call.requestId,
        caller: call.caller,
        queuedAt: this.now(),
        send: checked,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.options.bus.emit('mcp:tool:queued', {
        serverName: call.serverName,
        toolName: call.toolName,
        args: call.args,
        requestId: call.requestId,
        position,
        caller: { surface: call.caller.surface, id: call.caller.id },
      });
      this.scheduleProbe();
    });
  }

  /** Conflicts waiting for the user. */
  conflicts(serverName?: string): OfflineConflict[] {
    return this.queue.listConflicts(serverName);
  }

  /** A widget's OfflineCache (MCP-WP-6.6.2): its own stored results, its server's cached calls, its queue. */
  scoped(widgetId: string, serverName: string, bridge: MCPBridgeInterface): OfflineCacheInterface {
    const own = (k: unknown) => `${widgetId}\u0000${String(k)}`;
    const queueRead = async (
      type: 'resource' | 'prompt',
      name: string,
      send: () => Promise<unknown>,
    ): Promise<void> => {
      // Reads need no confirmation; the widget's bridge checks its permission when the read is sent.
      this.queue.add({
        id: operationId(),
        serverName,
        type,
        name,
        queuedAt: this.now(),
        send,
        resolve: () => {},
        reject: () => {},
      });
      if (this.isOnline(serverName)) void this.queue.flush(serverName);
      else this.scheduleProbe();
    };
    return Object.freeze({
      storeToolResult: async (k: string, result: ToolResult, ttl: number) =>
        this.keep(this.widgetResults, own(k), result, Number(ttl) || 0),
      getToolResult: async (k: string) => this.fresh(this.widgetResults, own(k)),
      cachedCall: (server: string, toolName: string, args: unknown) =>
        server === serverName ? this.cachedCall(server, String(toolName), args) : undefined,
      isOnline: (server?: string) => this.isOnline(server ?? serverName),
      flushQueue: () => this.queue.flush(serverName),
      resolveConflict: async (id: string, choice: 'retry' | 'discard') =>
        this.queue.listConflicts(serverName).some((c) => c.id === String(id))
          ? this.queue.resolve(String(id), choice === 'retry' ? 'retry' : 'discard')
          : false,
      queueOperation: async (operation: QueuedOperation) => {
        const request = operation?.request;
        const payload = (request?.payload && typeof request.payload === 'object' ? request.payload : {}) as Record<
          string,
          unknown
        >;
        if (request?.serverName !== serverName)
          throw new Error(`A widget of "${serverName}" may queue operations only for its own server.`);
        if (request.type === 'tool') {
          // Through the widget's own MCPBridge: the same policy and dialog now, then queued while the server is unreachable.
          void bridge
            .callTool(serverName, String(payload.toolName ?? ''), (payload.args ?? {}) as object, { whenOnline: true })
            .catch(() => {});
          return;
        }
        if (request.type === 'resource')
          return queueRead('resource', String(payload.uri ?? ''), () =>
            bridge.readResource(serverName, String(payload.uri ?? '')),
          );
        if (request.type === 'prompt')
          return queueRead('prompt', String(payload.promptName ?? ''), () =>
            bridge.getPrompt(serverName, String(payload.promptName ?? ''), (payload.args ?? {}) as object),
          );
        throw new Error('A queued operation is of type "tool", "resource" or "prompt".');
      },
    });
  }
}
