import type { JSONSchema, MCPPrompt, MCPTool } from '../../../src/core/shared/types.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';

/** The label a user sees for a tool or prompt: its title when given, else its name (MCP-WP-7.1.1). */
export function displayName(item: Pick<MCPTool, 'name' | 'title'> | Pick<MCPPrompt, 'name' | 'title'>): string {
  const title = typeof item.title === 'string' && item.title.trim() ? item.title : undefined;
  const annotated = (item as MCPTool).annotations?.title;
  return title ?? (typeof annotated === 'string' && annotated.trim() ? annotated : String(item.name));
}

/** "Requires: a, b · optional: c" from an input schema (MCP-WP-7.1.1); `t` words it in a locale. */
export function summarizeSchema(schema: JSONSchema | undefined, t: Translate = englishTranslate): string {
  const properties =
    schema && typeof schema.properties === 'object' && schema.properties
      ? Object.keys(schema.properties as object)
      : [];
  const required = Array.isArray(schema?.required) ? (schema!.required as unknown[]).map(String) : [];
  if (properties.length === 0 && required.length === 0) return t('schema.noArguments');
  const optional = properties.filter((p) => !required.includes(p));
  const parts: string[] = [];
  const sep = t('list.separator');
  if (required.length) parts.push(t('schema.requires', { list: required.join(sep) }));
  if (optional.length) parts.push(t('schema.optional', { list: optional.join(sep) }));
  return parts.join(t('schema.separator'));
}

let idCounter = 0;
/** A unique id for correlating a request with its result events. */
export function createRequestId(prefix = 'w'): string {
  idCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${idCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Short, readable message for anything thrown or emitted as an error. */
export function errorText(error: unknown): { message: string; code?: number; guidance?: string } {
  const e = error as { message?: unknown; jsonrpcCode?: unknown; guidance?: unknown } | undefined;
  return {
    message: typeof e?.message === 'string' ? e.message : String(error),
    code: typeof e?.jsonrpcCode === 'number' ? e.jsonrpcCode : undefined,
    guidance: typeof e?.guidance === 'string' ? e.guidance : undefined,
  };
}
