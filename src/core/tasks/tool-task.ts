// A tool call run as an MCP task: tools/call with `task`, then tasks/get (and status notifications)
// until it finishes, tasks/result for its input requests and its result, tasks/cancel to stop it.

import type { Client } from '@modelcontextprotocol/client';
import type { McpClientSdk } from '../bridge/mcp-sdk.js';
import { LOCAL_CODES, MCPError, toMCPError } from '../bridge/mcp-error.js';
import type { TaskRecord, ToolResult } from '../shared/types.js';
import { isTerminal, type TaskStore } from './task-store.js';

/** What running a tool task needs from the bridge. */
export interface ToolTaskContext {
  client: Client;
  sdk: McpClientSdk;
  store: TaskStore;
  serverName: string;
  requestTimeout: number;
  /** Tasks being followed (`server\ntaskId` → their stop switch), so a Cancel elsewhere stops this one. */
  followers?: Map<string, AbortController>;
}

/** One tool task to run. */
export interface ToolTaskRequest {
  toolName: string;
  args: Record<string, unknown>;
  meta?: Record<string, unknown>;
  requestId?: string;
  /** Aborting sends `tasks/cancel`. */
  signal?: AbortSignal;
}

/** How long the server is asked to keep the task and its result. */
export const TASK_TTL_MS = 10 * 60_000;
const POLL_MIN_MS = 250;
const POLL_MAX_MS = 5_000;

function pollDelay(task: TaskRecord): number {
  const asked = typeof task.pollInterval === 'number' && Number.isFinite(task.pollInterval) ? task.pollInterval : 1_000;
  return Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, asked));
}

/**
 * Runs `toolName` as a task and resolves with its CallToolResult. The task is recorded in `store` (host
 * state) and followed through `tasks/get` and `notifications/tasks/status`. `tasks/result` is requested once
 * the task needs input (its elicitation or sampling requests arrive through it) or has finished.
 */
export async function runToolTask(ctx: ToolTaskContext, request: ToolTaskRequest): Promise<ToolResult> {
  const { client, sdk, store, serverName } = ctx;
  const schemas = sdk.specTypeSchemas;
  const params = {
    name: request.toolName,
    arguments: request.args,
    task: { ttl: TASK_TTL_MS },
    ...(request.meta ? { _meta: request.meta } : {}),
  };
  const created = await client.request({ method: 'tools/call', params }, schemas.CreateTaskResult, {
    timeout: ctx.requestTimeout,
    signal: request.signal,
  });
  let task = store.upsert(serverName, created.task, {
    side: 'server',
    operation: request.toolName,
    requestId: request.requestId,
  });
  const { taskId } = task;
  // Stopped by the caller's signal, or by a Cancel pressed wherever the task is listed.
  const stop = new AbortController();
  const { signal } = stop;
  const onOuterAbort = () => stop.abort(request.signal?.reason);
  if (request.signal?.aborted) onOuterAbort();
  request.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const followKey = `${serverName}\n${taskId}`;
  ctx.followers?.set(followKey, stop);
  // tasks/result blocks until the task finishes; it is stopped when we stop following the task.
  const payloadStop = new AbortController();
  let payload: Promise<Record<string, unknown>> | undefined;
  const fetchPayload = () => {
    payload ??= client.request({ method: 'tasks/result', params: { taskId } }, schemas.GetTaskPayloadResult, {
      timeout: typeof task.ttl === 'number' && task.ttl > 0 ? task.ttl : TASK_TTL_MS,
      signal: payloadStop.signal,
    }) as Promise<Record<string, unknown>>;
    payload.catch(() => {
      // read where it is awaited; an abandoned fetch fails quietly
    });
    return payload;
  };
  try {
    while (!isTerminal(task.state)) {
      if (task.state === 'input_required') void fetchPayload();
      await store.nextChange(serverName, taskId, pollDelay(task), signal);
      if (signal?.aborted) return await cancel(ctx, taskId, signal);
      const status = await client.request({ method: 'tasks/get', params: { taskId } }, schemas.GetTaskResult, {
        timeout: ctx.requestTimeout,
        signal,
      });
      task = store.update(serverName, status) ?? task;
      task = store.get(serverName, taskId) ?? task;
    }
    if (task.state === 'cancelled') {
      throw new MCPError(`The server cancelled the task${task.statusMessage ? `: ${task.statusMessage}` : '.'}`, {
        jsonrpcCode: LOCAL_CODES.cancelled,
        serverName,
        operation: 'tasks/get',
      });
    }
    let raw: Record<string, unknown>;
    try {
      raw = await fetchPayload();
    } catch (error) {
      const failure = toMCPError(error, { serverName, operation: 'tasks/result' });
      const message =
        task.state === 'failed' ? `The task failed: ${task.statusMessage ?? failure.message}` : failure.message;
      store.setError(serverName, taskId, { message, code: failure.jsonrpcCode });
      throw new MCPError(message, {
        jsonrpcCode: failure.jsonrpcCode,
        data: failure.data,
        serverName,
        operation: 'tasks/result',
        cause: error,
      });
    }
    const checked = schemas.CallToolResult['~standard'].validate(raw);
    if (checked.issues) {
      const message = `The task's result is not a tool result: ${checked.issues.map((i) => i.message).join('; ')}`;
      store.setError(serverName, taskId, { message, code: -32603 });
      throw new MCPError(message, { jsonrpcCode: -32603, serverName, operation: 'tasks/result' });
    }
    const result = checked.value as ToolResult;
    store.setResult(serverName, taskId, result);
    if (task.state === 'failed' && result.isError !== true) {
      throw new MCPError(`The task failed${task.statusMessage ? `: ${task.statusMessage}` : '.'}`, {
        jsonrpcCode: -32603,
        serverName,
        operation: 'tasks/get',
      });
    }
    return result;
  } catch (error) {
    if (signal?.aborted && !isTerminal(store.get(serverName, taskId)?.state ?? 'working'))
      return await cancel(ctx, taskId, signal);
    if (!(error instanceof MCPError) || error.operation === undefined) {
      const failure = toMCPError(error, { serverName, operation: 'tasks/get' });
      store.setError(serverName, taskId, { message: failure.message, code: failure.jsonrpcCode });
      throw failure;
    }
    throw error;
  } finally {
    payloadStop.abort('no longer followed');
    request.signal?.removeEventListener('abort', onOuterAbort);
    if (ctx.followers?.get(followKey) === stop) ctx.followers.delete(followKey);
  }
}

/** Sends `tasks/cancel` and reports the cancellation; never resolves normally. */
async function cancel(ctx: ToolTaskContext, taskId: string, signal: AbortSignal): Promise<never> {
  const { client, sdk, store, serverName } = ctx;
  const reason = typeof signal.reason === 'string' ? signal.reason : 'You cancelled the task';
  try {
    const answer = await client.request(
      { method: 'tasks/cancel', params: { taskId } },
      sdk.specTypeSchemas.CancelTaskResult,
      { timeout: ctx.requestTimeout },
    );
    store.update(serverName, answer);
  } catch (error) {
    // The task may have finished meanwhile; say so instead of pretending it was stopped.
    store.setError(serverName, taskId, {
      message: `tasks/cancel failed: ${toMCPError(error, { serverName, operation: 'tasks/cancel' }).message}`,
    });
  }
  throw new MCPError(`${reason}; the server was told to stop the task (tasks/cancel).`, {
    jsonrpcCode: LOCAL_CODES.cancelled,
    serverName,
    operation: 'tasks/cancel',
  });
}
