// The schema form's editors for values made of other values: objects, arrays (lists and sets of choices),
// tuples, and `oneOf`/`anyOf` choices. Each nested value is rendered by the child renderer they are handed.

import { html, nothing, type TemplateResult } from 'lit';
import { childPointer } from './schema-pointer.js';
import { fieldInfo, labelText, type Field, type FieldInfo } from './schema-form-field.js';

/** Renders the editor of a nested value (the form's `renderNode`, handed in so the two modules do not import each other). */
export type RenderChild = (
  input: unknown,
  pointer: string,
  label: string,
  required: boolean,
  depth: number,
) => TemplateResult;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The group a value made of parts is shown in: its label as the legend, its help linked. */
function group(field: Field, info: FieldInfo, body: unknown): TemplateResult {
  return html`<fieldset class="group" aria-describedby=${info.describedBy}>
    <legend>${labelText(field)}</legend>
    ${body}
  </fieldset>`;
}

/** An object's fields (a group below the top level); an optional object that is not set offers "Add". */
export function renderObject(field: Field, child: RenderChild): TemplateResult {
  const { ctx, node, pointer, label, required, depth, value } = field;
  const info = fieldInfo(field);
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
    child(prop, childPointer(pointer, name), name, requiredSet.has(name), depth + 1),
  );
  // Required names without a property definition still need a way to be filled in.
  const undeclared = [...requiredSet]
    .filter((name) => !(name in properties))
    .map((name) => child({}, childPointer(pointer, name), name, true, depth + 1));
  if (depth === 0) return html`${fields}${undeclared}${info.help}`;
  return group(
    field,
    info,
    html`${fields}${undeclared}${info.help}
    ${!required ? html`<button type="button" class="small" @click=${() => ctx.set(pointer, undefined)}>${ctx.t('form.remove', { label })}</button>` : nothing}`,
  );
}

/** A list: items with move and remove buttons, and "Add"; an array of unique enum values is a set of checkboxes. */
export function renderArray(field: Field, child: RenderChild): TemplateResult {
  const { ctx, node, pointer, label, depth, value } = field;
  const info = fieldInfo(field);
  const items = Array.isArray(value) ? value : [];
  const itemNode = ctx.describe(node.schema.items);
  const max = typeof node.schema.maxItems === 'number' ? node.schema.maxItems : Infinity;
  const min = typeof node.schema.minItems === 'number' ? node.schema.minItems : 0;
  if (itemNode.kind === 'enum' && node.schema.uniqueItems === true) {
    // A set of choices: one checkbox per allowed value, values keep their JSON types.
    return group(
      field,
      info,
      html`${itemNode.enumValues!.map((option, i) => {
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
      ${info.help}`,
    );
  }
  return html`<fieldset class="group" aria-describedby=${info.describedBy}>
    <legend>${labelText(field)} <span class="muted">${ctx.t('form.itemCount', { count: items.length })}</span></legend>
    <ol class="items">
      ${items.map((_item, i) => {
        const itemLabel = ctx.t('form.itemLabel', { label, n: i + 1 });
        return html`<li class="item">
          ${child(node.schema.items, childPointer(pointer, i), itemLabel, true, depth + 1)}
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

/** A tuple: one editor per position. */
export function renderTuple(field: Field, child: RenderChild): TemplateResult {
  const { node, pointer, label, depth } = field;
  const info = fieldInfo(field);
  const positions = (
    Array.isArray(node.schema.prefixItems) ? node.schema.prefixItems : (node.schema.items as unknown[])
  ) as unknown[];
  return group(
    field,
    info,
    html`${positions.map((schema, i) => child(schema, childPointer(pointer, i), `${label} position ${i + 1}`, true, depth + 1))}
    ${info.help}`,
  );
}

/** A `oneOf`/`anyOf` value: a chooser of the variant, and the chosen variant's editor. */
export function renderChoice(field: Field, child: RenderChild): TemplateResult {
  const { ctx, node, pointer, label, required, depth } = field;
  const info = fieldInfo(field);
  const index = ctx.variantIndex(pointer, node);
  const selectId = ctx.idFor(pointer, 'variant');
  const variant = node.variants![index];
  return group(
    field,
    info,
    html`<div class="field">
        <label for=${selectId}>${ctx.t('form.kindOf', { label })}</label>
        <select
          id=${selectId}
          @change=${(e: Event) => ctx.chooseVariant(pointer, node, Number((e.target as HTMLSelectElement).value))}
        >
          ${node.variants!.map((v, i) => html`<option value=${String(i)} ?selected=${i === index}>${v.label}</option>`)}
        </select>
      </div>
      ${variant ? child({ ...variant.schema, title: variant.schema.title ?? label }, pointer, label, required, depth + 1) : nothing}
      ${info.help}`,
  );
}
