import { delimiter, resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { Transport } from '@modelcontextprotocol/server';
import {
  isStdioServer,
  type HttpServerConfig,
  type ServerConfig,
} from '../../../src/core/shared/config/config-schema.js';
import { packageRoot } from '../config/package-root.js';
import { HttpObserver } from './http-observer.js';
import { createHttpTransport, FallbackHttpTransport, type HttpTransportKind } from './http-transport.js';
import type { StderrBuffer } from './stderr-buffer.js';
import type { ServerAuth } from '../oauth/server-auth.js';

/** How a child process ended. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Which wire the gateway speaks to the real server. */
export type UpstreamKind = 'stdio' | HttpTransportKind;

/** A connection to the real server: a child process over stdio, or an HTTP endpoint. */
export interface Upstream {
  transport: Transport;
  /** Set once a child process has exited. */
  exit(): ExitInfo | undefined;
  /** Process id, for stdio servers. */
  pid(): number | null;
  /** The wire in use now (a plain `url` starts as Streamable HTTP and may fall back to SSE). */
  kind(): UpstreamKind;
  /** For HTTP upstreams: the last unusable HTTP answer (for the connection doctor). */
  observer?: HttpObserver;
  /** True once `transport.start()` has run (a started upstream may be handed on, e.g. after a probe). */
  started: boolean;
  /** For stdio servers: resolves once the child process has exited. */
  exited?: Promise<void>;
  /**
   * For stdio servers: the last `n` lines this process wrote on stderr. The server's buffer also holds what other
   * processes of the same server wrote meanwhile (a spare, a catalog discovery): an exit is explained by its own.
   */
  tail?(n: number): string[];
}

/**
 * The SDK's stdio transport, plus the child's exit code and signal (the SDK reports only that the
 * process closed; users need to know how it ended).
 */
class ObservedStdioTransport extends StdioClientTransport {
  exitInfo: ExitInfo | undefined;
  private markExited!: () => void;
  /** Resolves once the started child has exited (never, for one that was not started). */
  readonly exited = new Promise<void>((resolve) => (this.markExited = resolve));

  override async start(): Promise<void> {
    await super.start();
    const child = (this as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code, signal) => {
      this.exitInfo = { code, signal };
      this.markExited();
    });
  }
}

/** Builds the PATH a child sees: its own, plus our node_modules/.bin so packaged servers resolve by name. */
function childPath(configDir: string, own: string | undefined): string {
  const extra = [resolve(configDir, 'node_modules', '.bin'), resolve(packageRoot, 'node_modules', '.bin')];
  return [...extra, own ?? process.env.PATH ?? ''].filter(Boolean).join(delimiter);
}

/** The HTTP wire a config asks for: `"type": "sse"` → SSE, `"http"`/`"streamable-http"` → Streamable HTTP, none → try Streamable HTTP, fall back to SSE. */
export function httpKindOf(config: HttpServerConfig): HttpTransportKind | 'auto' {
  if (config.type === 'sse') return 'sse';
  if (config.type === 'http' || config.type === 'streamable-http') return 'streamable-http';
  return 'auto';
}

/**
 * Creates (but does not start) the upstream for one configured server. The command comes only from
 * the config file, is spawned by name with `shell: false`, and gets an explicit environment.
 */
export function createUpstream(
  config: ServerConfig,
  configDir: string,
  stderr: StderrBuffer,
  extraEnv: Record<string, string> = {},
  auth?: ServerAuth,
): Upstream {
  if (isStdioServer(config)) {
    const env = { ...getDefaultEnvironment(), ...(config.env ?? {}), ...extraEnv };
    env.PATH = childPath(configDir, config.env?.PATH ?? process.env.PATH);
    const transport = new ObservedStdioTransport({
      command: config.command,
      args: config.args ?? [],
      env,
      cwd: stdioCwd(config, configDir),
      stderr: 'pipe',
    });
    const own = stderr.forOneProcess();
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr.append(chunk);
      own.append(chunk);
    });
    return {
      tail: (n) => own.tail(n),
      transport,
      exit: () => transport.exitInfo,
      pid: () => transport.pid,
      kind: () => 'stdio',
      started: false,
      exited: transport.exited,
    };
  }
  // The gateway is the OAuth client (oauth/server-auth.ts): the SDK answers 401 / 403 insufficient_scope
  // with auth(); the doctor's observer wraps the fetch that remembers the server's challenges.
  const observer = new HttpObserver(auth?.fetch);
  const url = new URL(config.url);
  const headers = { ...(config.headers ?? {}) };
  const wanted = httpKindOf(config);
  const authProvider = auth?.provider;
  if (wanted === 'auto') {
    const transport = new FallbackHttpTransport(url, headers, observer, (line) => stderr.note(line), authProvider);
    return { transport, exit: () => undefined, pid: () => null, kind: () => transport.kind, observer, started: false };
  }
  const transport = createHttpTransport(wanted, url, headers, observer.fetch, authProvider);
  return { transport, exit: () => undefined, pid: () => null, kind: () => wanted, observer, started: false };
}

/** The working directory of a stdio server (relative to the config file's folder). */
export function stdioCwd(config: { cwd?: string }, configDir: string): string {
  return config.cwd ? resolve(configDir, config.cwd) : configDir;
}

/** "code 1", "signal SIGKILL", or "an unknown reason". */
export function describeExit(exit: ExitInfo | undefined): string {
  if (!exit) return 'for an unknown reason';
  if (exit.signal) return `on signal ${exit.signal}`;
  return `with code ${exit.code}`;
}
