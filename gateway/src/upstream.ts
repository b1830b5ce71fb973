import { delimiter, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { Transport } from '@modelcontextprotocol/server';
import { isStdioServer, type ServerConfig } from '../../src/core/config-schema.js';
import type { StderrBuffer } from './stderr-buffer.js';
import type { ServerAuth } from './oauth/server-auth.js';

/** How a child process ended. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A connection to the real server: a child process over stdio, or an HTTP endpoint. */
export interface Upstream {
  transport: Transport;
  /** Set once a child process has exited. */
  exit(): ExitInfo | undefined;
  /** Process id, for stdio servers. */
  pid(): number | null;
}

/**
 * The SDK's stdio transport, plus the child's exit code and signal (the SDK reports only that the
 * process closed; users need to know how it ended).
 */
class ObservedStdioTransport extends StdioClientTransport {
  exitInfo: ExitInfo | undefined;

  override async start(): Promise<void> {
    await super.start();
    const child = (this as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code, signal) => {
      this.exitInfo = { code, signal };
    });
  }
}

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Builds the PATH a child sees: its own, plus our node_modules/.bin so packaged servers resolve by name. */
function childPath(configDir: string, own: string | undefined): string {
  const extra = [resolve(configDir, 'node_modules', '.bin'), resolve(packageRoot, 'node_modules', '.bin')];
  return [...extra, own ?? process.env.PATH ?? ''].filter(Boolean).join(delimiter);
}

/**
 * Creates (but does not start) the upstream for one configured server. The command comes only from
 * the config file, is spawned by name with `shell: false`, and gets an explicit environment.
 */
export function createUpstream(config: ServerConfig, configDir: string, stderr: StderrBuffer, extraEnv: Record<string, string> = {}, auth?: ServerAuth): Upstream {
  if (isStdioServer(config)) {
    const env = { ...getDefaultEnvironment(), ...(config.env ?? {}), ...extraEnv };
    env.PATH = childPath(configDir, config.env?.PATH ?? process.env.PATH);
    const transport = new ObservedStdioTransport({
      command: config.command,
      args: config.args ?? [],
      env,
      cwd: config.cwd ? resolve(configDir, config.cwd) : configDir,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.append(chunk));
    return { transport, exit: () => transport.exitInfo, pid: () => transport.pid };
  }
  const transport = new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: { ...(config.headers ?? {}) } },
    // The gateway is the OAuth client: the SDK answers 401 / 403 insufficient_scope with auth() (oauth/server-auth.ts).
    ...(auth ? { authProvider: auth.provider, fetch: auth.fetch } : {}),
  });
  return { transport: transport as unknown as Transport, exit: () => undefined, pid: () => null };
}

/** "code 1", "signal SIGKILL", or "an unknown reason". */
export function describeExit(exit: ExitInfo | undefined): string {
  if (!exit) return 'for an unknown reason';
  if (exit.signal) return `on signal ${exit.signal}`;
  return `with code ${exit.code}`;
}
