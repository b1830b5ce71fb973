import { canonical } from '../audit/audit-log.js';
import type { AgentActionDescriptor, JSONSchema } from '../shared/types.js';

/** The keyword a capability branch uses to say it only reads or changes the view (MCP-WP-17.1.5). */
export const READ_ONLY_KEYWORD = 'x-mcpwp-readOnly';
/** At most this many actions per widget; more is a malformed document. */
const MAX_ACTIONS = 100;
/** At most this much JSON per capabilities document. */
const MAX_BYTES = 256 * 1024;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A capabilities document the host accepted: its canonical text and the actions it lists. */
export interface ParsedCapabilities {
  text: string;
  schema: JSONSchema;
  actions: AgentActionDescriptor[];
}

/**
 * Reads a widget's `getCapabilities()` document (MCP-WP-3.5.2): a JSON Schema whose `oneOf` has one branch
 * per action, `{ properties: { action: { const: <name> }, params: <schema> } }`, with `description` and
 * `x-mcpwp-readOnly`. Anything else is refused with what is wrong: the host never guesses what an action
 * takes. The document is copied as JSON, so a widget cannot change it afterwards.
 */
export function parseCapabilities(document: unknown): ParsedCapabilities | { problem: string } {
  let text: string;
  try {
    text = canonical(JSON.parse(JSON.stringify(document ?? null)));
  } catch (error) {
    return { problem: `the capabilities are not JSON (${(error as Error).message})` };
  }
  if (text.length > MAX_BYTES) return { problem: `the capabilities are larger than ${MAX_BYTES} bytes` };
  const schema = JSON.parse(text) as unknown;
  if (!isObject(schema)) return { problem: 'the capabilities are not a JSON Schema object' };
  const branches = schema.oneOf;
  if (!Array.isArray(branches)) return { problem: 'the capabilities need "oneOf" with one branch per action' };
  if (branches.length > MAX_ACTIONS) return { problem: `more than ${MAX_ACTIONS} actions` };
  const actions: AgentActionDescriptor[] = [];
  for (const [index, branch] of branches.entries()) {
    const properties = isObject(branch) && isObject(branch.properties) ? branch.properties : undefined;
    const name = properties && isObject(properties.action) ? properties.action.const : undefined;
    if (typeof name !== 'string' || !/^[a-z][a-z0-9-]{0,63}$/.test(name))
      return {
        problem: `branch ${index} does not name its action as properties.action.const (lower-case letters, digits and "-")`,
      };
    if (actions.some((a) => a.action === name)) return { problem: `action "${name}" is listed twice` };
    const params = isObject(properties!.params)
      ? properties!.params
      : { type: 'object', properties: {}, additionalProperties: false };
    actions.push({
      action: name,
      description: isObject(branch) && typeof branch.description === 'string' ? branch.description : '',
      params,
      readOnly: isObject(branch) && branch[READ_ONLY_KEYWORD] === true,
    });
  }
  return { text, schema, actions };
}
