// What every field editor of the schema form shares: the form's context, and a field's id, ARIA links, help
// and label.

import { html, nothing, type TemplateResult } from 'lit';
import type { ArgumentProblem } from '../../../src/core/shared/types.js';
import { problemText } from '../widget/problem-text.js';
import { constraintText, type SchemaNode } from './schema-model.js';
import type { Translate } from '../i18n/translate.js';

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

/** One field being rendered: where its value sits, what its schema says, and how it is labelled. */
export interface Field {
  ctx: FormContext;
  node: SchemaNode;
  pointer: string;
  label: string;
  required: boolean;
  /** The value at `pointer`. */
  value: unknown;
  /** How deep the field sits (0: the top-level object). */
  depth: number;
}

/** The parts of a field worked out once: its id, its ARIA links and state, and its help (description, note, problems). */
export interface FieldInfo {
  id: string;
  describedBy: string | typeof nothing;
  invalid: 'true' | 'false';
  help: TemplateResult | typeof nothing;
}

/** Works out a field's id, ARIA and help text. */
export function fieldInfo({ ctx, node, pointer, label }: Field): FieldInfo {
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

/** A field's label, with the required marker (seen, and said to screen readers). */
export function labelText({ ctx, label, required }: Field) {
  return html`${label}${required ? html` <span class="req" aria-hidden="true">*</span><span class="visually-hidden"> ${ctx.t('form.required')}</span>` : nothing}`;
}
