import Ajv, { type ValidateFunction } from 'ajv';
import { describeConfigErrors } from '../config/config-validate.js';
import type { TeamRole } from './roles.js';
import { teamRolesProblems } from './roles-validate.js';

/**
 * The config's `team` object: it turns team mode on (docs/team.md). Checked by a JSON Schema (ajv, like the
 * rest of the config) and by `teamRolesProblems` for what a schema cannot say. Pure: the gateway expands
 * `${env:…}` in the client secret and reads the file; this module only says whether the shape can be used.
 */

/** The team's OpenID provider and how the dashboard is registered with it. */
export interface TeamOidcConfig {
  /** The issuer URL (discovery at `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  /** Usually `${env:NAME}`; expanded by the gateway. */
  clientSecret: string;
  /** The claim that lists a person's groups (default `groups`). */
  groupsClaim?: string;
  /** Scopes asked for (default `openid email profile`, plus `groups` when the provider offers it). */
  scopes?: string[];
}

/** The `team` object. */
export interface TeamConfig {
  /** Where people open the dashboard (`https://…`; plain http only on loopback). Redirect URI: `<publicUrl>/oidc/callback`. */
  publicUrl: string;
  oidc: TeamOidcConfig;
  roles: TeamRole[];
  /** Where team state lives: `url` for PostgreSQL, else files in `dataDir`. */
  database?: { url?: string };
  /** Folder of the embedded store and the audit log, relative to the config file (default `.mcp-dashboard-team`). */
  dataDir?: string;
  /** Who people in no role are told to ask (an email address or a team's name). */
  contact?: string;
  /** A browser session ends after this many minutes without a request (default 480), and at most after `sessionMaxHours` (default 24). */
  sessionIdleMinutes?: number;
  sessionMaxHours?: number;
  /**
   * The key that encrypts each person's upstream OAuth tokens at rest (usually `${env:NAME}`; 32 bytes as
   * 64 hex characters or 43–44 base64 characters). Needed when a remote server uses OAuth sign-in.
   */
  tokenKey?: string;
  /** Remote OAuth servers whose sign-in is shared by the whole team (an admin signs in once); others are per person. */
  sharedSignIn?: string[];
  /** Team passkey rules: a call they match runs only with a passkey assertion the gateway verifies first. */
  passkeys?: TeamPasskeyRule[];
  /** The bearer token a scraper sends for `/metrics` (usually `${env:NAME}`); without it, loopback peers only. */
  metricsToken?: string;
  /** Where MCP App views are served to people on other machines (docs/team.md, "MCP Apps behind your proxy"). */
  sandbox?: TeamSandboxConfig;
  /** Connections one replica keeps open (each open dashboard tab holds one event stream); default 4096. */
  maxConnections?: number;
}

/** The public origin of the MCP Apps sandbox, and the port its listener takes behind the proxy. */
export interface TeamSandboxConfig {
  /** The sandbox's public origin (`https://…`; another origin than `publicUrl`, best another site). */
  url: string;
  /** Where the gateway's sandbox listener listens (on `--host`); without it, a random loopback port. */
  port?: number;
}

/** One team passkey rule: tools of `server` (or of every server, `"*"`), by name or pattern, or by MCPlet type. */
export interface TeamPasskeyRule {
  server: string;
  /** Tool names or `*` patterns. With neither this nor `mcpletTypes`, every tool of the server. */
  tools?: string[];
  mcpletTypes?: string[];
}

const teamSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['publicUrl', 'oidc', 'roles'],
  properties: {
    publicUrl: { type: 'string', pattern: '^https?://[^/?#]+/?$' },
    oidc: {
      type: 'object',
      additionalProperties: false,
      required: ['issuer', 'clientId', 'clientSecret'],
      properties: {
        issuer: { type: 'string', pattern: '^https?://' },
        clientId: { type: 'string', minLength: 1 },
        clientSecret: { type: 'string', minLength: 1 },
        groupsClaim: { type: 'string', minLength: 1 },
        scopes: { type: 'array', items: { type: 'string', pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$' } },
      },
    },
    roles: { type: 'array' },
    database: {
      type: 'object',
      additionalProperties: false,
      properties: { url: { type: 'string', pattern: '^(postgres(ql)?://|\\$\\{)' } },
    },
    dataDir: { type: 'string', minLength: 1 },
    contact: { type: 'string', maxLength: 200 },
    sessionIdleMinutes: { type: 'number', minimum: 1, maximum: 10080 },
    sessionMaxHours: { type: 'number', minimum: 1, maximum: 2160 },
    tokenKey: { type: 'string', minLength: 1 },
    sharedSignIn: { type: 'array', items: { type: 'string', minLength: 1 } },
    metricsToken: { type: 'string', minLength: 1 },
    maxConnections: { type: 'integer', minimum: 16, maximum: 65536 },
    sandbox: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: {
        url: { type: 'string', pattern: '^https?://[^/?#]+/?$' },
        port: { type: 'integer', minimum: 1, maximum: 65535 },
      },
    },
    passkeys: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['server'],
        properties: {
          server: { type: 'string', minLength: 1 },
          tools: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
          mcpletTypes: {
            type: 'array',
            minItems: 1,
            items: { type: 'string', enum: ['read', 'prepare', 'action'] },
          },
        },
      },
    },
  },
} as const;

/** Compiled at first use: only a config with a `team` object is checked by it. */
let compiled: ValidateFunction<TeamConfig> | undefined;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The problems of a `team` object, given the configured server names; empty when team mode can start. */
export function teamConfigProblems(value: unknown, serverNames: readonly string[]): string[] {
  const validate = (compiled ??= new Ajv({ allErrors: true, strict: false }).compile<TeamConfig>(teamSchema));
  if (!validate(value)) {
    return describeConfigErrors(
      (validate.errors ?? []).map((error) => ({ ...error, instancePath: `/team${error.instancePath}` })),
    );
  }
  const problems = teamRolesProblems(value.roles, serverNames);
  const url = new URL(value.publicUrl);
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    problems.push(
      `at /team/publicUrl: "${value.publicUrl}" is plain http on a host that is not loopback; put the dashboard behind a TLS-terminating proxy and give its https:// address`,
    );
  }
  problems.push(...sandboxProblems(value));
  for (const [i, name] of (value.sharedSignIn ?? []).entries()) {
    if (!serverNames.includes(name))
      problems.push(`at /team/sharedSignIn/${i}: there is no server "${name}" in mcpServers`);
  }
  for (const [i, rule] of (value.passkeys ?? []).entries()) {
    if (rule.server !== '*' && !serverNames.includes(rule.server))
      problems.push(`at /team/passkeys/${i}/server: there is no server "${rule.server}" in mcpServers`);
  }
  const issuer = new URL(value.oidc.issuer);
  if (issuer.protocol === 'http:' && !LOOPBACK.has(issuer.hostname)) {
    problems.push(`at /team/oidc/issuer: "${value.oidc.issuer}" must be https:// (plain http only on loopback)`);
  }
  return problems;
}

/** `team.sandbox.url`: https unless loopback, and never the dashboard's own origin (MCP Apps: different origins). */
function sandboxProblems(value: TeamConfig): string[] {
  if (!value.sandbox) return [];
  const url = new URL(value.sandbox.url);
  if (url.origin === new URL(value.publicUrl).origin) {
    return [
      `at /team/sandbox/url: "${value.sandbox.url}" is the dashboard's own origin; MCP App views need another one (best another site, e.g. https://apps.example.net)`,
    ];
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return [
      `at /team/sandbox/url: "${value.sandbox.url}" is plain http on a host that is not loopback; serve it through your TLS-terminating proxy and give its https:// address`,
    ];
  }
  return [];
}

/** Whether a config object turns team mode on. */
export function isTeamConfig(config: { team?: unknown }): boolean {
  return config.team !== undefined;
}

/** The MCPlet type a tool declares (`_meta.mcpletType`: read, prepare or action), if any (MCPlet §5.3.1). */
export function declaredMcpletType(tool: unknown): string | undefined {
  const meta = (tool as { _meta?: unknown } | null)?._meta;
  const type = meta && typeof meta === 'object' ? (meta as { mcpletType?: unknown }).mcpletType : undefined;
  return type === 'read' || type === 'prepare' || type === 'action' ? type : undefined;
}
