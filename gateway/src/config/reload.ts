import type { DashboardConfig, ServerConfig } from '../../../src/core/shared/config/config-schema.js';
import type { ServerCatalog } from '../catalog/catalog.js';
import type { ServerRouter } from '../relay/server-router.js';
import type { TeamSettings } from '../team/settings.js';
import type { TeamMode } from '../team/team-mode.js';

/** What a reload changed, for the terminal (and admins). */
export interface ReloadReport {
  added: string[];
  removed: string[];
  restarted: string[];
  /** The team's roles table was replaced (it applies to the next message). */
  rolesChanged: boolean;
  /** Changes that need a restart of the gateway (they were not applied). */
  needsRestart: string[];
}

/** What a reload works on: the running gateway's config, servers, catalog and team mode. */
export interface ReloadTarget {
  /** The running config object: the routes read it, so it is updated in place. */
  config: DashboardConfig;
  servers: Map<string, ServerRouter>;
  catalog: ServerCatalog;
  team: TeamMode | undefined;
  makeRouter(name: string, entry: ServerConfig): ServerRouter;
  startWarm(router: ServerRouter): void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies an edited config to a running gateway (docs/team.md, "Changes without a restart"): servers that were
 * added start, removed ones stop (their sessions end, saying so), changed ones restart, unchanged ones and their
 * sessions are untouched; a new roles table applies to the next message. What cannot change while running
 * (team mode on or off, the provider, the public address, the database) is reported and left as it was.
 */
export async function reloadConfig(
  target: ReloadTarget,
  next: DashboardConfig,
  nextTeam: TeamSettings | undefined,
): Promise<ReloadReport> {
  const report: ReloadReport = { added: [], removed: [], restarted: [], rolesChanged: false, needsRestart: [] };
  const team = target.team;
  if (Boolean(team) !== Boolean(nextTeam)) {
    report.needsRestart.push(nextTeam ? 'turning team mode on' : 'turning team mode off');
    return report;
  }
  if (team && nextTeam) {
    const fixed = ['publicOrigin', 'oidc', 'databaseUrl', 'dataDir', 'metricsToken'] as const;
    for (const key of fixed) if (!same(team.settings[key], nextTeam[key])) report.needsRestart.push(`team ${key}`);
    report.rolesChanged = !same(team.settings.roles, nextTeam.roles);
    Object.assign(team.settings, {
      roles: nextTeam.roles,
      contact: nextTeam.contact,
      idleMs: nextTeam.idleMs,
      maxMs: nextTeam.maxMs,
      passkeys: nextTeam.passkeys,
    });
  }
  const before = target.config.mcpServers;
  const after = next.mcpServers;
  const stops: Promise<void>[] = [];
  for (const name of Object.keys(before)) {
    const router = target.servers.get(name);
    if (!Object.hasOwn(after, name)) {
      report.removed.push(name);
      target.servers.delete(name);
      stops.push(
        target.catalog.remove(name),
        router?.closeAll(`"${name}" was removed from the config`) ?? Promise.resolve(),
      );
    } else if (!same(before[name], after[name])) {
      report.restarted.push(name);
      target.servers.delete(name);
      stops.push(
        target.catalog.remove(name),
        router?.closeAll(`"${name}" was changed in the config and restarted`) ?? Promise.resolve(),
      );
    }
  }
  await Promise.all(stops);
  // Everything but the servers is read from the config object when it is used.
  for (const key of Object.keys(target.config)) if (!Object.hasOwn(next, key)) delete target.config[key];
  Object.assign(target.config, next);
  for (const name of Object.keys(after)) {
    if (Object.hasOwn(before, name) && !report.restarted.includes(name)) continue;
    if (!Object.hasOwn(before, name)) report.added.push(name);
    const router = target.makeRouter(name, after[name]!);
    target.servers.set(name, router);
    target.startWarm(router);
    target.catalog.add(router);
  }
  return report;
}
