// Tasks the dashboard runs for a server: a sampling or elicitation request sent with `task` (MCP 2025-11-25)
// is answered at once with a task; the server then polls tasks/get and fetches tasks/result.

import type { Client, StandardSchemaV1 } from '@modelcontextprotocol/client';
import type { McpClientSdk } from '../bridge/mcp-sdk.js';
import { LOCAL_CODES, MCPError, toMCPError } from '../bridge/mcp-error.js';
import { isTerminal, type TaskStore, type WireTask } from './task-store.js';

/** The methods the dashboard runs as tasks when asked (declared in `capabilities.tasks.requests`). */
export type ClientTaskMethod = 'sampling/createMessage' | 'elicitation/create';

interface Running {
  wire: WireTask;
  done: Promise<void>;
  result?: Record<string, unknown>;
  error?: MCPError;
  controller: AbortController;
}

const RELATED_TASK = 'io.modelcontextprotocol/related-task';
/** The longest a finished task's answer is kept for the server. */
const KEEP_FINISHED_MS = 30 * 60_000;
let counter = 0;

function newTaskId(): string {
  counter += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `dashboard-${counter}-${random}`;
}

/** A Standard Schema for a `tasks/*` request's params, made from the SDK's own request schema. */
function paramsOf(
  schema: McpClientSdk['specTypeSchemas'][keyof McpClientSdk['specTypeSchemas']],
  method: string,
): StandardSchemaV1<unknown, { taskId: string }> {
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'mcp-dashboard',
      validate(params: unknown) {
        const checked = schema['~standard'].validate({ method, params });
        if (checked.issues) return { issues: checked.issues };
        return { value: (checked.value as { params: { taskId: string } }).params };
      },
    },
  };
}

/**
 * Runs servers' task-augmented sampling and elicitation requests, keeps them in the TaskStore (side
 * 'client', so the card lists them), and answers the server's tasks/get, tasks/result, tasks/list and
 * tasks/cancel about them. Only the server that asked may see or cancel a task.
 */
export class ClientTasks {
  private readonly running = new Map<string, Running>();

  constructor(private readonly store: TaskStore) {}

  /** Starts `run` as a task for `serverName` and returns the `CreateTaskResult` to send back at once. */
  start(
    serverName: string,
    method: ClientTaskMethod,
    ttl: unknown,
    run: (signal: AbortSignal) => Promise<Record<string, unknown>>,
  ): { task: WireTask } {
    const now = new Date().toISOString();
    const wire: WireTask = {
      taskId: newTaskId(),
      status: 'working',
      statusMessage:
        method === 'sampling/createMessage' ? 'Waiting for you to write the reply' : 'Waiting for your answer',
      createdAt: now,
      lastUpdatedAt: now,
      ttl: typeof ttl === 'number' && ttl > 0 ? ttl : null,
      pollInterval: 1000,
    };
    const controller = new AbortController();
    const entry: Running = { wire, controller, done: Promise.resolve() };
    this.running.set(this.key(serverName, wire.taskId), entry);
    this.store.upsert(serverName, wire, { side: 'client', operation: method });
    entry.done = run(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        entry.result = result;
        this.finish(
          serverName,
          entry,
          'completed',
          method === 'elicitation/create' ? `Answered: ${String(result.action ?? 'accept')}` : 'Reply sent',
        );
        this.store.setResult(serverName, wire.taskId, result);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        entry.error = toMCPError(error, { serverName, operation: method });
        this.finish(serverName, entry, 'failed', entry.error.message);
      },
    );
    return { task: { ...wire } };
  }

  /** Withdraws a task the dashboard runs (the server cancelled it, or the user did). */
  cancel(serverName: string, taskId: string): WireTask {
    const entry = this.entry(serverName, taskId);
    if (isTerminal(entry.wire.status)) {
      throw new MCPError(`Task ${taskId} has already finished (${entry.wire.status}); it cannot be cancelled.`, {
        jsonrpcCode: -32602,
        serverName,
        operation: 'tasks/cancel',
      });
    }
    entry.controller.abort('cancelled');
    this.finish(serverName, entry, 'cancelled', 'Cancelled');
    return { ...entry.wire };
  }

  /** Answers `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` from this server's client. */
  install(client: Client, serverName: string, sdk: McpClientSdk): void {
    const s = sdk.specTypeSchemas;
    // Errors go back as JSON-RPC errors with their code (the SDK sends a ProtocolError's code as is).
    const answer = (run: (params: { taskId: string }) => unknown) => async (params: { taskId: string }) => {
      try {
        return (await run(params)) as never;
      } catch (error) {
        const failure = toMCPError(error, { serverName });
        throw new sdk.ProtocolError(failure.jsonrpcCode, failure.message, failure.data);
      }
    };
    client.setRequestHandler(
      'tasks/get',
      { params: paramsOf(s.GetTaskRequest, 'tasks/get') },
      answer((params) => ({ ...this.entry(serverName, params.taskId).wire })),
    );
    client.setRequestHandler(
      'tasks/result',
      { params: paramsOf(s.GetTaskPayloadRequest, 'tasks/result') },
      answer(async (params) => {
        const entry = this.entry(serverName, params.taskId);
        await entry.done;
        if (entry.wire.status === 'cancelled')
          throw new MCPError(`Task ${params.taskId} was cancelled.`, {
            jsonrpcCode: LOCAL_CODES.cancelled,
            serverName,
            operation: 'tasks/result',
          });
        if (entry.error) throw entry.error;
        return {
          ...entry.result,
          _meta: { ...(entry.result?._meta as object | undefined), [RELATED_TASK]: { taskId: params.taskId } },
        };
      }),
    );
    client.setRequestHandler(
      'tasks/list',
      { params: paramsOf(s.ListTasksRequest, 'tasks/list') },
      answer(() => ({
        tasks: [...this.running.entries()]
          .filter(([key]) => key.startsWith(`${serverName}\n`))
          .map(([, entry]) => ({ ...entry.wire })),
      })),
    );
    client.setRequestHandler(
      'tasks/cancel',
      { params: paramsOf(s.CancelTaskRequest, 'tasks/cancel') },
      answer((params) => this.cancel(serverName, params.taskId)),
    );
  }

  private key(serverName: string, taskId: string): string {
    return `${serverName}\n${taskId}`;
  }

  private entry(serverName: string, taskId: unknown): Running {
    const entry = typeof taskId === 'string' ? this.running.get(this.key(serverName, taskId)) : undefined;
    if (!entry)
      throw new MCPError(`There is no task "${String(taskId)}" for server "${serverName}".`, {
        jsonrpcCode: -32602,
        serverName,
        operation: 'tasks/get',
      });
    return entry;
  }

  private finish(
    serverName: string,
    entry: Running,
    status: 'completed' | 'failed' | 'cancelled',
    message: string,
  ): void {
    entry.wire = { ...entry.wire, status, statusMessage: message, lastUpdatedAt: new Date().toISOString() };
    this.store.update(serverName, entry.wire);
    // The server may fetch the result until the task's ttl ends; then the dashboard forgets it.
    const keep = typeof entry.wire.ttl === 'number' ? entry.wire.ttl : KEEP_FINISHED_MS;
    setTimeout(() => this.running.delete(this.key(serverName, entry.wire.taskId)), Math.min(keep, KEEP_FINISHED_MS));
  }
}
