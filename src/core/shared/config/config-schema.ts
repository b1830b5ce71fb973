import { registryConfigProperties } from './registry-config-schema.js';
import { dashboardPolicySchemaProperties } from './dashboard-config.js';
import { dashboardOAuthSchemaProperties, oauthServerSchema, type OAuthServerConfig } from './oauth-config-schema.js';

/**
 * The dashboard config file (Claude Desktop's `mcpServers` shape) as a JSON Schema, shared by the
 * gateway (which validates the file) and the browser (which reads the same types). Pure: no I/O.
 */

/** A server launched by the gateway as a child process, speaking MCP over stdio. */
export interface StdioServerConfig {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  disabled?: boolean;
  /** Never more than one process of this server (the gateway keeps no second, warm one; one dashboard tab at a time). */
  single?: boolean;
  /** One process serves every session of this server (for servers whose tools keep nothing per client). */
  shared?: boolean;
  /** At most this many processes (one per session) of this server; more sessions are refused, saying why. */
  maxChildren?: number;
  /** `2026-07-28`: the server speaks that revision (a page's `server/discover` is relayed to it); otherwise it is sent only 2025 messages. */
  protocol?: ProtocolEra;
}

/** A server reached over Streamable HTTP, relayed by the gateway. */
export interface HttpServerConfig {
  /** `http`/`streamable-http`: Streamable HTTP; `sse`: the older HTTP+SSE; none: try Streamable HTTP, fall back to SSE. */
  type?: 'http' | 'streamable-http' | 'sse';
  url: string;
  headers?: Record<string, string>;
  /** How the gateway signs in when the server asks for OAuth (see oauth-config-schema.ts). */
  oauth?: OAuthServerConfig;
  disabled?: boolean;
  /** `2025-11-25`: never ask the server about 2026-07-28 (a page's `server/discover` is answered by the gateway). */
  protocol?: ProtocolEra;
}

/** The protocol revision a server is said to speak: 2025 sessions only, or 2026-07-28 too (see docs/servers.md). */
export type ProtocolEra = '2025-11-25' | '2026-07-28';

/** One entry of `mcpServers`. */
export type ServerConfig = StdioServerConfig | HttpServerConfig;

/** The whole config file. Unknown top-level keys are kept (Claude Desktop files carry others). */
export interface DashboardConfig {
  mcpServers: Record<string, ServerConfig>;
  dashboard?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Server names become URL path segments and element names, so they are kept simple. */
export const SERVER_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';

const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

/** JSON Schema (draft-07) of the config file. */
export const configSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['mcpServers'],
  properties: {
    mcpServers: {
      type: 'object',
      propertyNames: { pattern: SERVER_NAME_PATTERN },
      additionalProperties: {
        type: 'object',
        if: { required: ['url'] },
        then: {
          properties: {
            type: { enum: ['http', 'streamable-http', 'sse'] },
            url: { type: 'string', pattern: '^https?://' },
            headers: stringMap,
            oauth: oauthServerSchema,
            disabled: { type: 'boolean' },
            protocol: { enum: ['2025-11-25', '2026-07-28'] },
          },
          additionalProperties: false,
        },
        else: {
          required: ['command'],
          properties: {
            type: { const: 'stdio' },
            command: { type: 'string', minLength: 1 },
            args: { type: 'array', items: { type: 'string' } },
            env: stringMap,
            cwd: { type: 'string', minLength: 1 },
            disabled: { type: 'boolean' },
            single: { type: 'boolean' },
            shared: { type: 'boolean' },
            maxChildren: { type: 'integer', minimum: 1 },
            protocol: { enum: ['2025-11-25', '2026-07-28'] },
          },
          additionalProperties: false,
        },
      },
    },
    // Open object: other features add their own keys; registry keys (registry-config-schema.ts) and policy keys (dashboard-config.ts) are checked.
    dashboard: {
      type: 'object',
      properties: {
        ...registryConfigProperties,
        ...dashboardPolicySchemaProperties,
        ...dashboardOAuthSchemaProperties,
        // White-label brand: a path to brand.json (relative to this file) or the brand itself (brand-schema.ts).
        brand: { type: ['string', 'object'], minLength: 1 },
        // Team layout files: paths relative to this file; checked by the gateway at start-up (layout-schema.ts).
        layouts: { type: 'array', items: { type: 'string', minLength: 1 } },
        // The most processes of one stdio server (one per session) when the server sets no `maxChildren`.
        maxChildrenPerServer: { type: 'integer', minimum: 1 },
      },
    },
  },
} as const;

/** True for an entry the gateway spawns. */
export function isStdioServer(config: ServerConfig): config is StdioServerConfig {
  return typeof (config as StdioServerConfig).command === 'string';
}
