import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type {
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { exitProblem, spawnProblem } from '../doctor/diagnoses.js';
import { safeSnippet } from '../../../src/core/shared/text/control-chars.js';
import type { ServerFacts, ServerLog } from '../relay/session-host.js';
import type { Upstream } from '../relay/upstream.js';
import { clientCapabilities } from '../../../src/core/shared/client-capabilities.js';
import { packageRoot } from '../config/package-root.js';
import type { Redact } from '../doctor/redact.js';

/**
 * The discovery of one stdio server for the catalog (catalog.ts): a dedicated, short-lived child with
 * exactly a session child's command, arguments, environment and working directory (the process supervisor's
 * own spawn path, so its stderr lands in the server's buffer), an SDK client that initializes it and
 * lists what its capabilities offer, then the child is stopped. Nothing is sent to the warm spare.
 */

/** What a discovery needs of its server: a child spawned as a session's would be, and where to note and redact. */
export interface DiscoveryTarget {
  /** The server's name, wire and place. */
  readonly server: ServerFacts;
  /** The server's stderr buffer. */
  readonly log: ServerLog;
  /** Turns a line into one the page may read (`theirs` for the lines the server wrote). */
  readonly redact: Redact;
  /** The server's process supervisor (its own spawn path, so the child's stderr lands in the server's buffer). */
  readonly processes: { discoveryUpstream(): Upstream };
}

/** What the catalog keeps of a discovered server (server data: untrusted, the page treats it like a session's). */
export interface CatalogInfo {
  /** The protocol version this discovery negotiated. */
  protocolVersion: string;
  /** The server's capabilities from its `initialize` answer. */
  capabilities: ServerCapabilities;
  serverVersion?: { name: string; version: string; title?: string };
  instructions?: string;
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
}

/** A discovery that failed; `reason` is page-safe (the command by its base name, no arguments). */
export class DiscoveryFailure extends Error {
  constructor(
    readonly reason: string,
    /** False when trying again cannot help until the server's lists change (a shape the SDK refuses). */
    readonly retry: boolean,
    /** The running server answered a list request with a JSON-RPC error: the step, code and its full message. */
    readonly refusal?: { step: string; code: number; message: string },
  ) {
    super(reason);
  }
}

let version: string | undefined;
function gatewayVersion(): string {
  try {
    version ??= String(
      (JSON.parse(readFileSync(resolve(packageRoot, 'package.json'), 'utf8')) as { version?: unknown }).version ??
        '0.0.0',
    );
  } catch {
    version = '0.0.0';
  }
  return version;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Discovers `target`'s server within `timeoutMs`; `signal` stops it (gateway shutdown). The child
 * is gone (or killed) before this settles.
 */
export async function discoverServer(
  target: DiscoveryTarget,
  timeoutMs: number,
  signal: AbortSignal,
  /** Given the child's shutdown, which goes on after this settles: the lists are the caller's as soon as they are read. */
  closing: (closed: Promise<void>) => void = () => {},
): Promise<CatalogInfo> {
  const upstream = target.processes.discoveryUpstream();
  // The page's own client capabilities: servers that offer tools by capability (server-everything's sampling,
  // elicitation and roots tools) then list what the page's session will list.
  const client = new Client(
    { name: 'mcp-dashboard-gateway', version: gatewayVersion() },
    { capabilities: clientCapabilities() as never, listMaxPages: 1000 },
  );
  client.onerror = (error) => target.log.note(`catalog: ${error.message}`);
  let step = 'initialize';
  let timedOut = false;
  // The SDK forgets the process on close; its id is kept to make sure it is gone.
  let pid: number | null = null;
  const stop = () => {
    pid ??= upstream.pid();
    void client.close().catch(() => {});
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, timeoutMs);
  signal.addEventListener('abort', stop, { once: true });
  try {
    if (signal.aborted) throw new DiscoveryFailure('the gateway is shutting down', false);
    await client.connect(upstream.transport as StdioClientTransport);
    pid = upstream.pid();
    target.log.note(
      upstream.exited
        ? `catalog: listing with a separate process (pid ${pid})`
        : `catalog: listing through the shared process (pid ${pid})`,
    );
    const capabilities = client.getServerCapabilities() ?? {};
    step = 'tools/list';
    const tools = capabilities.tools ? (await client.listTools()).tools : [];
    step = 'resources/list';
    const resources = capabilities.resources ? (await client.listResources()).resources : [];
    step = 'resources/templates/list';
    const resourceTemplates = capabilities.resources ? await templates(client) : [];
    step = 'prompts/list';
    const prompts = capabilities.prompts ? (await client.listPrompts()).prompts : [];
    const server = client.getServerVersion();
    const instructions = client.getInstructions();
    return {
      protocolVersion: client.getNegotiatedProtocolVersion() ?? '',
      capabilities,
      ...(server
        ? {
            serverVersion: {
              name: server.name,
              version: server.version,
              ...(typeof server.title === 'string' ? { title: server.title } : {}),
            },
          }
        : {}),
      ...(typeof instructions === 'string' ? { instructions } : {}),
      tools,
      resources,
      resourceTemplates,
      prompts,
    };
  } catch (error) {
    pid ??= upstream.pid();
    if (error instanceof DiscoveryFailure) throw error;
    // The exit is recorded a moment after the pipe closes.
    if (upstream.exited) await Promise.race([upstream.exited, sleep(500)]);
    const code = (error as { code?: unknown })?.code;
    const refused =
      !signal.aborted &&
      !timedOut &&
      !upstream.exit() &&
      typeof code === 'number' &&
      !(error instanceof SdkError && error.code === SdkErrorCode.InvalidResult);
    throw new DiscoveryFailure(
      pageReason(target, reasonFor(target, upstream, error, step, timedOut, timeoutMs, signal.aborted)),
      !signal.aborted,
      refused ? { step, code, message: (error as Error).message } : undefined,
    );
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
    // The SDK ends stdin, then SIGTERM, then SIGKILL (2 s each); the child is never kept. That goes on in the
    // background: a server that does not exit when its stdin ends held the start-up queue's slot for seconds.
    pid ??= upstream.pid();
    closing(stopChild(client, upstream, pid));
  }
}

/** Closes the discovery's client and makes sure its child is gone. */
async function stopChild(client: Client, upstream: Upstream, pid: number | null): Promise<void> {
  await client.close().catch(() => {});
  if (upstream.exited && pid && !upstream.exit()) {
    await Promise.race([upstream.exited, sleep(1_000)]);
    if (!upstream.exit()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

/** Resource templates; a server that has no such method (-32601) has none. */
async function templates(client: Client): Promise<ResourceTemplate[]> {
  try {
    return (await client.listResourceTemplates()).resourceTemplates;
  } catch (error) {
    if ((error as { code?: unknown })?.code === ProtocolErrorCode.MethodNotFound) return [];
    throw error;
  }
}

/** A reason as the page may read it: the gateway's words redacted as such, the server's own lines as theirs. */
function pageReason(target: DiscoveryTarget, reason: string | { ours: string; theirs: string }): string {
  return typeof reason === 'string' ? target.redact(reason) : `${target.redact(reason.ours)}${reason.theirs}`;
}

/** What went wrong, in the doctor's words; the caller redacts it for the page (`pageReason`). */
function reasonFor(
  target: DiscoveryTarget,
  upstream: Upstream,
  error: unknown,
  step: string,
  timedOut: boolean,
  timeoutMs: number,
  aborted: boolean,
): string | { ours: string; theirs: string } {
  const stdio = target.server.stdio!;
  if (aborted) return 'the gateway is shutting down';
  if (/^spawn/.test(String((error as NodeJS.ErrnoException)?.syscall))) {
    return spawnProblem(target.server.site, stdio.command, stdio.cwd, error as NodeJS.ErrnoException).message;
  }
  const during = step === 'initialize' ? 'before it answered "initialize"' : `while answering "${step}"`;
  if (timedOut)
    return `"${stdio.command}" did not finish ${step === 'initialize' ? 'answering "initialize"' : `answering "${step}"`} within ${Math.round(timeoutMs / 1000)} s; the gateway stopped it. The page connects to it itself.`;
  const exit = upstream.exit();
  if (exit) {
    const problem = exitProblem(
      target.server.site,
      stdio.command,
      exit,
      upstream.tail?.(30) ?? target.log.tail(30),
      during,
    );
    const tail = (problem.details.stderrTail as string[]).slice(0, 2);
    // The server's own lines are not redacted again as the gateway's words are (they keep paths and arguments).
    return {
      ours: problem.message,
      theirs: tail.length
        ? ` What it wrote on stderr: ${tail.map((l) => safeSnippet(target.redact.theirs(l), 160)).join(' | ')}`
        : ' It printed nothing on stderr.',
    };
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult) {
    return `Its answer to "${step}" has a shape the MCP SDK refuses (${firstIssue(error.message)}); the page lists this server itself, leniently.`;
  }
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'number')
    return `It answered "${step}" with JSON-RPC error ${code}: ${safeSnippet((error as Error).message, 200)}.`;
  return `Listing it failed ${during}: ${safeSnippet(error instanceof Error ? error.message : String(error), 200)}.`;
}

/** "tools[1].name: Invalid input: expected string, received undefined" from the SDK's message (zod issues as JSON). */
function firstIssue(message: string): string {
  try {
    const issues = JSON.parse(message.slice(message.indexOf('['))) as Array<{ path?: unknown[]; message?: string }>;
    const first = issues[0];
    if (first) {
      const path = (first.path ?? [])
        .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`))
        .join('');
      return safeSnippet(
        `${path}: ${first.message ?? 'invalid'}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
        200,
      );
    }
  } catch {
    // not the SDK's usual message
  }
  return safeSnippet(message, 200);
}
