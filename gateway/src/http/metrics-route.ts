import type { IncomingMessage, ServerResponse } from 'node:http';
import { addressKind } from '../net/address-kind.js';
import { browserSessions, children, registry, sessions, startProcessMetrics } from '../metrics/instruments.js';
import type { ServerRouter } from '../relay/server-router.js';
import type { TeamMode } from '../team/team-mode.js';
import { sendJson } from './http-io.js';
import { bearerToken, tokensEqual, type Refusal } from './security.js';

/** Headers a proxy adds: a request that carries one came from elsewhere, whatever its socket says. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Who may read `/metrics` (docs/operations.md): with `team.metricsToken` set, whoever sends it as the bearer (and
 * nobody else); otherwise a loopback peer that no proxy forwarded. Undefined when `req` may.
 */
export function metricsRefusal(req: IncomingMessage, token: string | undefined): Refusal | undefined {
  if (token !== undefined) {
    const given = bearerToken(req);
    return given !== undefined && tokensEqual(given, token)
      ? undefined
      : { status: 401, reason: 'Send the metrics token (team.metricsToken) as "Authorization: Bearer <token>".' };
  }
  if (!isLoopback(req.socket.remoteAddress) || FORWARDED.some((h) => req.headers[h] !== undefined))
    return {
      status: 403,
      reason: 'Metrics are served to this machine only; set team.metricsToken to let a scraper elsewhere read them.',
    };
  return undefined;
}

function isLoopback(peer: string | undefined): boolean {
  try {
    return peer !== undefined && addressKind(peer) === 'loopback';
  } catch {
    return false;
  }
}

/** What `/metrics` reads when scraped. */
export interface MetricsSource {
  servers: Map<string, ServerRouter>;
  team: TeamMode | undefined;
}

/** Answers `/metrics` in the Prometheus text format, with the gauges of what is open now. */
export async function serveMetrics(res: ServerResponse, source: MetricsSource): Promise<void> {
  startProcessMetrics();
  sessions.reset();
  children.reset();
  for (const [name, router] of source.servers) {
    sessions.set({ server: name }, router.summary().sessions);
    children.set({ server: name }, router.processes.childCount);
  }
  if (source.team) browserSessions.set((await source.team.sessions.list()).length);
  let text: string;
  try {
    text = await registry.metrics();
  } catch (error) {
    sendJson(res, 500, { error: `Metrics could not be collected: ${(error as Error).message}` });
    return;
  }
  res.writeHead(200, {
    'Content-Type': registry.contentType,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
