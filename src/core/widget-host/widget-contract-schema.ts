// The widget contract (MCP-WP §3.3, §4.1, §4.2) as a JSON Schema. It has no ajv in it: the build-time
// generator (scripts/gen-widget-contract.ts) compiles it into widget-contract-validate.generated.js,
// so no page compiles it at start-up (the compile took 35–50 ms of the first card's path).
import { WIDGET_PERMISSIONS_SCHEMA } from '../shared/config/widget-permissions-schema.js';

/** The annotation keyword each subschema uses to name the rule it enforces. */
export const RULE = 'x-rule';

/** `^mcp-[a-z0-9-]+-widget$` (MCP-WP-4.2.2). */
export const WIDGET_ELEMENT_PATTERN = '^mcp-[a-z0-9-]+-widget$';
/** MCP protocol versions are dates, e.g. "2025-06-18" (MCP-WP-4.2.6). */
export const MCP_PROTOCOL_VERSION_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** `sha256-` + the base64 of 32 bytes (MCP-WP-4.2.10). */
export const INTEGRITY_PATTERN = '^sha256-[A-Za-z0-9+/]{43}=$';

const permissionsSchema = { [RULE]: 'MCP-WP-4.2.8', ...WIDGET_PERMISSIONS_SCHEMA };

const signatureSchema = {
  [RULE]: 'MCP-WP-4.2.9',
  type: 'object',
  required: ['algorithm', 'publicKey', 'signature', 'signedAt', 'publisher'],
  properties: {
    algorithm: { enum: ['RS256', 'ES256'] },
    publicKey: { type: 'string', minLength: 1 },
    signature: { type: 'string', minLength: 1 },
    signedAt: { type: 'string', minLength: 1 },
    publisher: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
  },
};

/**
 * JSON Schema of what a widget factory returns (MCP-WP §3.3, §4.1, §4.2). Every subschema names the
 * rule it enforces in `x-rule`, so a failure reports that rule. That `mcpServerName` and `transport`
 * are the server's own (4.2.4, 4.2.5) is checked beside it, so one generated validator serves every
 * server.
 */
export function widgetResultSchema(): Record<string, unknown> {
  const fn = { [RULE]: 'MCP-WP-3.4.1', instanceof: 'Function' };
  return {
    [RULE]: 'MCP-WP-3.1.4',
    type: 'object',
    required: ['api', 'widget'],
    properties: {
      api: {
        [RULE]: 'MCP-WP-3.1.4',
        type: 'object',
        properties: {
          initialize: fn,
          destroy: fn,
          refresh: fn,
          agent: {
            [RULE]: 'MCP-WP-3.5.2',
            type: 'object',
            required: ['getCapabilities', 'executeAction'],
            properties: {
              getCapabilities: { ...fn, [RULE]: 'MCP-WP-3.5.2' },
              executeAction: { ...fn, [RULE]: 'MCP-WP-3.5.2' },
              subscribe: { ...fn, [RULE]: 'MCP-WP-3.5.2' },
            },
          },
        },
      },
      widget: {
        [RULE]: 'MCP-WP-4.1.1',
        type: 'object',
        required: [
          'protocolVersion',
          'element',
          'displayName',
          'icon',
          'category',
          'mcpServerName',
          'transport',
          'mcpProtocolVersion',
          'capabilities',
        ],
        properties: {
          protocolVersion: { [RULE]: 'MCP-WP-4.2.1', const: '1.0.0' },
          element: { [RULE]: 'MCP-WP-4.2.2', type: 'string', pattern: WIDGET_ELEMENT_PATTERN },
          displayName: { [RULE]: 'MCP-WP-4.1.1', type: 'string', minLength: 1 },
          icon: { [RULE]: 'MCP-WP-4.1.1', type: 'string', minLength: 1 },
          category: { [RULE]: 'MCP-WP-4.2.3', const: 'MCP Servers' },
          // The values are checked against the server after validation (sameServer): one compiled schema serves every server.
          mcpServerName: { [RULE]: 'MCP-WP-4.2.4', type: 'string' },
          transport: { [RULE]: 'MCP-WP-4.2.5', type: 'string' },
          mcpProtocolVersion: { [RULE]: 'MCP-WP-4.2.6', type: 'string', pattern: MCP_PROTOCOL_VERSION_PATTERN },
          capabilities: {
            [RULE]: 'MCP-WP-4.1.1',
            type: 'object',
            required: ['tools', 'resources', 'prompts', 'sampling'],
            properties: {
              tools: { type: 'boolean' },
              resources: { type: 'boolean' },
              prompts: { type: 'boolean' },
              sampling: { type: 'boolean' },
            },
          },
          permissions: permissionsSchema,
          trustLevel: { [RULE]: 'MCP-WP-4.1.1', enum: ['untrusted', 'community', 'verified', 'enterprise'] },
          signature: signatureSchema,
          integrity: { [RULE]: 'MCP-WP-4.2.10', type: 'string', pattern: INTEGRITY_PATTERN },
          mcpUICompatible: { [RULE]: 'MCP-WP-4.1.1', type: 'boolean' },
          mcpUIResourceTypes: {
            [RULE]: 'MCP-WP-4.1.1',
            type: 'array',
            items: { enum: ['text/html', 'text/uri-list', 'application/vnd.mcp-ui.remote-dom'] },
          },
          priority: { [RULE]: 'MCP-WP-4.1.1', type: 'number' },
          collapsible: { [RULE]: 'MCP-WP-4.1.1', type: 'boolean' },
          defaultCollapsed: { [RULE]: 'MCP-WP-4.1.1', type: 'boolean' },
          widgetType: {
            [RULE]: 'MCP-WP-4.1.1',
            enum: ['server-status', 'server-panel', 'tool-browser', 'resource-explorer', 'activity-log'],
          },
          metadata: { [RULE]: 'MCP-WP-4.1.1', type: 'object' },
          scopedTheming: {
            [RULE]: 'MCP-WP-5.5.6',
            type: 'object',
            required: ['chrome', 'content'],
            properties: {
              chrome: { enum: ['host', 'custom'] },
              content: { enum: ['host', 'custom'] },
              customTokens: { type: 'object', additionalProperties: { type: 'string', maxLength: 300 } },
            },
          },
          repository: {
            [RULE]: 'MCP-WP-4.1.1',
            type: 'object',
            required: ['type', 'url'],
            properties: { type: { enum: ['git', 'npm', 'github', 'custom'] }, url: { type: 'string' } },
          },
        },
        allOf: [
          {
            if: { required: ['trustLevel'], properties: { trustLevel: { const: 'verified' } } },
            then: { [RULE]: 'MCP-WP-4.2.9', required: ['signature'] },
          },
        ],
      },
    },
    allOf: [
      {
        if: {
          required: ['widget'],
          properties: {
            widget: { type: 'object', required: ['mcpUICompatible'], properties: { mcpUICompatible: { const: true } } },
          },
        },
        then: {
          [RULE]: 'MCP-WP-4.2.11',
          properties: { api: { required: ['toMCPUI'], properties: { toMCPUI: { ...fn, [RULE]: 'MCP-WP-4.2.11' } } } },
        },
      },
    ],
  };
}
