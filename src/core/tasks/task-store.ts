// Host state for MCP tasks (SEP-1686): every task of every server, whoever runs it, with its history.

import type { EventBus } from '../services/event-bus.js';
import type { TaskRecord, TaskState } from '../shared/types.js';

/** A task as the wire carries it (`Task` of MCP 2025-11-25); fields a server may omit are optional. */
export interface WireTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttl?: number | null;
  pollInterval?: number;
}

const STATES: readonly TaskState[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];
/** Tasks kept per server; the oldest finished ones go first. */
const MAX_TASKS = 100;
const MAX_HISTORY = 50;

/** True for the states a task never leaves. */
export function isTerminal(state: string): boolean {
  return state === 'completed' || state === 'failed' || state === 'cancelled';
}

function stateOf(status: unknown, fallback: TaskState): TaskState {
  return STATES.includes(status as TaskState) ? (status as TaskState) : fallback;
}

function text(value: unknown, max = 2000): string | undefined {
  return typeof value === 'string' ? value.slice(0, max) : undefined;
}

/**
 * Keeps the tasks of each server as host state, so a widget that is switched away and back finds them
 * again. Every change is announced on the bus: `mcp:task:created`, `mcp:task:status` (state or message
 * changed), `mcp:task:result` and `mcp:task:error`, each with `{ serverName, taskId, requestId, task }`.
 * Records are frozen snapshots: a change replaces the record.
 */
export class TaskStore {
  private readonly servers = new Map<string, Map<string, TaskRecord>>();
  /** Status notifications that arrived before the task's creation result did. */
  private readonly early = new Map<string, WireTask>();
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(private readonly bus: EventBus) {}

  /** The server's tasks, newest first. */
  list(serverName: string): TaskRecord[] {
    return [...(this.servers.get(serverName)?.values() ?? [])].reverse();
  }

  /** One task, or undefined. */
  get(serverName: string, taskId: string): TaskRecord | undefined {
    return this.servers.get(serverName)?.get(taskId);
  }

  /** Records a task the host has just learnt about (a creation result, or tasks/list), or updates it. */
  upsert(
    serverName: string,
    wire: WireTask,
    about: { side: TaskRecord['side']; operation: string; requestId?: string },
  ): TaskRecord {
    const existing = this.get(serverName, wire.taskId);
    if (existing) return this.update(serverName, wire) ?? existing;
    const key = `${serverName}\n${wire.taskId}`;
    const early = this.early.get(key);
    this.early.delete(key);
    const latest = early && (early.lastUpdatedAt ?? '') >= (wire.lastUpdatedAt ?? '') ? { ...wire, ...early } : wire;
    const now = new Date().toISOString();
    const state = stateOf(latest.status, 'working');
    const record: TaskRecord = {
      serverName,
      taskId: String(wire.taskId),
      side: about.side,
      operation: about.operation,
      ...(about.requestId ? { requestId: about.requestId } : {}),
      state,
      statusMessage: text(latest.statusMessage),
      createdAt: text(latest.createdAt, 64) ?? now,
      lastUpdatedAt: text(latest.lastUpdatedAt, 64) ?? now,
      ttl: typeof latest.ttl === 'number' || latest.ttl === null ? latest.ttl : undefined,
      pollInterval: typeof latest.pollInterval === 'number' ? latest.pollInterval : undefined,
      history: [{ state, message: text(latest.statusMessage), at: now }],
    };
    let tasks = this.servers.get(serverName);
    if (!tasks) this.servers.set(serverName, (tasks = new Map()));
    tasks.set(record.taskId, Object.freeze(record));
    this.trim(tasks);
    this.announce('mcp:task:created', record);
    return record;
  }

  /**
   * Applies a status (a `tasks/get` answer or a `notifications/tasks/status`). A status for a task not yet
   * recorded is kept until its creation result arrives. A finished task does not change state again.
   */
  update(serverName: string, wire: Partial<WireTask> & { taskId: string }): TaskRecord | undefined {
    const current = this.get(serverName, wire.taskId);
    if (!current) {
      if (typeof wire.status === 'string') this.early.set(`${serverName}\n${wire.taskId}`, wire as WireTask);
      return undefined;
    }
    const state = isTerminal(current.state) ? current.state : stateOf(wire.status, current.state);
    const statusMessage = wire.statusMessage === undefined ? current.statusMessage : text(wire.statusMessage);
    if (state === current.state && statusMessage === current.statusMessage) return current;
    const at = new Date().toISOString();
    const next: TaskRecord = {
      ...current,
      state,
      statusMessage,
      lastUpdatedAt: text(wire.lastUpdatedAt, 64) ?? at,
      ...(typeof wire.pollInterval === 'number' ? { pollInterval: wire.pollInterval } : {}),
      history: [...current.history, { state, message: statusMessage, at }].slice(-MAX_HISTORY),
    };
    this.replace(next);
    this.announce('mcp:task:status', next);
    return next;
  }

  /** Stores a fetched result. */
  setResult(serverName: string, taskId: string, result: TaskRecord['result']): TaskRecord | undefined {
    const current = this.get(serverName, taskId);
    if (!current) return undefined;
    const next: TaskRecord = { ...current, result, error: undefined };
    this.replace(next);
    this.announce('mcp:task:result', next);
    return next;
  }

  /** Records why a task failed or could not be followed; a task still running is marked failed. */
  setError(serverName: string, taskId: string, error: { message: string; code?: number }): TaskRecord | undefined {
    const current = this.get(serverName, taskId);
    if (!current) return undefined;
    const failed = !isTerminal(current.state);
    const at = new Date().toISOString();
    const next: TaskRecord = {
      ...current,
      error: { message: error.message.slice(0, 2000), ...(error.code !== undefined ? { code: error.code } : {}) },
      ...(failed
        ? {
            state: 'failed' as const,
            lastUpdatedAt: at,
            history: [
              ...current.history,
              { state: 'failed' as const, message: error.message.slice(0, 2000), at },
            ].slice(-MAX_HISTORY),
          }
        : {}),
    };
    this.replace(next);
    if (failed) this.announce('mcp:task:status', next);
    this.announce('mcp:task:error', next);
    return next;
  }

  /** Resolves at the task's next change, after `ms`, or when `signal` aborts — whichever comes first. */
  nextChange(serverName: string, taskId: string, ms: number, signal?: AbortSignal): Promise<void> {
    const key = `${serverName}\n${taskId}`;
    return new Promise((resolve) => {
      let waiters = this.waiters.get(key);
      if (!waiters) this.waiters.set(key, (waiters = new Set()));
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        waiters!.delete(done);
        if (!waiters!.size) this.waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      waiters.add(done);
      if (signal?.aborted) done();
    });
  }

  private replace(record: TaskRecord): void {
    this.servers.get(record.serverName)?.set(record.taskId, Object.freeze(record));
  }

  private trim(tasks: Map<string, TaskRecord>): void {
    for (const [id, task] of tasks) {
      if (tasks.size <= MAX_TASKS) break;
      if (isTerminal(task.state)) tasks.delete(id);
    }
  }

  private announce(event: string, task: TaskRecord): void {
    for (const wake of [...(this.waiters.get(`${task.serverName}\n${task.taskId}`) ?? [])]) wake();
    this.bus.emit(event, {
      serverName: task.serverName,
      taskId: task.taskId,
      requestId: task.requestId,
      side: task.side,
      operation: task.operation,
      state: task.state,
      task,
    });
  }
}
