// How a resource is named and described in the browser: its label, its annotations and size in words, and a
// template's variables as form fields.

import type { MCPResource, MCPResourceTemplate } from '../../../src/core/shared/types.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';
import { templateVariables } from './uri-template.js';
import type { ArgumentField } from '../schema-form/argument-form.js';

const templateFieldCache = new WeakMap<MCPResourceTemplate, ArgumentField[]>();

/** A template's variables as required text fields with suggestions (one array per template). */
export function templateFields(template: MCPResourceTemplate): ArgumentField[] {
  let fields = templateFieldCache.get(template);
  if (!fields) {
    fields = templateVariables(String(template.uriTemplate ?? '')).map((name) => ({
      name,
      title: name,
      required: true,
    }));
    templateFieldCache.set(template, fields);
  }
  return fields;
}

/** Label of a resource: title, then name, then the URI (MCP-WP-7.2.1). */
export function resourceLabel(resource: MCPResource | MCPResourceTemplate): string {
  for (const key of ['title', 'name'] as const) {
    const value = resource[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return String((resource as MCPResource).uri ?? (resource as MCPResourceTemplate).uriTemplate ?? '');
}

/** Readable annotations: audience, priority, last modified (MCP-WP-7.2.1a); `t` words it in a locale. */
export function annotationText(annotations: unknown, t: Translate = englishTranslate): string {
  if (!annotations || typeof annotations !== 'object') return '';
  const a = annotations as Record<string, unknown>;
  const parts: string[] = [];
  if (Array.isArray(a.audience))
    parts.push(t('resource.audience', { who: a.audience.map(String).join(t('resource.and')) }));
  if (typeof a.priority === 'number') parts.push(t('resource.priority', { priority: a.priority }));
  if (typeof a.lastModified === 'string') parts.push(t('resource.modified', { when: a.lastModified }));
  return parts.join(t('schema.separator'));
}

/** A resource's size in bytes, KB or MB ('' when unknown). */
export function sizeText(size: unknown, t: Translate): string {
  if (typeof size !== 'number' || !Number.isFinite(size) || size < 0) return '';
  if (size < 1024) return t('resource.bytes', { n: size });
  if (size < 1024 * 1024) return t('resource.kb', { n: (size / 1024).toFixed(1) });
  return t('resource.mb', { n: (size / 1024 / 1024).toFixed(1) });
}
