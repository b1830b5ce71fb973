// Whether a tool call runs as an MCP task (the tool's `execution.taskSupport` and the server's capability).

import type { MCPServerInfo, MCPTool } from '../shared/types.js';

/** What the tool declares (`execution.taskSupport`); absent means "forbidden". */
export function taskSupportOf(tool: MCPTool | undefined): 'required' | 'optional' | 'forbidden' {
  const value = (tool?.execution as { taskSupport?: unknown } | undefined)?.taskSupport;
  return value === 'required' || value === 'optional' ? value : 'forbidden';
}

/** True when the server accepts task-augmented `tools/call` (`capabilities.tasks.requests.tools.call`). */
export function serverRunsToolTasks(info: MCPServerInfo | undefined): boolean {
  const tasks = info?.capabilities?.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
  return Boolean(tasks?.requests?.tools?.call);
}

/**
 * Whether this call runs as a task: only where the server supports tool tasks (the spec forbids task
 * augmentation otherwise), always for a tool that requires it, on request for one where it is optional.
 */
export function runsAsTask(
  info: MCPServerInfo | undefined,
  tool: MCPTool | undefined,
  requested: boolean | undefined,
): boolean {
  if (!serverRunsToolTasks(info)) return false;
  const support = taskSupportOf(tool);
  return support === 'required' || (support === 'optional' && requested === true);
}
