// `tools/call` (MCP-WP-6.2.2): sent plainly or as an MCP task, with its MCP-WP §8.2 events; JSON-RPC and
// transport failures become `MCPError`s with the code preserved.

import type { Client } from '@modelcontextprotocol/client';
import { LOCAL_CODES, MCPError, toMCPError } from './mcp-error.js';
import type { MCPTool, ToolResult } from '../shared/types.js';
import { readyClient, type BridgeContext } from './connection.js';
import type { ClientFeatures } from './client-features.js';
import type { HostCallOptions, ResultAnnotator } from './options.js';
import { callerFields } from './event-caller.js';
import { runsAsTask } from '../tasks/task-support.js';
import { loadTaskRuntime } from '../tasks/load-runtime.js';

/** What a tool call needs from the bridge besides its shared context. */
export interface ToolCallHooks {
  /** Where tasks are kept and followed. */
  features: ClientFeatures;
  /** Adds the host's fields to the result event (whichever annotator is installed when the result comes). */
  annotate: ResultAnnotator;
  /** Re-lists a server's tools. */
  refreshTools: (serverName: string) => Promise<void>;
}

/** One call as its steps see it. */
interface ToolCall {
  serverName: string;
  toolName: string;
  args: object;
  requestId: string | undefined;
  /** The tool as the server listed it (the SDK checks results against its output schema). */
  tool: MCPTool | undefined;
  asTask: boolean;
  caller: ReturnType<typeof callerFields>;
  started: number;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Sends `tools/call`. A tool whose `execution.taskSupport` requires it (or allows it and `options.task` asks)
 * runs as an MCP task: the same events, plus `mcp:task:*` while it runs; resolves with the task's result.
 */
export async function callTool(
  context: BridgeContext,
  hooks: ToolCallHooks,
  serverName: string,
  toolName: string,
  args: object,
  options: HostCallOptions,
): Promise<ToolResult> {
  const { requestId } = options;
  const caller = callerFields(options.caller);
  const info = context.connections.get(serverName)?.info;
  const tool = info?.tools.find((t) => t.name === toolName);
  const asTask = runsAsTask(info, tool, options.task);
  context.bus.emit('mcp:tool:calling', {
    serverName,
    toolName,
    args,
    requestId,
    ...(asTask ? { task: true } : {}),
    ...caller,
  });
  const call: ToolCall = { serverName, toolName, args, requestId, tool, asTask, caller, started: now() };
  for (let attempt = 0; ; attempt += 1) {
    const generation = context.connections.get(serverName)?.generation;
    try {
      const client = await readyClient(context, serverName, 'tools/call');
      const result = asTask
        ? await sendAsTask(context, hooks, client, call, options)
        : await sendPlain(context, client, call, options);
      emitResult(context, hooks, call, result, now() - call.started);
      return result;
    } catch (error) {
      // Refused because the gateway no longer knew the session (a replica that held it stopped): the call never
      // reached the server, so it goes once more on the session that is opening. A call that was on its way
      // when the session was lost is not sent again (it may have run).
      const connection = context.connections.get(serverName);
      if (attempt === 0 && connection?.lostGeneration === generation && sessionUnknown(error)) continue;
      throw failure(context, hooks, call, options, error);
    }
  }
}

/** Whether a send failed because the gateway answered 404 for the session (it did not know it). */
function sessionUnknown(error: unknown): boolean {
  const e = error as { status?: unknown; data?: { status?: unknown }; message?: unknown } | null;
  return e?.status === 404 || e?.data?.status === 404 || /\bHTTP 404\b|\(404\)|: 404\b/.test(String(e?.message ?? ''));
}

/** The request's `_meta`, when the caller gave any. */
function requestMeta(options: HostCallOptions): Record<string, unknown> | undefined {
  return options._meta && typeof options._meta === 'object' && Object.keys(options._meta).length
    ? options._meta
    : undefined;
}

/** Runs the call as an MCP task, through the task runtime (loaded with the first task). */
async function sendAsTask(
  context: BridgeContext,
  hooks: ToolCallHooks,
  client: Client,
  call: ToolCall,
  options: HostCallOptions,
): Promise<ToolResult> {
  const { serverName, toolName, args, requestId } = call;
  const meta = requestMeta(options);
  const task = {
    client,
    sdk: await context.loadSdk(),
    store: hooks.features.tasks,
    serverName,
    requestTimeout: options.timeout ?? context.requestTimeout,
    followers: hooks.features.followers,
  };
  return (await loadTaskRuntime()).runToolTask(task, {
    toolName,
    args: args as Record<string, unknown>,
    meta,
    requestId,
    signal: options.signal,
  });
}

/** Sends the call and waits for its result; progress notifications reset the timeout. */
async function sendPlain(
  context: BridgeContext,
  client: Client,
  call: ToolCall,
  options: HostCallOptions,
): Promise<ToolResult> {
  const { serverName, toolName, args, requestId, tool } = call;
  const meta = requestMeta(options);
  return (await client.callTool(
    { name: toolName, arguments: args as Record<string, unknown>, ...(meta ? { _meta: meta } : {}) },
    {
      timeout: options.timeout ?? context.requestTimeout,
      resetTimeoutOnProgress: true,
      signal: options.signal,
      toolDefinition: tool as never,
      onprogress: (progress) => {
        context.bus.emit('mcp:tool:progress', { serverName, toolName, requestId, ...progress });
        options.onProgress?.(progress);
      },
    },
  )) as ToolResult;
}

/** Emits `mcp:tool:result`, with the host's fields; an annotator that throws only loses its fields. */
function emitResult(
  context: BridgeContext,
  hooks: ToolCallHooks,
  call: ToolCall,
  result: ToolResult,
  latency: number,
): void {
  const { serverName, toolName, args, requestId, caller } = call;
  let extra: Record<string, unknown> | undefined;
  try {
    extra = hooks.annotate(serverName, toolName, result);
  } catch (error) {
    console.error('[mcp-dashboard] result annotator threw', error);
  }
  context.bus.emit('mcp:tool:result', {
    ...extra,
    serverName,
    toolName,
    args,
    result,
    latency,
    requestId,
    ...caller,
  });
}

/** Says how the call ended without a result (cancelled, or an error) and returns the error to throw. */
function failure(
  context: BridgeContext,
  hooks: ToolCallHooks,
  call: ToolCall,
  options: HostCallOptions,
  error: unknown,
): unknown {
  const { serverName, toolName, args, requestId, asTask, caller, started } = call;
  const { bus } = context;
  if (asTask && error instanceof MCPError && error.jsonrpcCode === LOCAL_CODES.cancelled) {
    // A task stopped with tasks/cancel (here or from its Tasks list), or cancelled by the server.
    bus.emit('mcp:tool:cancelled', {
      serverName,
      toolName,
      requestId,
      sent: error.operation === 'tasks/cancel',
      reason: error.message,
      latency: now() - started,
      ...caller,
    });
    return error;
  }
  if (options.signal?.aborted) {
    // The SDK has sent notifications/cancelled; it reports the abort as a timeout, so say what happened.
    const reason = typeof options.signal.reason === 'string' ? options.signal.reason : 'You cancelled the call';
    const cancelled = new MCPError(`${reason}; the server was told to stop (notifications/cancelled).`, {
      jsonrpcCode: LOCAL_CODES.cancelled,
      serverName,
      operation: 'tools/call',
      cause: error,
    });
    bus.emit('mcp:tool:cancelled', {
      serverName,
      toolName,
      requestId,
      sent: true,
      reason,
      latency: now() - started,
      ...caller,
    });
    return cancelled;
  }
  const mcpError = toMCPError(error, { serverName, operation: 'tools/call' });
  bus.emit('mcp:tool:error', {
    serverName,
    toolName,
    args,
    error: mcpError,
    latency: now() - started,
    requestId,
    ...caller,
  });
  if (mcpError.jsonrpcCode === -32601) {
    // MCP-WP-6.2 table: "method not found" → refresh capabilities and tell the widgets.
    void hooks
      .refreshTools(serverName)
      .finally(() => bus.emit('mcp:server:list-changed', { serverName, kind: 'tools' }));
  }
  return mcpError;
}
