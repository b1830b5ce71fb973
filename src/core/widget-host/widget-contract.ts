import type { ErrorObject } from 'ajv';
import type { MCPServerInfo, MCPWidgetInterface } from '../shared/types.js';
import { WidgetContractError, type ContractViolation } from './widget-contract-error.js';
import { RULE, widgetResultSchema } from './widget-contract-schema.js';
import validate from './widget-contract-validate.generated.js';

// The error lives in its own module so the shell can use it without loading ajv (docs/decisions/startup-initial-bundle.md).
export { WidgetContractError, type ContractViolation };

/** The schema the generated validator was built from; an error's schema path is walked in it to find its rule. */
const SCHEMA = widgetResultSchema();

/** The rule of the innermost subschema on the error's schema path that names one. */
function ruleOf(error: ErrorObject, root: Record<string, unknown>): string {
  let rule = 'MCP-WP-3.1.4';
  let node: unknown = root;
  const segments = error.schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean);
  for (const segment of segments) {
    if (node && typeof node === 'object' && typeof (node as Record<string, unknown>)[RULE] === 'string')
      rule = (node as Record<string, string>)[RULE]!;
    node =
      node && typeof node === 'object'
        ? (node as Record<string, unknown>)[decodeURIComponent(segment.replace(/~1/g, '/').replace(/~0/g, '~'))]
        : undefined;
  }
  return rule;
}

/** The value at a JSON Pointer (an error's instancePath) in the checked result. */
function valueAt(result: unknown, pointer: string): unknown {
  let node = result;
  for (const segment of pointer.split('/').slice(1)) {
    node =
      node !== null && typeof node === 'object'
        ? (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')]
        : undefined;
  }
  return node;
}

function describe(error: ErrorObject, result: unknown): string {
  const where = error.instancePath ? error.instancePath.replace(/^\//, '').replace(/\//g, '.') : 'the factory result';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${where} is missing "${String(params.missingProperty)}"`;
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)}, not ${JSON.stringify(valueAt(result, error.instancePath))}`;
    case 'pattern':
      return `${where} ${JSON.stringify(valueAt(result, error.instancePath))} must match ${String(params.pattern)}`;
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

/** 4.2.4 and 4.2.5: the widget names this server and its transport (the schema checked they are strings). */
function sameServer(result: unknown, info: Pick<MCPServerInfo, 'serverName' | 'transport'>): ContractViolation[] {
  const widget = (result as { widget?: unknown } | null)?.widget;
  if (!widget || typeof widget !== 'object') return [];
  const out: ContractViolation[] = [];
  const { mcpServerName, transport } = widget as { mcpServerName?: unknown; transport?: unknown };
  if (typeof mcpServerName === 'string' && mcpServerName !== info.serverName) {
    out.push({
      rule: 'MCP-WP-4.2.4',
      path: '/widget/mcpServerName',
      message: `widget.mcpServerName must be ${JSON.stringify(info.serverName)}, not ${JSON.stringify(mcpServerName)}`,
    });
  }
  if (typeof transport === 'string' && transport !== info.transport) {
    out.push({
      rule: 'MCP-WP-4.2.5',
      path: '/widget/transport',
      message: `widget.transport must be ${JSON.stringify(info.transport)}, not ${JSON.stringify(transport)}`,
    });
  }
  return out;
}

/** Every contract violation in a factory result (empty when it conforms). */
export function checkWidgetContract(
  result: unknown,
  info: Pick<MCPServerInfo, 'serverName' | 'transport'>,
): ContractViolation[] {
  const violations: ContractViolation[] = [];
  if (!validate(result)) {
    for (const error of (validate.errors ?? []) as ErrorObject[]) {
      if (error.keyword === 'if' || error.keyword === 'allOf') continue;
      const violation = { rule: ruleOf(error, SCHEMA), path: error.instancePath, message: describe(error, result) };
      if (!violations.some((v) => v.rule === violation.rule && v.message === violation.message))
        violations.push(violation);
    }
  }
  return [...violations, ...sameServer(result, info)];
}

/** Returns the result typed when it conforms; throws a WidgetContractError naming every broken rule otherwise. */
export function assertWidgetContract(
  result: unknown,
  info: Pick<MCPServerInfo, 'serverName' | 'transport'>,
): MCPWidgetInterface {
  const violations = checkWidgetContract(result, info);
  if (violations.length === 0) return result as MCPWidgetInterface;
  const first = violations[0]!;
  const message =
    violations.length === 1
      ? `The widget breaks the contract: ${first.message}`
      : `The widget breaks the contract: ${violations.map((v) => `${v.message} (${v.rule})`).join('; ')}`;
  throw new WidgetContractError(first.rule, message, violations);
}
