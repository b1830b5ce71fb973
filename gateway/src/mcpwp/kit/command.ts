/** One `mcpwp` sub-command. `run` resolves with the process exit code. */
export interface McpwpCommand {
  summary: string;
  usage: string;
  run(args: string[]): Promise<number>;
}
