// The MCP client features beyond calls and reads: tasks (both sides), completions, logging and roots.

import type { Client } from '@modelcontextprotocol/client';
import type { EventBus } from '../services/event-bus.js';
import type { McpClientSdk } from './mcp-sdk.js';
import { MCPError } from './mcp-error.js';
import type { ClientTasks } from '../tasks/client-tasks.js';
import { loadTaskRuntime, type TaskRuntime } from '../tasks/load-runtime.js';
import { TaskStore } from '../tasks/task-store.js';
import { LogStore } from '../logging/log-store.js';
import type { CompletionRef, CompletionResult, LogLevel, RootEntry, RootView, TaskRecord } from '../shared/types.js';
import type { BridgeContext } from './connection.js';

/** Where roots come from and how a server's own roots are changed (the host's RootsStore). */
export interface RootsSource {
  forServer(serverName: string): RootView[];
  set(serverName: string, roots: readonly unknown[]): Promise<RootView[]>;
}

/**
 * Tasks, logs, completions and roots for every server. Task and log state is host state: it is kept
 * here per server, not in a widget, and every change is announced on the bus (`mcp:task:*`,
 * `mcp:server:log`), so a widget that is switched away and back reads it again.
 */
export class ClientFeatures {
  readonly tasks: TaskStore;
  readonly logs: LogStore;
  /** Runs the tasks servers ask the dashboard to run; created with the first connection (task runtime loaded). */
  clientTasks: ClientTasks | undefined;
  roots: RootsSource | undefined;
  /** Tool tasks being followed, by server and task id: aborting one sends tasks/cancel. */
  readonly followers = new Map<string, AbortController>();

  constructor(
    private readonly bus: EventBus,
    private readonly context: BridgeContext,
  ) {
    this.tasks = new TaskStore(bus);
    this.logs = new LogStore(bus);
  }

  /** Follows task status notifications and answers the server's tasks/* requests on a new client. */
  install(client: Client, serverName: string, sdk: McpClientSdk, runtime: TaskRuntime): ClientTasks {
    this.clientTasks ??= new runtime.ClientTasks(this.tasks);
    client.setNotificationHandler(
      'notifications/tasks/status',
      { params: sdk.specTypeSchemas.TaskStatusNotificationParams },
      (params) => {
        this.tasks.update(serverName, params);
      },
    );
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      const elicitationId = (notification.params as { elicitationId?: unknown } | undefined)?.elicitationId;
      if (typeof elicitationId === 'string') this.bus.emit('mcp:elicitation:complete', { serverName, elicitationId });
    });
    this.clientTasks.install(client, serverName, sdk);
    return this.clientTasks;
  }

  /** Sends the level chosen earlier again after a (re)connect; the new session starts at the server's default. */
  async restoreLevel(client: Client, serverName: string): Promise<void> {
    const level = this.logs.level(serverName);
    if (level && client.getServerCapabilities()?.logging) await client.setLoggingLevel(level).catch(() => {});
  }

  /** `completion/complete` for a prompt argument or a template variable. */
  async complete(
    serverName: string,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<CompletionResult> {
    return (await loadTaskRuntime()).complete(this.context, serverName, ref, argument, context);
  }

  /** `logging/setLevel`; remembered and sent again after a reconnect. */
  async setLoggingLevel(serverName: string, level: LogLevel): Promise<void> {
    await (await loadTaskRuntime()).setLoggingLevel(this.context, serverName, level);
    this.logs.setLevel(serverName, level);
  }

  /** `tasks/list` (all pages, at most 10), merged into the host's records. */
  async listTasks(serverName: string): Promise<TaskRecord[]> {
    return (await loadTaskRuntime()).listTasks(this.context, this.tasks, serverName);
  }

  /** Cancels a task: the dashboard's own is withdrawn; a followed tool task is stopped by its follower; else tasks/cancel. */
  async cancelTask(serverName: string, taskId: string): Promise<TaskRecord | undefined> {
    const record = this.tasks.get(serverName, taskId);
    if (!record)
      throw new MCPError(`There is no task "${taskId}" for server "${serverName}".`, {
        jsonrpcCode: -32602,
        serverName,
        operation: 'tasks/cancel',
      });
    if (record.side === 'client') {
      this.clientTasks?.cancel(serverName, taskId);
      return this.tasks.get(serverName, taskId);
    }
    const follower = this.followers.get(`${serverName}\n${taskId}`);
    if (follower) {
      const changed = this.tasks.nextChange(serverName, taskId, 10_000);
      follower.abort('You cancelled the task');
      await changed;
      return this.tasks.get(serverName, taskId);
    }
    return (await loadTaskRuntime()).cancelServerTask(this.context, this.tasks, serverName, taskId);
  }

  /** Fetches a finished server task's result (`tasks/result`) into its record. */
  async fetchTaskResult(serverName: string, taskId: string): Promise<TaskRecord | undefined> {
    const record = this.tasks.get(serverName, taskId);
    if (!record || record.side !== 'server') return record;
    return (await loadTaskRuntime()).fetchTaskResult(this.context, this.tasks, serverName, taskId);
  }

  /** The roots a server is given (none without a roots source). */
  rootsFor(serverName: string): RootView[] {
    return this.roots?.forServer(serverName) ?? [];
  }

  /**
   * Replaces a server's own roots (persisted) and announces `mcp:roots:changed`. The roots source tells
   * the server (`notifications/roots/list_changed`) when what it keeps changes.
   */
  async setRoots(serverName: string, roots: readonly RootEntry[]): Promise<RootView[]> {
    if (!this.roots)
      throw new MCPError('This dashboard keeps no roots.', { jsonrpcCode: -32601, serverName, operation: 'roots' });
    const view = await this.roots.set(serverName, roots);
    this.bus.emit('mcp:roots:changed', { serverName, roots: view });
    return view;
  }

  /** `notifications/roots/list_changed` to one connected server, or to all (no name, or '*'). */
  async notifyRootsChanged(serverName?: string): Promise<void> {
    const connections = [...this.context.connections.values()].filter(
      (c) => serverName === undefined || serverName === '*' || c.serverName === serverName,
    );
    await Promise.all(
      connections.map((c) =>
        c.client?.sendRootsListChanged().catch(() => {
          // a server that is gone does not need to know
        }),
      ),
    );
  }
}
