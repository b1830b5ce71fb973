// The schema form's renderer: picks the editor for the schema at a pointer (recursively, through the
// container editors), and falls back to a JSON editor for what a control cannot show.

import { html, type TemplateResult } from 'lit';
import { fitsNode, jsonTypeOf } from './schema-fit.js';
import { getAt } from './schema-pointer.js';
import type { Field, FormContext } from './schema-form-field.js';
import { renderArray, renderChoice, renderObject, renderTuple, type RenderChild } from './schema-form-containers.js';
import {
  renderBoolean,
  renderConst,
  renderEnum,
  renderJson,
  renderNullToggle,
  renderNumber,
  renderString,
} from './schema-form-scalars.js';

export type { FormContext } from './schema-form-field.js';

/** Nesting deeper than this is edited as JSON (recursive schemas stay usable). */
export const MAX_DEPTH = 10;

/** Renders the editor for the schema at `pointer` (recursive). */
export function renderNode(
  ctx: FormContext,
  input: unknown,
  pointer: string,
  fallbackLabel: string,
  required: boolean,
  depth: number,
): TemplateResult {
  const node = ctx.describe(input);
  ctx.rendered.add(pointer);
  const label = node.title ?? fallbackLabel;
  const value = getAt(ctx.value, pointer);
  const field: Field = { ctx, node, pointer, label, required, value, depth };
  if (depth > MAX_DEPTH && node.kind !== 'json') {
    return renderJson({ ...field, node: { ...node, kind: 'json', note: ctx.t('schema.note.tooDeep') } });
  }
  if (node.nullable && value === null && node.kind !== 'enum') return renderNullToggle(field, true);
  // A value the control cannot show (a number for a text field, an option not in the list…) is shown as
  // JSON with a note, never as an empty box; it stays JSON while it is being fixed.
  if (node.kind !== 'json' && node.kind !== 'choice' && (ctx.showAsJson.has(pointer) || !fitsNode(node, value))) {
    ctx.showAsJson.add(pointer);
    const expected = ctx.t(`form.type.${node.kind === 'tuple' ? 'array' : node.kind}`);
    const note = fitsNode(node, value)
      ? node.note
      : ctx.t('form.cannotShow', { actual: ctx.t(`form.type.${jsonTypeOf(value)}`), expected });
    return renderJson({ ...field, node: { ...node, kind: 'json', ...(note ? { note } : {}) } });
  }
  const child: RenderChild = (schema, at, childLabel, childRequired, childDepth) =>
    renderNode(ctx, schema, at, childLabel, childRequired, childDepth);
  let body: TemplateResult;
  switch (node.kind) {
    case 'object':
      body = renderObject(field, child);
      break;
    case 'array':
      body = renderArray(field, child);
      break;
    case 'tuple':
      body = renderTuple(field, child);
      break;
    case 'choice':
      body = renderChoice(field, child);
      break;
    case 'enum':
      body = renderEnum(field);
      break;
    case 'const':
      body = renderConst(field);
      break;
    case 'boolean':
      body = renderBoolean(field);
      break;
    case 'number':
    case 'integer':
      body = renderNumber(field);
      break;
    case 'string':
      body = renderString(field);
      break;
    case 'null':
      body = html`<div class="field"><span class="label">${label}</span> <code>null</code></div>`;
      break;
    default:
      body = renderJson(field);
  }
  return node.nullable && node.kind !== 'enum' ? html`${body}${renderNullToggle(field, false)}` : body;
}
