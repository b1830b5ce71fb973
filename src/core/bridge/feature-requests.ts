// The requests behind the client features (completion, logging level, task list, cancel and result):
// part of the task runtime, loaded with a server's connection rather than with the page.

import { MCPError, toMCPError } from './mcp-error.js';
import { isLogLevel } from '../logging/log-store.js';
import type { TaskStore } from '../tasks/task-store.js';
import type { CompletionRef, CompletionResult, LogLevel, TaskRecord } from '../shared/types.js';
import { readyClient, type BridgeContext } from './connection.js';

const MAX_COMPLETIONS = 100;

/** `completion/complete`; a server without the capability gets no request and gives no suggestions. */
export async function complete(
  context: BridgeContext,
  serverName: string,
  ref: CompletionRef,
  argument: { name: string; value: string },
  others?: Record<string, string>,
): Promise<CompletionResult> {
  try {
    const client = await readyClient(context, serverName, 'completion/complete');
    if (!client.getServerCapabilities()?.completions) return { values: [] };
    const args = Object.fromEntries(
      Object.entries(others ?? {}).filter(([k, v]) => k !== argument.name && typeof v === 'string' && v !== ''),
    );
    const answer = await client.complete(
      {
        ref: ref as never,
        argument: { name: String(argument.name), value: String(argument.value) },
        ...(Object.keys(args).length ? { context: { arguments: args } } : {}),
      },
      { timeout: Math.min(context.requestTimeout, 10_000) },
    );
    const values = (Array.isArray(answer.completion?.values) ? answer.completion.values : [])
      .filter((v): v is string => typeof v === 'string')
      .slice(0, MAX_COMPLETIONS);
    return {
      values: values.map((v) => v.slice(0, 1000)),
      ...(typeof answer.completion.total === 'number' ? { total: answer.completion.total } : {}),
      ...(typeof answer.completion.hasMore === 'boolean' ? { hasMore: answer.completion.hasMore } : {}),
    };
  } catch (error) {
    throw toMCPError(error, { serverName, operation: 'completion/complete' });
  }
}

/** `logging/setLevel`, refused before sending when the level is unknown or the server offers no logging. */
export async function setLoggingLevel(context: BridgeContext, serverName: string, level: LogLevel): Promise<void> {
  if (!isLogLevel(level))
    throw new MCPError(`"${String(level)}" is not a log level.`, {
      jsonrpcCode: -32602,
      serverName,
      operation: 'logging/setLevel',
    });
  try {
    const client = await readyClient(context, serverName, 'logging/setLevel');
    if (!client.getServerCapabilities()?.logging) {
      throw new MCPError(`Server "${serverName}" does not offer logging, so it has no level to set.`, {
        jsonrpcCode: -32601,
        serverName,
        operation: 'logging/setLevel',
      });
    }
    await client.setLoggingLevel(level, { timeout: context.requestTimeout });
  } catch (error) {
    throw toMCPError(error, { serverName, operation: 'logging/setLevel' });
  }
}

/** `tasks/list` (all pages, at most 10) merged into `store`; the host's records alone when the server cannot list. */
export async function listTasks(context: BridgeContext, store: TaskStore, serverName: string): Promise<TaskRecord[]> {
  try {
    const client = await readyClient(context, serverName, 'tasks/list');
    if (!(client.getServerCapabilities()?.tasks as { list?: unknown } | undefined)?.list) return store.list(serverName);
    const sdk = await context.loadSdk();
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const answer = await client.request(
        { method: 'tasks/list', params: cursor ? { cursor } : {} },
        sdk.specTypeSchemas.ListTasksResult,
        { timeout: context.requestTimeout },
      );
      for (const task of answer.tasks) store.upsert(serverName, task, { side: 'server', operation: '' });
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return store.list(serverName);
  } catch (error) {
    throw toMCPError(error, { serverName, operation: 'tasks/list' });
  }
}

/** Sends `tasks/cancel` or `tasks/result` about one task, and gives the server's answer read with `schema`. */
async function requestAboutTask<K extends 'CancelTaskResult' | 'GetTaskPayloadResult'>(
  context: BridgeContext,
  serverName: string,
  method: 'tasks/cancel' | 'tasks/result',
  taskId: string,
  schema: K,
) {
  const client = await readyClient(context, serverName, method);
  const sdk = await context.loadSdk();
  return client.request({ method, params: { taskId } }, sdk.specTypeSchemas[schema], {
    timeout: context.requestTimeout,
  });
}

/** `tasks/cancel` for a server task nobody here follows (e.g. one found through tasks/list). */
export async function cancelServerTask(
  context: BridgeContext,
  store: TaskStore,
  serverName: string,
  taskId: string,
): Promise<TaskRecord | undefined> {
  try {
    const answer = await requestAboutTask(context, serverName, 'tasks/cancel', taskId, 'CancelTaskResult');
    return store.update(serverName, answer) ?? store.get(serverName, taskId);
  } catch (error) {
    throw toMCPError(error, { serverName, operation: 'tasks/cancel' });
  }
}

/** `tasks/result` for a finished server task, stored in its record. */
export async function fetchTaskResult(
  context: BridgeContext,
  store: TaskStore,
  serverName: string,
  taskId: string,
): Promise<TaskRecord | undefined> {
  try {
    const raw = await requestAboutTask(context, serverName, 'tasks/result', taskId, 'GetTaskPayloadResult');
    return store.setResult(serverName, taskId, raw as TaskRecord['result']);
  } catch (error) {
    const failure = toMCPError(error, { serverName, operation: 'tasks/result' });
    store.setError(serverName, taskId, { message: failure.message, code: failure.jsonrpcCode });
    throw failure;
  }
}
