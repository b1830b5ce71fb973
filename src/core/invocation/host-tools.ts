// Host tools: tools the dashboard itself runs (the ones it offers agents). They go through the same steps as a
// server's tool (policy, dialog, passkey, audit); only the last one differs: the host runs them, no server does.

import type { HostCallOptions, MCPBridge } from '../bridge/mcp-bridge.js';
import type { CallerContext, MCPTool, ToolResult } from '../shared/types.js';

/** A tool the host itself runs (the host tools offered to agents). */
export interface HostTool {
  tool: MCPTool;
  run: (signal: AbortSignal) => Promise<ToolResult>;
}

/** What a cleared call is sent with, besides the signal of its run. */
export interface CallTarget {
  serverName: string;
  toolName: string;
  args: Record<string, unknown>;
  requestId: string;
  caller: CallerContext;
  meta: Record<string, unknown>;
  options: HostCallOptions;
  virtual?: HostTool;
}

/** Sends a call once: the host tool's own `run`, or `tools/call` to its server through the bridge. */
export function callTarget(bridge: MCPBridge, call: CallTarget, signal: AbortSignal): () => Promise<ToolResult> {
  const { serverName, toolName, args, requestId, caller, meta, options, virtual } = call;
  return virtual
    ? () => virtual.run(signal)
    : () =>
        bridge.callTool(serverName, toolName, args, {
          ...options,
          _meta: meta,
          signal,
          requestId,
          caller,
        });
}
