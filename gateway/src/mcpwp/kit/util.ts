import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A problem the user can fix; printed as one line without a stack trace. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Parses a command's flags; unknown flags are a usage error (exit code 2). */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T, usage: string) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nUsage: ${usage}`, 2);
  }
}

/** Runs a command body; turns UsageError and verification refusals into a message and an exit code. */
export async function runCommand(name: string, body: () => Promise<number | void>): Promise<number> {
  try {
    return (await body()) ?? 0;
  } catch (error) {
    const e = error as Error & { exitCode?: number; code?: string };
    process.stderr.write(`mcpwp ${name}: ${e.message}\n`);
    return e instanceof UsageError ? e.exitCode : 1;
  }
}

/** Where `mcpwp install` keeps verified bundles (MCP-WP-16.7.1): $MCPWP_HOME/widgets or ~/.mcpwp/widgets. */
export function widgetCacheRoot(override?: string): string {
  return override ?? join(process.env.MCPWP_HOME ?? join(homedir(), '.mcpwp'), 'widgets');
}

/** Splits `name@version` (scoped names keep their leading @). */
export function splitSpec(spec: string): { name: string; version?: string } {
  const at = spec.lastIndexOf('@');
  if (at > 0) return { name: spec.slice(0, at), version: spec.slice(at + 1) };
  return { name: spec };
}
