// The tools an MCP App view offers the host: listed from the view with the SDK's AppBridge.listTools, called with
// AppBridge.callTool — through the host's one invoker, so the policy, the confirmation dialog and the audit are
// those of any tool call; only the last step differs (the view runs it, not a server).

import { appToolCallName, appToolsFrom } from '../../core/mcp-apps/app-tools.js';
import type { HostTool } from '../../core/invocation/host-tools.js';
import type { Interact } from '../../core/agents/agent-surface.js';
import type { CallerContext, ToolResult } from '../../core/shared/types.js';
import { MCPError } from '../../core/bridge/mcp-error.js';
import type { AppView } from './app-view.js';

/** While a view's list is being read: whether it changed again meanwhile (then it is read once more after). */
const reading = new WeakMap<AppView, { again: boolean }>();

/**
 * Lists the app's tools once it is initialized (it said it offers some) — on its frame, and to agents — and again
 * on each `notifications/tools/list_changed` it sends, at most one read at a time and one a second.
 */
export function followAppTools(view: AppView): void {
  view.bridge?.setNotificationHandler('notifications/tools/list_changed', () => void readAppTools(view));
  void readAppTools(view);
}

async function readAppTools(view: AppView): Promise<void> {
  const bridge = view.bridge;
  const busy = reading.get(view);
  if (busy) {
    busy.again = true;
    return;
  }
  if (!bridge || view.state !== 'ready') return;
  const state = { again: false };
  reading.set(view, state);
  try {
    const tools = appToolsFrom(await bridge.listTools({}, { timeout: 5000 }));
    if (view.state !== 'ready') return;
    if (JSON.stringify(tools) !== JSON.stringify(view.appTools)) {
      view.appTools = tools;
      view.services.bus.emit('mcp:app:tools-changed', { serverName: view.serverName, viewId: view.id });
      view.changed();
    }
  } catch (error) {
    view.note('refused', `The app said it offers tools, but did not list them: ${(error as Error)?.message}`);
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    reading.delete(view);
    if (state.again) void readAppTools(view);
  }
}

/**
 * Calls the app's tool `name` for `caller` (the person by default): decided under `app.<name>` on the view's
 * server, confirmed in the same dialog as a server's tool (its title says which app offers it), then sent to the
 * view with `tools/call`.
 */
export function callAppTool(
  view: AppView,
  name: string,
  args: Record<string, unknown>,
  caller: CallerContext = { surface: 'user', id: 'host' },
  interact?: Interact,
): Promise<ToolResult> {
  const tool = view.appTools.find((t) => t.name === name);
  const bridge = view.bridge;
  if (!tool || !bridge || view.state !== 'ready')
    return Promise.reject(
      new MCPError(`The app "${view.title}" offers no tool named "${name}" now.`, {
        jsonrpcCode: -32601,
        serverName: view.serverName,
      }),
    );
  const callName = appToolCallName(tool.name);
  const virtual: HostTool = {
    tool: {
      ...tool,
      name: callName,
      title: `${tool.title ?? tool.name} (offered by the app ${view.title})`,
      description:
        `${tool.description ?? ''} This tool is run by the MCP App "${view.title}" of server "${view.serverName}", not by the server.`.trim(),
    },
    run: async (signal) => (await bridge.callTool({ name: tool.name, arguments: args }, { signal })) as ToolResult,
  };
  return view.services.invoker.invoke({ serverName: view.serverName, toolName: callName, args }, caller, {
    virtual,
    ...(interact ? { interact } : {}),
  });
}
