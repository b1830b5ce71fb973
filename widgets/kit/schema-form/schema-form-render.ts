import { html, nothing, type TemplateResult } from 'lit';
import type { ArgumentProblem } from '../../../src/core/shared/types.js';
import { problemText } from '../widget/problem-text.js';
import { constraintText, type SchemaNode } from './schema-model.js';
import { fitsNode, jsonTypeOf } from './schema-fit.js';
import { renderStringField } from './schema-form-string.js';
import { childPointer, getAt } from './schema-pointer.js';
import type { Translate } from '../i18n/translate.js';

/** Nesting deeper than this is edited as JSON (recursive schemas stay usable). */
export const MAX_DEPTH = 10;

/** What the render functions need from the form element. */
export interface FormContext {
  /** Words the form's own text in the user's language. */
  t: Translate;
  value: unknown;
  /** The live value at a pointer (event handlers run after later edits). */
  get(pointer: string): unknown;
  describe(schema: unknown): SchemaNode;
  idFor(pointer: string, suffix?: string): string;
  problemsAt(pointer: string): ArgumentProblem[];
  rendered: Set<string>;
  raw: Map<string, string>;
  variantIndex(pointer: string, node: SchemaNode): number;
  set(pointer: string, value: unknown): void;
  setRaw(pointer: string, text: string, kind: 'number' | 'integer' | 'json'): void;
  add(pointer: string, schema: unknown): void;
  chooseVariant(pointer: string, node: SchemaNode, index: number): void;
  addItem(pointer: string, itemSchema: unknown): void;
  removeItem(pointer: string, index: number): void;
  moveItem(pointer: string, from: number, to: number): void;
  /** Free strings shown as a text area. */
  expanded: Set<string>;
  expand(pointer: string): void;
  /** Fields whose value the form cannot show in their own control: they stay a JSON editor. */
  showAsJson: Set<string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

interface FieldInfo {
  id: string;
  describedBy: string | typeof nothing;
  invalid: 'true' | 'false';
  help: TemplateResult | typeof nothing;
}

function fieldInfo(ctx: FormContext, node: SchemaNode, pointer: string, label: string): FieldInfo {
  const id = ctx.idFor(pointer);
  const problems = ctx.problemsAt(pointer);
  const constraints = constraintText(node.schema, ctx.t);
  const descText = [node.description, constraints].filter(Boolean).join(' \u2014 ');
  const ids = [descText ? `${id}-desc` : '', node.note ? `${id}-note` : '', problems.length ? `${id}-err` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    describedBy: ids || nothing,
    invalid: problems.length ? 'true' : 'false',
    help: html`${descText ? html`<span id="${id}-desc" class="desc muted">${descText}</span>` : nothing}
    ${node.note ? html`<span id="${id}-note" class="note muted" role="note">${node.note}</span>` : nothing}
    ${
      problems.length
        ? html`<span id="${id}-err" class="error-text" role="alert"
            >${problems.map((p) => ctx.t('form.problem', { label, message: problemText(p, ctx.t) })).join('; ')}</span
          >`
        : nothing
    }`,
  };
}

function labelText(ctx: FormContext, label: string, required: boolean) {
  return html`${label}${required ? html` <span class="req" aria-hidden="true">*</span><span class="visually-hidden"> ${ctx.t('form.required')}</span>` : nothing}`;
}

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
  if (depth > MAX_DEPTH && node.kind !== 'json') {
    return renderJson(ctx, { ...node, kind: 'json', note: ctx.t('schema.note.tooDeep') }, pointer, label, required);
  }
  if (node.nullable && value === null && node.kind !== 'enum')
    return renderNullToggle(ctx, node, pointer, label, required, true);
  // A value the control cannot show (a number for a text field, an option not in the list…) is shown as
  // JSON with a note, never as an empty box; it stays JSON while it is being fixed.
  if (node.kind !== 'json' && node.kind !== 'choice' && (ctx.showAsJson.has(pointer) || !fitsNode(node, value))) {
    ctx.showAsJson.add(pointer);
    const expected = ctx.t(`form.type.${node.kind === 'tuple' ? 'array' : node.kind}`);
    const note = fitsNode(node, value)
      ? node.note
      : ctx.t('form.cannotShow', { actual: ctx.t(`form.type.${jsonTypeOf(value)}`), expected });
    return renderJson(ctx, { ...node, kind: 'json', ...(note ? { note } : {}) }, pointer, label, required);
  }
  let body: TemplateResult;
  switch (node.kind) {
    case 'object':
      body = renderObject(ctx, node, pointer, label, required, depth, value);
      break;
    case 'array':
      body = renderArray(ctx, node, pointer, label, required, depth, value);
      break;
    case 'tuple':
      body = renderTuple(ctx, node, pointer, label, required, depth);
      break;
    case 'choice':
      body = renderChoice(ctx, node, pointer, label, required, depth);
      break;
    case 'enum':
      body = renderEnum(ctx, node, pointer, label, required, value);
      break;
    case 'const':
      body = renderConst(ctx, node, pointer, label);
      break;
    case 'boolean':
      body = renderBoolean(ctx, node, pointer, label, required, value);
      break;
    case 'number':
    case 'integer':
      body = renderNumber(ctx, node, pointer, label, required, value);
      break;
    case 'string':
      body = renderString(ctx, node, pointer, label, required, value);
      break;
    case 'null':
      body = html`<div class="field"><span class="label">${label}</span> <code>null</code></div>`;
      break;
    default:
      body = renderJson(ctx, node, pointer, label, required);
  }
  return node.nullable && node.kind !== 'enum'
    ? html`${body}${renderNullToggle(ctx, node, pointer, label, required, false)}`
    : body;
}

function renderNullToggle(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
  isNull: boolean,
): TemplateResult {
  const id = ctx.idFor(pointer, 'null');
  return html`<div class="field check ${isNull ? '' : 'sub-option'}">
    <input
      id=${id}
      type="checkbox"
      .checked=${isNull}
      @change=${(e: Event) => ctx.set(pointer, (e.target as HTMLInputElement).checked ? null : undefined)}
    />
    <label for=${id}>${isNull ? labelText(ctx, label, required) : label}${ctx.t('form.nullSuffix')}</label>
    ${isNull && node.description ? html`<span class="desc muted">${node.description}</span>` : nothing}
  </div>`;
}

function renderObject(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
  depth: number,
  value: unknown,
): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  if (depth > 0 && value === undefined && !required) {
    return html`<div class="field absent"
      ><span class="label">${label}</span> <span class="muted">${ctx.t('form.notSet')}</span>
      <button type="button" class="small" @click=${() => ctx.add(pointer, node.schema)}
        >${ctx.t('form.add', { label })}</button
      >${info.help}</div
    >`;
  }
  const properties = isObject(node.schema.properties) ? node.schema.properties : {};
  const requiredSet = new Set(Array.isArray(node.schema.required) ? node.schema.required.map(String) : []);
  const fields = Object.entries(properties).map(([name, prop]) =>
    renderNode(ctx, prop, childPointer(pointer, name), name, requiredSet.has(name), depth + 1),
  );
  // Required names without a property definition still need a way to be filled in.
  const undeclared = [...requiredSet]
    .filter((name) => !(name in properties))
    .map((name) => renderNode(ctx, {}, childPointer(pointer, name), name, true, depth + 1));
  if (depth === 0) return html`${fields}${undeclared}${info.help}`;
  return html`<fieldset class="group" aria-describedby=${info.describedBy}>
    <legend>${labelText(ctx, label, required)}</legend>
    ${fields}${undeclared}${info.help}
    ${!required ? html`<button type="button" class="small" @click=${() => ctx.set(pointer, undefined)}>${ctx.t('form.remove', { label })}</button>` : nothing}
  </fieldset>`;
}

function renderArray(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
  depth: number,
  value: unknown,
): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  const items = Array.isArray(value) ? value : [];
  const itemNode = ctx.describe(node.schema.items);
  const max = typeof node.schema.maxItems === 'number' ? node.schema.maxItems : Infinity;
  const min = typeof node.schema.minItems === 'number' ? node.schema.minItems : 0;
  if (itemNode.kind === 'enum' && node.schema.uniqueItems === true) {
    // A set of choices: one checkbox per allowed value, values keep their JSON types.
    return html`<fieldset class="group" aria-describedby=${info.describedBy}>
      <legend>${labelText(ctx, label, required)}</legend>
      ${itemNode.enumValues!.map((option, i) => {
        const id = ctx.idFor(pointer, `opt${i}`);
        const checked = items.some((v) => JSON.stringify(v) === JSON.stringify(option));
        return html`<div class="check"
          ><input
            id=${id}
            type="checkbox"
            .checked=${checked}
            @change=${(e: Event) => {
              const on = (e.target as HTMLInputElement).checked;
              const live = ctx.get(pointer);
              const rest = (Array.isArray(live) ? live : []).filter(
                (v) => JSON.stringify(v) !== JSON.stringify(option),
              );
              ctx.set(pointer, on ? [...rest, option] : rest);
            }}
          /><label for=${id}>${itemNode.enumLabels![i]}</label></div
        >`;
      })}
      ${info.help}
    </fieldset>`;
  }
  return html`<fieldset class="group" aria-describedby=${info.describedBy}>
    <legend
      >${labelText(ctx, label, required)}
      <span class="muted">${ctx.t('form.itemCount', { count: items.length })}</span></legend
    >
    <ol class="items">
      ${items.map((_item, i) => {
        const itemLabel = ctx.t('form.itemLabel', { label, n: i + 1 });
        return html`<li class="item">
          ${renderNode(ctx, node.schema.items, childPointer(pointer, i), itemLabel, true, depth + 1)}
          <div class="item-actions">
            <button
              type="button"
              class="small"
              data-move="up"
              data-index=${i}
              aria-label=${ctx.t('form.moveUp', { label: itemLabel })}
              aria-disabled=${i === 0 ? 'true' : 'false'}
              @click=${() => i > 0 && ctx.moveItem(pointer, i, i - 1)}
              >↑</button
            >
            <button
              type="button"
              class="small"
              data-move="down"
              data-index=${i}
              aria-label=${ctx.t('form.moveDown', { label: itemLabel })}
              aria-disabled=${i === items.length - 1 ? 'true' : 'false'}
              @click=${() => i < items.length - 1 && ctx.moveItem(pointer, i, i + 1)}
              >↓</button
            >
            <button
              type="button"
              class="small"
              aria-label=${ctx.t('form.remove', { label: itemLabel })}
              aria-disabled=${items.length <= min ? 'true' : 'false'}
              @click=${() => items.length > min && ctx.removeItem(pointer, i)}
              >${ctx.t('form.removeShort')}</button
            >
          </div>
        </li>`;
      })}
    </ol>
    <button
      type="button"
      class="small"
      aria-disabled=${items.length >= max ? 'true' : 'false'}
      @click=${() => items.length < max && ctx.addItem(pointer, node.schema.items)}
      >${ctx.t('form.addItem', { label })}</button
    >
    ${info.help}
  </fieldset>`;
}

function renderTuple(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
  depth: number,
): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  const positions = (
    Array.isArray(node.schema.prefixItems) ? node.schema.prefixItems : (node.schema.items as unknown[])
  ) as unknown[];
  return html`<fieldset class="group" aria-describedby=${info.describedBy}>
    <legend>${labelText(ctx, label, required)}</legend>
    ${positions.map((schema, i) => renderNode(ctx, schema, childPointer(pointer, i), `${label} position ${i + 1}`, true, depth + 1))}
    ${info.help}
  </fieldset>`;
}

function renderChoice(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
  depth: number,
): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  const index = ctx.variantIndex(pointer, node);
  const selectId = ctx.idFor(pointer, 'variant');
  const variant = node.variants![index];
  return html`<fieldset class="group" aria-describedby=${info.describedBy}>
    <legend>${labelText(ctx, label, required)}</legend>
    <div class="field">
      <label for=${selectId}>${ctx.t('form.kindOf', { label })}</label>
      <select
        id=${selectId}
        @change=${(e: Event) => ctx.chooseVariant(pointer, node, Number((e.target as HTMLSelectElement).value))}
      >
        ${node.variants!.map((v, i) => html`<option value=${String(i)} ?selected=${i === index}>${v.label}</option>`)}
      </select>
    </div>
    ${variant ? renderNode(ctx, { ...variant.schema, title: variant.schema.title ?? label }, pointer, label, required, depth + 1) : nothing}
    ${info.help}
  </fieldset>`;
}

function renderEnum(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
  value: unknown,
): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  const index = node.enumValues!.findIndex((v) => JSON.stringify(v) === JSON.stringify(value));
  return html`<div class="field">
    <label for=${info.id}>${labelText(ctx, label, required)}</label>
    <select
      id=${info.id}
      aria-required=${required ? 'true' : 'false'}
      aria-describedby=${info.describedBy}
      aria-invalid=${info.invalid}
      @change=${(e: Event) => {
        const i = (e.target as HTMLSelectElement).value;
        ctx.set(pointer, i === '' ? undefined : structuredClone(node.enumValues![Number(i)]));
      }}
    >
      <option value="" ?selected=${index < 0}>${required ? ctx.t('form.choose') : ctx.t('form.notSet')}</option>
      ${node.enumLabels!.map((l, i) => html`<option value=${String(i)} ?selected=${i === index}>${l}</option>`)}
    </select>
    ${info.help}
  </div>`;
}

function renderConst(ctx: FormContext, node: SchemaNode, pointer: string, label: string): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  return html`<div class="field">
    <span class="label" id="${info.id}-label">${label}</span>
    <output id=${info.id} aria-labelledby="${info.id}-label" aria-describedby=${info.describedBy}
      ><code>${JSON.stringify(node.constValue)}</code> (fixed)</output
    >
    ${info.help}
  </div>`;
}

function renderBoolean(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
  value: unknown,
): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  return html`<div class="field"
    ><span class="check">
      <input
        id=${info.id}
        type="checkbox"
        .checked=${value === true}
        aria-describedby=${info.describedBy}
        aria-invalid=${info.invalid}
        @change=${(e: Event) => ctx.set(pointer, (e.target as HTMLInputElement).checked)}
      />
      <label for=${info.id}>${labelText(ctx, label, required)}</label></span
    >
    ${value === undefined && !required ? html`<span class="muted small-text">${ctx.t('form.notSet')}</span>` : nothing}
    ${info.help}
  </div>`;
}

function renderNumber(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
  value: unknown,
): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  const s = node.schema;
  const text = ctx.raw.get(pointer) ?? (typeof value === 'number' ? String(value) : '');
  const step = typeof s.multipleOf === 'number' ? String(s.multipleOf) : node.kind === 'integer' ? '1' : 'any';
  return html`<div class="field">
    <label for=${info.id}>${labelText(ctx, label, required)}</label>
    <input
      id=${info.id}
      type="number"
      inputmode=${node.kind === 'integer' ? 'numeric' : 'decimal'}
      .value=${text}
      step=${step}
      min=${typeof s.minimum === 'number' ? s.minimum : nothing}
      max=${typeof s.maximum === 'number' ? s.maximum : nothing}
      aria-required=${required ? 'true' : 'false'}
      aria-describedby=${info.describedBy}
      aria-invalid=${info.invalid}
      @input=${(e: Event) => ctx.setRaw(pointer, (e.target as HTMLInputElement).value, node.kind as 'number' | 'integer')}
    />
    ${info.help}
  </div>`;
}

function renderString(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
  value: unknown,
): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  return renderStringField(ctx, node.schema, pointer, labelText(ctx, label, required), label, required, value, info);
}

function renderJson(
  ctx: FormContext,
  node: SchemaNode,
  pointer: string,
  label: string,
  required: boolean,
): TemplateResult {
  const info = fieldInfo(ctx, node, pointer, label);
  const value = getAt(ctx.value, pointer);
  const text = ctx.raw.get(pointer) ?? (value === undefined ? '' : JSON.stringify(value, null, 2));
  return html`<div class="field">
    <label for=${info.id}>${labelText(ctx, label, required)} <span class="muted">(JSON)</span></label>
    <textarea
      id=${info.id}
      class="json"
      spellcheck="false"
      .value=${text}
      aria-required=${required ? 'true' : 'false'}
      aria-describedby=${info.describedBy}
      aria-invalid=${info.invalid}
      placeholder="JSON value"
      @input=${(e: Event) => ctx.setRaw(pointer, (e.target as HTMLTextAreaElement).value, 'json')}
    ></textarea>
    ${info.help}
  </div>`;
}
