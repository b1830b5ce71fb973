// A confirmation request as the tool invoker makes it: the tool classified as MCPlet, the policy's decision for a
// community widget (the server's own panel) that may invoke tools, and the arguments. For the dialog's unit tests.
import { classifyTool } from '../../src/core/mcplet/classify.js';
import { decide } from '../../src/core/policy/engine.js';
import { NO_PERMISSIONS } from '../../src/core/policy/trust.js';
import type { ConfirmationRequest } from '../../src/core/invocation/tool-invoker.js';
import type { MCPTool } from '../../src/core/shared/types.js';

/** The request for `tool` of `serverName`, from its server panel, with the policy's evaluation. */
export function policyRequest(
  tool: MCPTool,
  options: { serverName: string; args?: Record<string, unknown>; remembered?: boolean; pools?: Record<string, object> },
): ConfirmationRequest {
  const { serverName, args = {}, remembered = false, pools = {} } = options;
  const classification = classifyTool(tool, { strictMcplet: false, pools });
  const caller = { surface: 'widget' as const, id: `server-panel:${serverName}` };
  const decision = decide({
    serverName,
    toolName: tool.name,
    classification,
    caller,
    callerServerName: serverName,
    widget: { trust: 'community', permissions: { ...NO_PERMISSIONS, invokeTool: true } },
    remembered,
  });
  return { serverName, toolName: tool.name, tool, args, caller, requestId: 'r', policy: { classification, decision } };
}
