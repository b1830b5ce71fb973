/**
 * The policy part of the config file's top-level `dashboard` object: MCPlet strictness, widget trust,
 * MCPlet pools, agent pool grants and the dev passkey server. Pure (no I/O): the gateway validates
 * the file with the schema below and serves the public part; the browser normalises it.
 *
 * Trust is granted here and only here — never by what a widget says about itself (MCP-WP-11.4).
 */
import type { TrustLevel, WidgetPermissions } from '../types.js';
import { WIDGET_COMMUNICATION_SCHEMA } from './widget-permissions-schema.js';
import type { TeamPasskeyRule } from '../team/team-config.js';
import { readTeamPasskeyRules } from '../team/team-passkeys.js';

/** Trust levels of MCP-WP-11.4.4, lowest first. */
export const TRUST_LEVELS: readonly TrustLevel[] = ['untrusted', 'community', 'verified', 'enterprise'];

/** What the config grants one widget type: a trust level and, optionally, a cap on its permissions. */
export interface WidgetTrustGrant {
  level: TrustLevel;
  /** When given, the widget gets at most these permissions (intersected with what it declares). */
  permissions?: WidgetPermissions;
}

/** The normalised policy settings the host works with. */
export interface DashboardPolicySettings {
  policy: {
    /** Exclude standard MCP tools (no `_meta.mcpletType`) instead of confirming each call (MCPlet §5.3.1). */
    strictMcplet: boolean;
  };
  trust: {
    /** Trust of a widget type the config does not name. */
    default: TrustLevel;
    /** Keyed by widget type (the widget registry's name, e.g. "server-panel"). */
    widgets: Record<string, WidgetTrustGrant>;
  };
  /** The pool registry (MCPlet §5.3.3): pool name → description. */
  pools: Record<string, { description?: string }>;
  /**
   * Agent grants: agent id → pools it may dispatch to (MCPlet §3.4; pool-less tools are always reachable) and
   * which widget actions it may run (MCP-WP-17.1.5: read-only ones unless the config says "all").
   */
  agents: Record<string, { pools: string[]; widgetActions: 'read-only' | 'all' }>;
  /** WebMCP: register the model-visible tools with the browser's agent; `agent` names the entry of `agents` that applies. */
  webmcp: { enabled: boolean; agent?: string };
  passkeys: {
    /** The dev FIDO2 server in the gateway; off means strict passkey actions cannot run. */
    enabled: boolean;
    /** Relying party id the gateway uses ("localhost"; in team mode the public address's host name). */
    rpId?: string;
    /** Team mode: the team passkey rules (the gateway verifies an assertion for every call they cover). */
    teamRules?: TeamPasskeyRule[];
  };
}

/**
 * The trust the dashboard gives its own widget types when the config does not say otherwise. This is
 * configuration like any other: a `dashboard.trust` object in the config file replaces it entirely.
 * `community` = MCP operations with confirmation, session-only storage (MCP-WP-11.4.4).
 */
export const DEFAULT_WIDGET_TRUST: Record<string, WidgetTrustGrant> = {
  'server-panel': { level: 'community' },
  'server-status': { level: 'community' },
  'tool-browser': { level: 'community' },
  'resource-explorer': { level: 'community' },
  'activity-log': { level: 'community' },
};

/** Defaults applied to whatever the config leaves out. */
export const DEFAULT_POLICY_SETTINGS: DashboardPolicySettings = {
  policy: { strictMcplet: false },
  trust: { default: 'untrusted', widgets: DEFAULT_WIDGET_TRUST },
  pools: {},
  agents: {},
  webmcp: { enabled: false },
  passkeys: { enabled: true },
};

const trustLevel = { enum: [...TRUST_LEVELS] } as const;
const permissionsSchema = {
  type: 'object',
  properties: {
    network: {
      type: 'object',
      required: ['domains'],
      properties: {
        domains: { type: 'array', items: { type: 'string' } },
        protocols: { type: 'array', items: { enum: ['http', 'https', 'ws', 'wss'] } },
        maxRequestsPerMinute: { type: 'number', minimum: 0 },
      },
      additionalProperties: false,
    },
    storage: { enum: ['none', 'session', 'persistent'] },
    clipboard: { type: 'boolean' },
    notifications: { type: 'boolean' },
    mcpOperations: {
      type: 'object',
      properties: {
        invokeTool: { type: 'boolean' },
        readResource: { type: 'boolean' },
        getPrompt: { type: 'boolean' },
        subscribeToUpdates: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    widgetCommunication: WIDGET_COMMUNICATION_SCHEMA,
    custom: { type: 'object' },
  },
  additionalProperties: false,
} as const;

/**
 * JSON Schema (draft-07) of the policy keys of `dashboard`. Other keys of `dashboard` belong to other
 * features and are not checked here.
 */
export const dashboardPolicySchemaProperties = {
  policy: {
    type: 'object',
    properties: { strictMcplet: { type: 'boolean' } },
    additionalProperties: false,
  },
  trust: {
    type: 'object',
    properties: {
      default: trustLevel,
      widgets: {
        type: 'object',
        additionalProperties: {
          anyOf: [
            trustLevel,
            {
              type: 'object',
              required: ['level'],
              properties: { level: trustLevel, permissions: permissionsSchema },
              additionalProperties: false,
            },
          ],
        },
      },
    },
    additionalProperties: false,
  },
  pools: {
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: { description: { type: 'string' } },
      additionalProperties: false,
    },
  },
  agents: {
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: {
        pools: { type: 'array', items: { type: 'string' } },
        /** MCP-WP-17.1.5: "read-only" (default) or "all" (actions that change things, each still through the policy). */
        widgetActions: { enum: ['read-only', 'all'] },
      },
      additionalProperties: false,
    },
  },
  webmcp: {
    type: 'object',
    properties: {
      enabled: { type: 'boolean' },
      /** The entry of `agents` whose grants apply to the browser's agent (default: none, so no pools). */
      agent: { type: 'string', minLength: 1, maxLength: 100 },
    },
    additionalProperties: false,
  },
  passkeys: {
    type: 'object',
    properties: {
      enabled: { type: 'boolean' },
      /** Server names (keys of mcpServers) that get the verification endpoint and a verifier token in their env. */
      verifiers: { type: 'array', items: { type: 'string' } },
      /** File that keeps registered passkeys (public keys only) across launches; default: memory only. */
      storeFile: { type: 'string', minLength: 1 },
    },
    additionalProperties: false,
  },
} as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The part of `dashboard` the browser may see: policy, trust, pools, agents and whether passkeys are
 * on. The passkey store path and the verifier list stay in the gateway.
 */
export function publicDashboardConfig(dashboard: unknown, extra: { rpId?: string } = {}): Record<string, unknown> {
  const d = isObject(dashboard) ? dashboard : {};
  const out: Record<string, unknown> = {};
  for (const key of ['policy', 'trust', 'pools', 'agents', 'webmcp'] as const)
    if (d[key] !== undefined) out[key] = d[key];
  const passkeys = isObject(d.passkeys) ? d.passkeys : {};
  out.passkeys = { enabled: passkeys.enabled !== false, ...(extra.rpId ? { rpId: extra.rpId } : {}) };
  return out;
}

/** Fills defaults into (already validated or public) `dashboard` data. Unknown shapes fall back to defaults. */
export function normalizePolicySettings(raw: unknown): DashboardPolicySettings {
  const d = isObject(raw) ? raw : {};
  const policy = isObject(d.policy) ? d.policy : {};
  const trust = isObject(d.trust) ? d.trust : undefined;
  const widgets: Record<string, WidgetTrustGrant> = {};
  if (trust && isObject(trust.widgets)) {
    for (const [type, grant] of Object.entries(trust.widgets)) {
      if (typeof grant === 'string' && TRUST_LEVELS.includes(grant as TrustLevel))
        widgets[type] = { level: grant as TrustLevel };
      else if (isObject(grant) && TRUST_LEVELS.includes(grant.level as TrustLevel)) {
        widgets[type] = {
          level: grant.level as TrustLevel,
          ...(isObject(grant.permissions) ? { permissions: grant.permissions as WidgetPermissions } : {}),
        };
      }
    }
  }
  const pools: DashboardPolicySettings['pools'] = {};
  if (isObject(d.pools)) {
    for (const [name, pool] of Object.entries(d.pools))
      pools[name] = {
        description: isObject(pool) && typeof pool.description === 'string' ? pool.description : undefined,
      };
  }
  const agents: DashboardPolicySettings['agents'] = {};
  if (isObject(d.agents)) {
    for (const [id, agent] of Object.entries(d.agents)) {
      agents[id] = {
        pools:
          isObject(agent) && Array.isArray(agent.pools)
            ? agent.pools.filter((p): p is string => typeof p === 'string')
            : [],
        widgetActions: isObject(agent) && agent.widgetActions === 'all' ? 'all' : 'read-only',
      };
    }
  }
  const webmcp = isObject(d.webmcp) ? d.webmcp : {};
  const passkeys = isObject(d.passkeys) ? d.passkeys : {};
  return {
    policy: { strictMcplet: policy.strictMcplet === true },
    trust: {
      default:
        trust && TRUST_LEVELS.includes(trust.default as TrustLevel)
          ? (trust.default as TrustLevel)
          : DEFAULT_POLICY_SETTINGS.trust.default,
      widgets: trust ? widgets : { ...DEFAULT_WIDGET_TRUST },
    },
    pools,
    agents,
    webmcp: {
      enabled: webmcp.enabled === true,
      ...(typeof webmcp.agent === 'string' && webmcp.agent ? { agent: webmcp.agent } : {}),
    },
    passkeys: {
      enabled: passkeys.enabled !== false,
      ...(typeof passkeys.rpId === 'string' ? { rpId: passkeys.rpId } : {}),
      ...(passkeys.teamRules !== undefined ? { teamRules: readTeamPasskeyRules(passkeys.teamRules) } : {}),
    },
  };
}
