import { resolve as resolvePath, dirname } from 'node:path';
import type { DashboardConfig } from '../../../src/core/shared/config/config-schema.js';
import type { TeamRole } from '../../../src/core/shared/team/roles.js';
import {
  teamConfigProblems,
  type TeamConfig,
  type TeamPasskeyRule,
} from '../../../src/core/shared/team/team-config.js';
import { ConfigFileError } from '../config/config.js';

/** Team mode's settings, checked and resolved from the config's `team` object. */
export interface TeamSettings {
  /** Where people open the dashboard, without a trailing slash. */
  publicOrigin: string;
  /** `<publicUrl>/oidc/callback`. */
  redirectUri: string;
  oidc: { issuer: string; clientId: string; clientSecret: string; groupsClaim: string; scopes: string[] };
  roles: TeamRole[];
  /** The embedded store's folder (absolute). */
  dataDir: string;
  /** PostgreSQL, when `team.database.url` is set. */
  databaseUrl: string | undefined;
  /** Who a person in no role is told to ask. */
  contact: string | undefined;
  idleMs: number;
  maxMs: number;
  /** Cookies are `Secure` (and `__Host-` named) when the public address is https. */
  secureCookies: boolean;
  /** `team.tokenKey`, expanded (the per-person upstream token key; parsed where it is used). */
  tokenKey: string | undefined;
  /** Remote OAuth servers whose sign-in the whole team shares. */
  sharedSignIn: string[];
  /** Team passkey rules (verified by the gateway before a matching call is forwarded). */
  passkeys: TeamPasskeyRule[];
  /** `team.metricsToken`, expanded: the bearer `/metrics` requires (absent: loopback peers only). */
  metricsToken: string | undefined;
  /** `team.sandbox`: the MCP Apps sandbox's public origin and its listener's port (absent: loopback only). */
  sandbox: { origin: string; port: number | undefined } | undefined;
  /** `team.maxConnections`: the connections a replica keeps open (default TEAM_MAX_CONNECTIONS). */
  maxConnections: number;
}

/**
 * A team replica's connection bound. Personal mode keeps 256 (a loopback page needs a handful); a replica serves
 * every person's open tab, each holding one event stream, behind a balancer that bounds its own (HAProxy's maxconn
 * in deploy/haproxy.cfg is 4096).
 */
export const TEAM_MAX_CONNECTIONS = 4096;

/** `${env:NAME}` or `${NAME}` in a secret, from the environment; a name that is not set is an error. */
function expandSecret(value: string, at: string, file: string, env: NodeJS.ProcessEnv): string {
  const unset: string[] = [];
  const expanded = value.replace(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, name: string) => {
    const found = env[name];
    if (found === undefined) unset.push(name);
    return found ?? '';
  });
  if (unset.length)
    throw new ConfigFileError(file, [
      `at ${at}: the environment variable ${unset.join(', ')} is not set (export it before starting the gateway)`,
    ]);
  return expanded;
}

/** The settings of team mode, or undefined in personal mode; throws ConfigFileError naming each problem. */
export function teamSettings(
  config: DashboardConfig,
  configFile: string,
  env: NodeJS.ProcessEnv = process.env,
): TeamSettings | undefined {
  if (config.team === undefined) return undefined;
  const problems = teamConfigProblems(config.team, Object.keys(config.mcpServers));
  if (problems.length) throw new ConfigFileError(configFile, problems);
  const team = config.team as TeamConfig;
  const publicOrigin = new URL(team.publicUrl).origin;
  return {
    publicOrigin,
    redirectUri: `${publicOrigin}/oidc/callback`,
    oidc: {
      issuer: team.oidc.issuer,
      clientId: team.oidc.clientId,
      clientSecret: expandSecret(team.oidc.clientSecret, '/team/oidc/clientSecret', configFile, env),
      groupsClaim: team.oidc.groupsClaim ?? 'groups',
      scopes: team.oidc.scopes ?? ['openid', 'email', 'profile'],
    },
    roles: team.roles,
    dataDir: resolvePath(dirname(configFile), team.dataDir ?? '.mcp-dashboard-team'),
    databaseUrl: team.database?.url
      ? expandSecret(team.database.url, '/team/database/url', configFile, env)
      : undefined,
    contact: team.contact,
    idleMs: (team.sessionIdleMinutes ?? 480) * 60_000,
    maxMs: (team.sessionMaxHours ?? 24) * 3_600_000,
    secureCookies: publicOrigin.startsWith('https:'),
    tokenKey: team.tokenKey ? expandSecret(team.tokenKey, '/team/tokenKey', configFile, env) : undefined,
    sharedSignIn: team.sharedSignIn ?? [],
    passkeys: team.passkeys ?? [],
    metricsToken: team.metricsToken
      ? expandSecret(team.metricsToken, '/team/metricsToken', configFile, env)
      : undefined,
    sandbox: team.sandbox ? { origin: new URL(team.sandbox.url).origin, port: team.sandbox.port } : undefined,
    maxConnections: team.maxConnections ?? TEAM_MAX_CONNECTIONS,
  };
}
