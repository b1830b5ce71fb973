import type { AgentToolResult, AgentToolSpec, Interact } from './agent-surface.js';

/** The client WebMCP passes to `execute` (WebMCP §ModelContextClient); Chromium 156 passes none. */
export interface ModelContextClientLike {
  requestUserInteraction?(callback: () => Promise<unknown>): Promise<unknown>;
}

/** One tool as `document.modelContext.registerTool` takes it (WebMCP §ModelContextTool). */
export interface ModelContextToolLike {
  name: string;
  description: string;
  inputSchema?: object;
  annotations?: { readOnlyHint?: boolean; untrustedContentHint?: boolean };
  execute(input: object, client?: ModelContextClientLike): Promise<unknown>;
}

/**
 * The page's model context. The WebMCP draft has `unregisterTool(name)`; Chromium 156 instead takes
 * `{ signal }` with `registerTool` (and returns a promise): both are handled.
 */
export interface ModelContextLike {
  registerTool(tool: ModelContextToolLike, options?: { signal?: AbortSignal }): unknown;
  unregisterTool?(name: string): void;
}

/** A registration that failed (the browser refused the name or the schema). */
export interface RegistrationProblem {
  name: string;
  reason: string;
}

interface Registered {
  fingerprint: string;
  controller: AbortController;
}

/** How the person-facing steps run for one call: through `requestUserInteraction` when the browser offers it. */
function interactionOf(client: ModelContextClientLike | undefined): Interact | undefined {
  const request =
    client && typeof client.requestUserInteraction === 'function'
      ? client.requestUserInteraction.bind(client)
      : undefined;
  if (!request) return undefined;
  return <T>(step: () => Promise<T>) => request(step) as Promise<T>;
}

/**
 * Keeps the page's WebMCP registrations equal to a list of tools: new ones registered, changed ones
 * (description, schema, read-only hint) registered again, vanished ones unregistered — at once, so an
 * agent never sees a tool the dashboard no longer offers.
 */
export class WebMcpRegistrar {
  private readonly registered = new Map<string, Registered>();
  private readonly problems = new Map<string, string>();

  constructor(private readonly context: ModelContextLike) {}

  /** Names registered now. */
  names(): string[] {
    return [...this.registered.keys()];
  }

  /** Registrations the browser refused (by name). */
  failures(): RegistrationProblem[] {
    return [...this.problems].map(([name, reason]) => ({ name, reason }));
  }

  /** Makes the registrations equal `tools`. */
  sync(tools: readonly AgentToolSpec[]): void {
    const wanted = new Map(tools.map((t) => [t.name, t]));
    for (const [name, entry] of [...this.registered]) {
      const next = wanted.get(name);
      if (!next || next.fingerprint !== entry.fingerprint) this.unregister(name);
    }
    for (const tool of tools) if (!this.registered.has(tool.name)) this.register(tool);
    for (const name of [...this.problems.keys()]) if (!wanted.has(name)) this.problems.delete(name);
  }

  /** Unregisters everything (the switch was turned off, or the page goes away). */
  clear(): void {
    for (const name of [...this.registered.keys()]) this.unregister(name);
    this.problems.clear();
  }

  private register(tool: AgentToolSpec): void {
    const controller = new AbortController();
    const definition: ModelContextToolLike = {
      name: tool.name,
      description: tool.description || tool.name,
      inputSchema: tool.inputSchema,
      // Results come from MCP servers: the agent should treat them as third-party content.
      annotations: { readOnlyHint: tool.readOnly, ...(tool.kind === 'server' ? { untrustedContentHint: true } : {}) },
      execute: async (input: object, client?: ModelContextClientLike): Promise<AgentToolResult> =>
        tool.run(input, interactionOf(client)),
    };
    try {
      const pending = this.context.registerTool(definition, { signal: controller.signal });
      this.registered.set(tool.name, { fingerprint: tool.fingerprint, controller });
      this.problems.delete(tool.name);
      if (pending && typeof (pending as Promise<unknown>).then === 'function') {
        (pending as Promise<unknown>).catch((error: unknown) => {
          if ((error as Error)?.name === 'AbortError') return;
          if (this.registered.get(tool.name)?.controller === controller) this.registered.delete(tool.name);
          this.problems.set(tool.name, (error as Error)?.message ?? String(error));
        });
      }
    } catch (error) {
      this.problems.set(tool.name, (error as Error)?.message ?? String(error));
    }
  }

  private unregister(name: string): void {
    const entry = this.registered.get(name);
    if (!entry) return;
    this.registered.delete(name);
    entry.controller.abort();
    if (typeof this.context.unregisterTool === 'function') {
      try {
        this.context.unregisterTool(name);
      } catch {
        // Already gone (the signal removed it).
      }
    }
  }
}
