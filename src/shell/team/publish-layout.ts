import type { DashboardLayout, TeamDashboard } from '../../core/shared/layout/layout-types.js';
import type { HostServices } from '../services/host-services.js';
import { isTeamMode } from './team-api.js';

/** Team mode: whether the signed-in person is a team admin (they may publish dashboards for everyone). */
export async function isTeamAdmin(services: HostServices): Promise<boolean> {
  if (!isTeamMode()) return false;
  try {
    const response = await services.gateway.fetch(`${services.gateway.baseUrl}/api/team/me`, { cache: 'no-store' });
    return response.ok && ((await response.json()) as { admin?: unknown }).admin === true;
  } catch {
    return false;
  }
}

/**
 * Publishes a dashboard as the team's (admins, team mode): everyone gets it on their next start, in place of the
 * file's dashboard with the same id. Resolves with the team's dashboards now; rejects with the gateway's reason.
 */
export async function publishDashboard(services: HostServices, dashboard: DashboardLayout): Promise<TeamDashboard[]> {
  const { id, name, tiles } = dashboard;
  const response = await services.gateway.fetch(
    `${services.gateway.baseUrl}/api/team/layouts/${encodeURIComponent(id)}`,
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ dashboard: { id, name, tiles } }),
    },
  );
  const body = (await response.json().catch(() => ({}))) as { dashboards?: TeamDashboard[]; error?: string };
  if (!response.ok || !body.dashboards) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body.dashboards;
}
