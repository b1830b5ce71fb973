// The MCP client features beyond calls and reads: tasks (both sides), completions, logging and roots.

import type { Client } from '@modelcontextprotocol/client';
import type { EventBus } from '../event-bus.js';
import type { McpClientSdk } from '../mcp-sdk.js';
import { MCPError, toMCPError } from '../mcp-error.js';
import { ClientTasks } from '../tasks/client-tasks.js';
import { TaskStore } from '../tasks/task-store.js';
import { LogStore, isLogLevel } from '../logging/log-store.js';
import type { CompletionRef, CompletionResult, LogLevel, RootEntry, RootView, TaskRecord } from '../types.js';
import { clientFor, type BridgeContext } from './connection.js';

/** Where roots come from and how a server's own roots are changed (the host's RootsStore). */
export interface RootsSource {
  forServer(serverName: string): RootView[];
  set(serverName: string, roots: readonly unknown[]): Promise<RootView[]>;
}

const MAX_COMPLETIONS = 100;

/**
 * Tasks, logs, completions and roots for every server. Task and log state is host state: it is kept
 * here per server, not in a widget, and every change is announced on the bus (`mcp:task:*`,
 * `mcp:server:log`), so a widget that is switched away and back reads it again.
 */
export class ClientFeatures {
  readonly tasks: TaskStore;
  readonly logs: LogStore;
  readonly clientTasks: ClientTasks;
  roots: RootsSource | undefined;
  /** Tool tasks being followed, by server and task id: aborting one sends tasks/cancel. */
  readonly followers = new Map<string, AbortController>();

  constructor(
    private readonly bus: EventBus,
    private readonly context: BridgeContext,
  ) {
    this.tasks = new TaskStore(bus);
    this.logs = new LogStore(bus);
    this.clientTasks = new ClientTasks(this.tasks);
  }

  /** Follows task status notifications and answers the server's tasks/* requests on a new client. */
  install(client: Client, serverName: string, sdk: McpClientSdk): void {
    client.setNotificationHandler('notifications/tasks/status', { params: sdk.specTypeSchemas.TaskStatusNotificationParams }, (params) => {
      this.tasks.update(serverName, params);
    });
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      const elicitationId = (notification.params as { elicitationId?: unknown } | undefined)?.elicitationId;
      if (typeof elicitationId === 'string') this.bus.emit('mcp:elicitation:complete', { serverName, elicitationId });
    });
    this.clientTasks.install(client, serverName, sdk);
  }

  /** Sends the level chosen earlier again after a (re)connect; the new session starts at the server's default. */
  async restoreLevel(client: Client, serverName: string): Promise<void> {
    const level = this.logs.level(serverName);
    if (level && client.getServerCapabilities()?.logging) await client.setLoggingLevel(level).catch(() => {});
  }

  /** `completion/complete` for a prompt argument or a template variable. */
  async complete(serverName: string, ref: CompletionRef, argument: { name: string; value: string }, context?: Record<string, string>): Promise<CompletionResult> {
    try {
      const client = clientFor(this.context, serverName, 'completion/complete');
      if (!client.getServerCapabilities()?.completions) return { values: [] };
      const args = Object.fromEntries(Object.entries(context ?? {}).filter(([k, v]) => k !== argument.name && typeof v === 'string' && v !== ''));
      const answer = await client.complete(
        { ref: ref as never, argument: { name: String(argument.name), value: String(argument.value) }, ...(Object.keys(args).length ? { context: { arguments: args } } : {}) },
        { timeout: Math.min(this.context.requestTimeout, 10_000) },
      );
      const values = (Array.isArray(answer.completion?.values) ? answer.completion.values : []).filter((v): v is string => typeof v === 'string').slice(0, MAX_COMPLETIONS);
      return {
        values: values.map((v) => v.slice(0, 1000)),
        ...(typeof answer.completion.total === 'number' ? { total: answer.completion.total } : {}),
        ...(typeof answer.completion.hasMore === 'boolean' ? { hasMore: answer.completion.hasMore } : {}),
      };
    } catch (error) {
      throw toMCPError(error, { serverName, operation: 'completion/complete' });
    }
  }

  /** `logging/setLevel`; remembered and sent again after a reconnect. */
  async setLoggingLevel(serverName: string, level: LogLevel): Promise<void> {
    if (!isLogLevel(level)) throw new MCPError(`"${String(level)}" is not a log level.`, { jsonrpcCode: -32602, serverName, operation: 'logging/setLevel' });
    try {
      const client = clientFor(this.context, serverName, 'logging/setLevel');
      if (!client.getServerCapabilities()?.logging) {
        throw new MCPError(`Server "${serverName}" does not offer logging, so it has no level to set.`, { jsonrpcCode: -32601, serverName, operation: 'logging/setLevel' });
      }
      await client.setLoggingLevel(level, { timeout: this.context.requestTimeout });
      this.logs.setLevel(serverName, level);
    } catch (error) {
      throw toMCPError(error, { serverName, operation: 'logging/setLevel' });
    }
  }

  /** `tasks/list` (all pages, at most 10), merged into the host's records. */
  async listTasks(serverName: string): Promise<TaskRecord[]> {
    try {
      const client = clientFor(this.context, serverName, 'tasks/list');
      if (!(client.getServerCapabilities()?.tasks as { list?: unknown } | undefined)?.list) return this.tasks.list(serverName);
      const sdk = await this.context.loadSdk();
      let cursor: string | undefined;
      for (let page = 0; page < 10; page += 1) {
        const answer = await client.request({ method: 'tasks/list', params: cursor ? { cursor } : {} }, sdk.specTypeSchemas.ListTasksResult, { timeout: this.context.requestTimeout });
        for (const task of answer.tasks) this.tasks.upsert(serverName, task, { side: 'server', operation: '' });
        cursor = answer.nextCursor;
        if (!cursor) break;
      }
      return this.tasks.list(serverName);
    } catch (error) {
      throw toMCPError(error, { serverName, operation: 'tasks/list' });
    }
  }

  /** Cancels a task: the dashboard's own is withdrawn; a followed tool task is stopped by its follower; else tasks/cancel. */
  async cancelTask(serverName: string, taskId: string): Promise<TaskRecord | undefined> {
    const record = this.tasks.get(serverName, taskId);
    if (!record) throw new MCPError(`There is no task "${taskId}" for server "${serverName}".`, { jsonrpcCode: -32602, serverName, operation: 'tasks/cancel' });
    if (record.side === 'client') {
      this.clientTasks.cancel(serverName, taskId);
      return this.tasks.get(serverName, taskId);
    }
    const follower = this.followers.get(`${serverName}\n${taskId}`);
    if (follower) {
      const changed = this.tasks.nextChange(serverName, taskId, 10_000);
      follower.abort('You cancelled the task');
      await changed;
      return this.tasks.get(serverName, taskId);
    }
    try {
      const client = clientFor(this.context, serverName, 'tasks/cancel');
      const sdk = await this.context.loadSdk();
      const answer = await client.request({ method: 'tasks/cancel', params: { taskId } }, sdk.specTypeSchemas.CancelTaskResult, { timeout: this.context.requestTimeout });
      return this.tasks.update(serverName, answer) ?? this.tasks.get(serverName, taskId);
    } catch (error) {
      throw toMCPError(error, { serverName, operation: 'tasks/cancel' });
    }
  }

  /** Fetches a finished server task's result (`tasks/result`) into its record. */
  async fetchTaskResult(serverName: string, taskId: string): Promise<TaskRecord | undefined> {
    const record = this.tasks.get(serverName, taskId);
    if (!record || record.side !== 'server') return record;
    try {
      const client = clientFor(this.context, serverName, 'tasks/result');
      const sdk = await this.context.loadSdk();
      const raw = await client.request({ method: 'tasks/result', params: { taskId } }, sdk.specTypeSchemas.GetTaskPayloadResult, { timeout: this.context.requestTimeout });
      return this.tasks.setResult(serverName, taskId, raw as TaskRecord['result']);
    } catch (error) {
      const failure = toMCPError(error, { serverName, operation: 'tasks/result' });
      this.tasks.setError(serverName, taskId, { message: failure.message, code: failure.jsonrpcCode });
      throw failure;
    }
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
    if (!this.roots) throw new MCPError('This dashboard keeps no roots.', { jsonrpcCode: -32601, serverName, operation: 'roots' });
    const view = await this.roots.set(serverName, roots);
    this.bus.emit('mcp:roots:changed', { serverName, roots: view });
    return view;
  }

  /** `notifications/roots/list_changed` to one connected server, or to all (no name, or '*'). */
  async notifyRootsChanged(serverName?: string): Promise<void> {
    const connections = [...this.context.connections.values()].filter((c) => serverName === undefined || serverName === '*' || c.serverName === serverName);
    await Promise.all(
      connections.map((c) =>
        c.client?.sendRootsListChanged().catch(() => {
          // a server that is gone does not need to know
        }),
      ),
    );
  }
}
