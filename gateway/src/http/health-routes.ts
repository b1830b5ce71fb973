import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerRouter } from '../relay/server-router.js';
import type { TeamMode } from '../team/team-mode.js';
import type { Drain } from './drain.js';
import { sendJson } from './http-io.js';
import { metricsRefusal, serveMetrics } from './metrics-route.js';
import { Readiness } from './readiness.js';
import { checkHostAndOrigin } from './security.js';

/** What the operations routes read. */
export interface OperationsContext {
  drain: Drain;
  servers: Map<string, ServerRouter>;
  team: TeamMode | undefined;
}

const ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The routes a balancer, an orchestrator and a scraper use (docs/operations.md): `/healthz` (the process serves),
 * `/readyz` (it can take traffic) and `/metrics` (Prometheus). None needs the page's token. Host is checked as
 * everywhere (DNS rebinding), except for a health check that sends no Host at all (HTTP/1.0 checkers; a browser
 * always sends one) and a scrape that carries the metrics token (a scraper names the replica by its address).
 */
export class OperationRoutes {
  private readonly readiness: Readiness;

  constructor(private readonly ctx: OperationsContext) {
    this.readiness = new Readiness({
      draining: () => ctx.drain.draining,
      teamStore: () => ctx.team && { databaseUrl: ctx.team.settings.databaseUrl, dataDir: ctx.team.settings.dataDir },
    });
  }

  /** Answers a request for one of these routes (true), or leaves it to the others (false). */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    net: { hosts: Set<string>; origins: Set<string> },
  ): Promise<boolean> {
    const path = (req.url ?? '/').split('?')[0]!;
    if (!ROUTES.has(path) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const token = this.ctx.team?.settings.metricsToken;
    const metrics = path === '/metrics';
    const refusedMetrics = metrics ? metricsRefusal(req, token) : undefined;
    const hostExempt = metrics ? token !== undefined && !refusedMetrics : req.headers.host === undefined;
    const refusal = (hostExempt ? undefined : checkHostAndOrigin(req, net.hosts, net.origins)) ?? refusedMetrics;
    if (refusal) {
      sendJson(
        res,
        refusal.status,
        { error: refusal.reason },
        refusal.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
      );
      return true;
    }
    if (path === '/healthz') sendJson(res, 200, { ok: true, status: 'ok' });
    else if (path === '/readyz') {
      const problems = await this.readiness.problems();
      sendJson(res, problems.length ? 503 : 200, problems.length ? { ready: false, problems } : { ready: true });
    } else await serveMetrics(res, this.ctx);
    return true;
  }

  async close(): Promise<void> {
    await this.readiness.close();
  }
}
