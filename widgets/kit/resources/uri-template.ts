import { parseTemplate } from 'url-template';
import type { JSONSchema, MCPResourceTemplate } from '../../../src/core/shared/types.js';

/** Variable names of an RFC 6570 URI template, in order (`{a}`, `{+path}`, `{?q,page}`, `{id:3}`, `{list*}`). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(/\{([+#./;?&]?)([^}]*)\}/g)) {
    for (const part of match[2]!.split(',')) {
      const name = part.replace(/\*$/, '').replace(/:\d+$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** A form schema for a resource template: one string field per variable (MCP-WP-7.2.3). */
export function templateSchema(template: MCPResourceTemplate): JSONSchema {
  const names = templateVariables(String(template.uriTemplate ?? ''));
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string', title: n }])),
    required: names,
  };
}

/** Expands a template with the user's values (RFC 6570, via url-template). */
export function expandTemplate(template: string, values: Record<string, unknown>): string {
  const context = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  return parseTemplate(template).expand(context);
}
