import {
  WebMcpRegistrar,
  type ModelContextLike,
  type RegistrationProblem,
} from '../../core/agents/webmcp-registrar.js';
import type { Unsubscribe } from '../../core/shared/types.js';
import type { HostServices } from '../services/host-services.js';

/** Where the person's choice of the header switch is kept (this browser, this dashboard origin). */
export const WEBMCP_PREFERENCE = 'agents.webmcp.enabled';

/** What the header switch shows. */
export interface WebMcpStatus {
  /** The browser offers `document.modelContext` (Chromium with --enable-features=WebMCP). */
  available: boolean;
  enabled: boolean;
  /** Tools registered now. */
  registered: string[];
  failures: RegistrationProblem[];
  agentId: string;
  /** False when `dashboard.webmcp.agent` names no entry of `dashboard.agents` (no pools granted). */
  agentConfigured: boolean;
}

/** The page's model context, where the browser has one (WebMCP: `document.modelContext`; older drafts: `navigator.modelContext`). */
export function pageModelContext(): ModelContextLike | undefined {
  const fromDocument = (document as unknown as { modelContext?: ModelContextLike }).modelContext;
  const fromNavigator = (navigator as unknown as { modelContext?: ModelContextLike }).modelContext;
  const context = fromDocument ?? fromNavigator;
  return context && typeof context.registerTool === 'function' ? context : undefined;
}

/**
 * The dashboard as a WebMCP tool source. With the switch on, every tool the policy lets the
 * configured agent call — on every connected server — plus the host tools are registered in the page's
 * model context; `tools/list_changed`, connects, disconnects and the switch re-register or unregister at
 * once. Off by default: `dashboard.webmcp.enabled` in the config turns it on, the header switch overrides
 * it for this browser.
 */
export class WebMcpHost {
  private readonly registrar: WebMcpRegistrar | undefined;
  private readonly listeners = new Set<(status: WebMcpStatus) => void>();
  private stops: Unsubscribe[] = [];
  private on = false;

  constructor(
    private readonly services: HostServices,
    context: ModelContextLike | undefined = pageModelContext(),
  ) {
    this.registrar = context ? new WebMcpRegistrar(context) : undefined;
  }

  /** Starts after the config is loaded: the stored choice, else the config's `dashboard.webmcp.enabled`. */
  start(): void {
    const { bus, configuration, policy } = this.services;
    const stored = configuration.get<boolean>(WEBMCP_PREFERENCE);
    this.on = typeof stored === 'boolean' ? stored : policy.settings().webmcp.enabled;
    const sync = () => this.sync();
    for (const event of [
      'mcp:server:connected',
      'mcp:server:disconnected',
      'mcp:server:error',
      'mcp:server:list-changed',
      'mcp:agent:widgets-changed',
      'mcp:app:tools-changed',
    ])
      this.stops.push(bus.on(event, sync));
    this.sync();
  }

  /** Turns the switch on or off and remembers the choice. */
  async setEnabled(enabled: boolean): Promise<void> {
    this.on = enabled;
    this.sync();
    await this.services.configuration.set(WEBMCP_PREFERENCE, enabled).catch(() => {});
  }

  /** Re-registers from the current state (each registration is renewed only if what the agent sees changed). */
  sync(): void {
    if (this.registrar) this.registrar.sync(this.on ? this.services.agents.surface.tools() : []);
    const status = this.status();
    for (const listener of [...this.listeners]) listener(status);
  }

  status(): WebMcpStatus {
    const agent = this.services.agents.agent();
    return {
      available: this.registrar !== undefined,
      enabled: this.on,
      registered: this.registrar?.names() ?? [],
      failures: this.registrar?.failures() ?? [],
      agentId: agent.id,
      agentConfigured: agent.configured,
    };
  }

  /** Follows status changes; returns the unsubscribe. */
  onStatus(listener: (status: WebMcpStatus) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.registrar?.clear();
    this.listeners.clear();
  }
}
