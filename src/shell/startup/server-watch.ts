import {
  GatewayAuthError,
  GatewayUnreachableError,
  type GatewayServerSummary,
} from '../../core/shared/gateway-api/gateway-client.js';
import type { Unsubscribe } from '../../core/shared/types.js';
import type { DashboardLayoutController } from '../layout/dashboard-layout.js';
import type { HostServices } from '../services/host-services.js';
import { coalesce } from './startup-preload.js';

/** Why the dashboard cannot show its servers: the banner's words (for `no-token`, a catalog key). */
export type DashboardProblem = { kind: 'no-token' | 'auth' | 'unreachable' | 'other'; message: string } | undefined;

/** What the watch updates on the dashboard. */
export interface WatchHost {
  problem: DashboardProblem;
  servers: GatewayServerSummary[] | undefined;
  readonly layout: Pick<DashboardLayoutController, 'serversChanged' | 'updateSummaries'>;
  t(key: string, variables?: Record<string, unknown>): string;
}

/**
 * Watches the gateway's server summaries (every 5 s, and at once when a card connected or the gateway
 * says a session was lost or restored): a restart or a stale token is explained in the banner instead of
 * failing silently, and the servers' process states reach their tiles without re-rendering the dashboard.
 */
export class ServerWatch {
  /** Asks for the summaries now: one request at a time, however many cards ask. */
  readonly refresh = coalesce(() => this.poll());
  private timer: ReturnType<typeof setInterval> | undefined;
  private offs: Unsubscribe[] = [];

  constructor(
    private readonly host: WatchHost,
    private readonly services: HostServices,
  ) {}

  /** Polls from now on. */
  start(): void {
    const { bus } = this.services;
    this.timer = setInterval(() => void this.refresh(), 5000);
    this.offs.push(
      // A card that connected changed the process state: show it now.
      bus.on('mcp:server:connected', () => void this.refresh()),
      // The gateway says when a server's session was lost or restored: show it now, not at the next poll.
      bus.on<{ logger?: string }>('mcp:server:log', (data) => {
        if (data?.logger === 'mcp-dashboard-gateway') void this.refresh();
      }),
    );
  }

  /** Stops polling. */
  stop(): void {
    clearInterval(this.timer);
    for (const off of this.offs) off();
    this.offs = [];
  }

  private problemText(error: unknown, kind: NonNullable<DashboardProblem>['kind']): string {
    if (kind === 'auth') return this.host.t('problem.auth');
    if (kind === 'unreachable')
      return this.host.t('problem.unreachable', { url: (error as GatewayUnreachableError).baseUrl });
    return (error as Error).message;
  }

  private async poll(): Promise<void> {
    const { host, services } = this;
    try {
      const servers = await services.gateway.listServers();
      const wasUnreachable = host.problem?.kind === 'unreachable';
      host.problem = undefined;
      services.configuration.setHostValue(
        'mcp.servers',
        Object.fromEntries(servers.map((s) => [s.name, { transport: s.transport, disabled: s.disabled }])),
      );
      this.updateSummaries(servers);
      if (wasUnreachable) services.a11y.announce(host.t('problem.reachableAgain'), 'polite');
    } catch (error) {
      const kind =
        error instanceof GatewayAuthError ? 'auth' : error instanceof GatewayUnreachableError ? 'unreachable' : 'other';
      const message = this.problemText(error, kind);
      if (host.problem?.kind !== kind) services.a11y.announce(message, 'assertive');
      host.problem = { kind, message };
      if (kind === 'auth') clearInterval(this.timer);
    }
  }

  /** Keeps existing tiles (and their widgets) when only process states change. */
  private updateSummaries(servers: GatewayServerSummary[]): void {
    const host = this.host;
    if (!host.servers || host.servers.map((s) => s.name).join('\n') !== servers.map((s) => s.name).join('\n')) {
      host.servers = servers;
      host.layout.serversChanged(servers);
      return;
    }
    // Same names: refresh the summaries in place (no re-render of the dashboard), and hand each tile its own.
    host.servers.splice(0, host.servers.length, ...servers);
    host.layout.updateSummaries(servers);
  }
}
