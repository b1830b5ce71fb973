// The schema form's editors for single values: enum, const, boolean, number, string, free JSON, and the
// "null" toggle of a nullable field.

import { html, nothing, type TemplateResult } from 'lit';
import { renderStringField } from './schema-form-string.js';
import { fieldInfo, labelText, type Field } from './schema-form-field.js';

/** The "null" checkbox of a nullable field: checked, it stands for the whole value. */
export function renderNullToggle(field: Field, isNull: boolean): TemplateResult {
  const { ctx, node, pointer, label } = field;
  const id = ctx.idFor(pointer, 'null');
  return html`<div class="field check ${isNull ? '' : 'sub-option'}">
    <input
      id=${id}
      type="checkbox"
      .checked=${isNull}
      @change=${(e: Event) => ctx.set(pointer, (e.target as HTMLInputElement).checked ? null : undefined)}
    />
    <label for=${id}>${isNull ? labelText(field) : label}${ctx.t('form.nullSuffix')}</label>
    ${isNull && node.description ? html`<span class="desc muted">${node.description}</span>` : nothing}
  </div>`;
}

/** A drop-down of the allowed values; each keeps its JSON type. */
export function renderEnum(field: Field): TemplateResult {
  const { ctx, node, pointer, required, value } = field;
  const info = fieldInfo(field);
  const index = node.enumValues!.findIndex((v) => JSON.stringify(v) === JSON.stringify(value));
  return html`<div class="field">
    <label for=${info.id}>${labelText(field)}</label>
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

/** A fixed value, shown, not edited. */
export function renderConst(field: Field): TemplateResult {
  const { node, label } = field;
  const info = fieldInfo(field);
  return html`<div class="field">
    <span class="label" id="${info.id}-label">${label}</span>
    <output id=${info.id} aria-labelledby="${info.id}-label" aria-describedby=${info.describedBy}
      ><code>${JSON.stringify(node.constValue)}</code> (fixed)</output
    >
    ${info.help}
  </div>`;
}

/** A checkbox. */
export function renderBoolean(field: Field): TemplateResult {
  const { ctx, pointer, required, value } = field;
  const info = fieldInfo(field);
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
      <label for=${info.id}>${labelText(field)}</label></span
    >
    ${value === undefined && !required ? html`<span class="muted small-text">${ctx.t('form.notSet')}</span>` : nothing}
    ${info.help}
  </div>`;
}

/** A number or integer input; its text is kept as typed until it parses. */
export function renderNumber(field: Field): TemplateResult {
  const { ctx, node, pointer, required, value } = field;
  const info = fieldInfo(field);
  const s = node.schema;
  const text = ctx.raw.get(pointer) ?? (typeof value === 'number' ? String(value) : '');
  const step = typeof s.multipleOf === 'number' ? String(s.multipleOf) : node.kind === 'integer' ? '1' : 'any';
  return html`<div class="field">
    <label for=${info.id}>${labelText(field)}</label>
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

/** A string input (a text area, or a typed input for known formats). */
export function renderString(field: Field): TemplateResult {
  const { ctx, node, pointer, label, required, value } = field;
  const info = fieldInfo(field);
  return renderStringField(ctx, node.schema, pointer, labelText(field), label, required, value, info);
}

/** A JSON text area, for what no other control can edit. */
export function renderJson(field: Field): TemplateResult {
  const { ctx, pointer, required, value } = field;
  const info = fieldInfo(field);
  const text = ctx.raw.get(pointer) ?? (value === undefined ? '' : JSON.stringify(value, null, 2));
  return html`<div class="field">
    <label for=${info.id}>${labelText(field)} <span class="muted">(JSON)</span></label>
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
