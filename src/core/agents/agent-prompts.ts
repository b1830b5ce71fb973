import { MCPError } from '../bridge/mcp-error.js';

/**
 * MCP-WP-17.1.6: a prompt an agent authored (a widget's `createMessage` made for an agent action) is checked
 * against MCP's SamplingRequest schema — the SDK's `CreateMessageRequestParamsSchema` — before anyone is asked.
 * Loaded on first use: only agent-authored prompts need it. The request itself goes on unchanged (MCP-WP-6.2.9).
 */
export async function checkAgentPrompt(serverName: string, request: unknown): Promise<void> {
  const { CreateMessageRequestParamsSchema } = await import('@modelcontextprotocol/core');
  const parsed = CreateMessageRequestParamsSchema.safeParse(request);
  if (parsed.success) return;
  const problems = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(request)'}: ${issue.message}`)
    .join('; ');
  throw new MCPError(
    `The agent's sampling request does not match MCP's SamplingRequest schema (${problems}). Nothing was asked.`,
    {
      jsonrpcCode: -32602,
      serverName,
      operation: 'sampling/createMessage',
    },
  );
}
