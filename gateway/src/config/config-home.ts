import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The folder the gateway keeps its own files in (OAuth tokens, remembered sandbox ports):
 * `$XDG_CONFIG_HOME/mcp-dashboard`, default `~/.config/mcp-dashboard`. A relative XDG_CONFIG_HOME is invalid by the
 * XDG spec and ignored.
 */
export function dashboardConfigHome(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'mcp-dashboard');
}
