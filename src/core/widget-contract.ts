import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { MCPServerInfo, MCPWidgetInterface } from './types.js';
import { WidgetContractError, type ContractViolation } from './widget-contract-error.js';
import { WIDGET_PERMISSIONS_SCHEMA } from './widget-permissions-schema.js';
import { parseCapabilities } from './agents/agent-capabilities.js';

// The error lives in its own module so the shell can use it without loading ajv (docs/decisions.md, "Bundle size").
export { WidgetContractError, type ContractViolation };

const RULE = 'x-rule';

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
 * are the server's own (4.2.4, 4.2.5) is checked beside it, so the schema is compiled once for all
 * servers (issue 18: one compile per server cost tens of ms each at start-up).
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
            properties: { getCapabilities: { ...fn, [RULE]: 'MCP-WP-3.5.2' }, executeAction: { ...fn, [RULE]: 'MCP-WP-3.5.2' }, subscribe: { ...fn, [RULE]: 'MCP-WP-3.5.2' } },
          },
        },
      },
      widget: {
        [RULE]: 'MCP-WP-4.1.1',
        type: 'object',
        required: ['protocolVersion', 'element', 'displayName', 'icon', 'category', 'mcpServerName', 'transport', 'mcpProtocolVersion', 'capabilities'],
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
            properties: { tools: { type: 'boolean' }, resources: { type: 'boolean' }, prompts: { type: 'boolean' }, sampling: { type: 'boolean' } },
          },
          permissions: permissionsSchema,
          trustLevel: { [RULE]: 'MCP-WP-4.1.1', enum: ['untrusted', 'community', 'verified', 'enterprise'] },
          signature: signatureSchema,
          integrity: { [RULE]: 'MCP-WP-4.2.10', type: 'string', pattern: INTEGRITY_PATTERN },
          mcpUICompatible: { [RULE]: 'MCP-WP-4.1.1', type: 'boolean' },
          mcpUIResourceTypes: { [RULE]: 'MCP-WP-4.1.1', type: 'array', items: { enum: ['text/html', 'text/uri-list', 'application/vnd.mcp-ui.remote-dom'] } },
          priority: { [RULE]: 'MCP-WP-4.1.1', type: 'number' },
          collapsible: { [RULE]: 'MCP-WP-4.1.1', type: 'boolean' },
          defaultCollapsed: { [RULE]: 'MCP-WP-4.1.1', type: 'boolean' },
          widgetType: { [RULE]: 'MCP-WP-4.1.1', enum: ['server-status', 'server-panel', 'tool-browser', 'resource-explorer', 'activity-log'] },
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
          repository: { [RULE]: 'MCP-WP-4.1.1', type: 'object', required: ['type', 'url'], properties: { type: { enum: ['git', 'npm', 'github', 'custom'] }, url: { type: 'string' } } },
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
        if: { required: ['widget'], properties: { widget: { type: 'object', required: ['mcpUICompatible'], properties: { mcpUICompatible: { const: true } } } } },
        then: { [RULE]: 'MCP-WP-4.2.11', properties: { api: { required: ['toMCPUI'], properties: { toMCPUI: { ...fn, [RULE]: 'MCP-WP-4.2.11' } } } } },
      },
    ],
  };
}

let ajv: Ajv | undefined;
let compiled: { validate: ValidateFunction; schema: Record<string, unknown> } | undefined;

function compiler(): Ajv {
  if (ajv) return ajv;
  // verbose: errors carry their parentSchema, which names the rule in x-rule.
  ajv = new Ajv({ allErrors: true, strict: false, verbose: true, validateSchema: false });
  ajv.addKeyword({ keyword: RULE, schemaType: 'string' });
  // JSON Schema has no "function" type; the factory result is a live object.
  ajv.addKeyword({
    keyword: 'instanceof',
    schemaType: 'string',
    validate: (_name: string, data: unknown) => typeof data === 'function',
    errors: false,
  });
  return ajv;
}

/** The rule of the innermost subschema on the error's schema path that names one. */
function ruleOf(error: ErrorObject, root: Record<string, unknown>): string {
  let rule = 'MCP-WP-3.1.4';
  let node: unknown = root;
  const segments = error.schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean);
  for (const segment of segments) {
    if (node && typeof node === 'object' && typeof (node as Record<string, unknown>)[RULE] === 'string') rule = (node as Record<string, string>)[RULE]!;
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[decodeURIComponent(segment.replace(/~1/g, '/').replace(/~0/g, '~'))] : undefined;
  }
  const parent = error.parentSchema as Record<string, unknown> | undefined;
  return parent && typeof parent[RULE] === 'string' ? (parent[RULE] as string) : rule;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.replace(/^\//, '').replace(/\//g, '.') : 'the factory result';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${where} is missing "${String(params.missingProperty)}"`;
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)}, not ${JSON.stringify(error.data)}`;
    case 'pattern':
      return `${where} ${JSON.stringify(error.data)} must match ${String(params.pattern)}`;
    case 'instanceof':
      return `${where} must be a function`;
    case 'enum':
      return `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'additionalProperties':
      return `${where} has an unknown field "${String(params.additionalProperty)}"`;
    default:
      return `${where} ${error.message ?? 'is not valid'}`;
  }
}

/** Compiles the contract's schema now (it is otherwise compiled by the first check); idle time at start-up is a good moment. */
export function prepareWidgetContract(): void {
  if (compiled) return;
  const schema = widgetResultSchema();
  compiled = { validate: compiler().compile(schema), schema };
}

/** 4.2.4 and 4.2.5: the widget names this server and its transport (the schema checked they are strings). */
function sameServer(result: unknown, info: Pick<MCPServerInfo, 'serverName' | 'transport'>): ContractViolation[] {
  const widget = (result as { widget?: unknown } | null)?.widget;
  if (!widget || typeof widget !== 'object') return [];
  const out: ContractViolation[] = [];
  const { mcpServerName, transport } = widget as { mcpServerName?: unknown; transport?: unknown };
  if (typeof mcpServerName === 'string' && mcpServerName !== info.serverName) {
    out.push({ rule: 'MCP-WP-4.2.4', path: '/widget/mcpServerName', message: `widget.mcpServerName must be ${JSON.stringify(info.serverName)}, not ${JSON.stringify(mcpServerName)}` });
  }
  if (typeof transport === 'string' && transport !== info.transport) {
    out.push({ rule: 'MCP-WP-4.2.5', path: '/widget/transport', message: `widget.transport must be ${JSON.stringify(info.transport)}, not ${JSON.stringify(transport)}` });
  }
  return out;
}

/** Every contract violation in a factory result (empty when it conforms). */
export function checkWidgetContract(result: unknown, info: Pick<MCPServerInfo, 'serverName' | 'transport'>): ContractViolation[] {
  prepareWidgetContract();
  const { validate, schema } = compiled!;
  const violations: ContractViolation[] = [];
  if (!validate(result)) {
    for (const error of validate.errors ?? []) {
      if (error.keyword === 'if' || error.keyword === 'allOf') continue;
      const violation = { rule: ruleOf(error, schema), path: error.instancePath, message: describe(error) };
      if (!violations.some((v) => v.rule === violation.rule && v.message === violation.message)) violations.push(violation);
    }
  }
  return [...violations, ...sameServer(result, info)];
}

/** Returns the result typed when it conforms; throws a WidgetContractError naming every broken rule otherwise. */
export function assertWidgetContract(result: unknown, info: Pick<MCPServerInfo, 'serverName' | 'transport'>): MCPWidgetInterface {
  const violations = checkWidgetContract(result, info);
  if (violations.length === 0) return result as MCPWidgetInterface;
  const first = violations[0]!;
  const message =
    violations.length === 1
      ? `The widget breaks the contract: ${first.message}`
      : `The widget breaks the contract: ${violations.map((v) => `${v.message} (${v.rule})`).join('; ')}`;
  throw new WidgetContractError(first.rule, message, violations);
}

/**
 * MCP-WP-17.1.3: what is wrong with an AgentAPI capabilities document for a host (the action list the host
 * reads from it, and that it compiles as a JSON Schema to validate payloads); undefined when it is usable.
 * For the conformance kit, which runs where the host is not.
 */
export function agentCapabilitiesProblem(document: unknown): string | undefined {
  const parsed = parseCapabilities(document);
  if ('problem' in parsed) return parsed.problem;
  try {
    new Ajv({ strict: false }).compile(parsed.schema);
    return undefined;
  } catch (error) {
    return `the capabilities do not compile as a JSON Schema (${(error as Error).message})`;
  }
}
