// The schema form's editing state, field by field: text that does not parse yet, the variant chosen, a text
// area opened, a value shown as JSON, each field's id and problems (the form's own, and the host's the user has
// not fixed yet); and the edits the field editors make through the FormContext.

import type { ReactiveControllerHost } from 'lit';
import type { ArgumentProblem, JSONSchema } from '../../../src/core/shared/types.js';
import type { Translate } from '../i18n/translate.js';
import type { FormContext } from './schema-form-field.js';
import { emptyValueFor, parseRaw } from './schema-form-parts.js';
import { fixedBy } from './schema-fit.js';
import { initialValue, matchesVariant, type SchemaNode } from './schema-model.js';
import { childPointer, getAt, setAt } from './schema-pointer.js';

/** What the editing state needs from its form element. */
export interface SchemaFormEditsHost extends ReactiveControllerHost {
  /** The value being edited (the form's reactive state). */
  current: unknown;
  /** The host's problems with the value (JSON pointers). */
  readonly errors: ArgumentProblem[];
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** What the editing state is told by its form: ids' prefix, words, the root schema, and how a schema is described. */
export interface SchemaFormEditsOptions {
  /** The form's unique prefix for element ids. */
  uid: string;
  t: Translate;
  root: () => JSONSchema;
  describe: (schema: unknown) => SchemaNode;
}

/** The field-by-field state of one schema form, and the edits its field editors make. */
export class SchemaFormEdits {
  /** Text of number fields and JSON editors, by pointer, kept as typed until it parses. */
  readonly raw = new Map<string, string>();
  /** Free strings the user opened as text areas (or that hold line breaks). */
  readonly expanded = new Set<string>();
  /** Fields whose value did not fit their control: edited as JSON. */
  readonly showAsJson = new Set<string>();
  /** Variants chosen by the user, by pointer. */
  readonly variants = new Map<string, number>();
  /** Problems the form found itself (text that does not parse). */
  localErrors: Array<ArgumentProblem & { code?: string }> = [];
  /** The fields the last render showed. */
  rendered = new Set<string>();
  private readonly host: SchemaFormEditsHost;
  private readonly options: SchemaFormEditsOptions;
  private readonly ids = new Map<string, string>();
  private readonly rawKinds = new Map<string, 'number' | 'integer' | 'json'>();
  /** Problems from the host (`errors`) the user has fixed since: no longer shown. */
  private fixed = new WeakSet<ArgumentProblem>();
  private lastErrors: ArgumentProblem[] | undefined;

  constructor(host: SchemaFormEditsHost, options: SchemaFormEditsOptions) {
    this.host = host;
    this.options = options;
  }

  /** New problems from the host: all of them count again until fixed. */
  takeHostErrors(): void {
    if (this.host.errors !== this.lastErrors) {
      this.lastErrors = this.host.errors;
      this.fixed = new WeakSet();
    }
  }

  /** Forgets the text kept as typed, the chosen variants and the fields shown as JSON (the value changed as a whole). */
  forgetFields(): void {
    this.raw.clear();
    this.variants.clear();
    this.showAsJson.clear();
  }

  /** The host's problems the user has not fixed yet. */
  hostProblems(): ArgumentProblem[] {
    return (Array.isArray(this.host.errors) ? this.host.errors : []).filter((p) => !this.fixed.has(p));
  }

  /** Every problem shown now: the form's own, then the host's. */
  problems(): ArgumentProblem[] {
    return [...this.localErrors, ...this.hostProblems()];
  }

  /** Text that does not parse, as problems (kept as the form's own, shown inline). */
  checkRaw(): Array<ArgumentProblem & { code?: string }> {
    const problems: Array<ArgumentProblem & { code?: string }> = [];
    for (const [pointer, text] of this.raw) {
      const parsed = parseRaw(text, this.rawKinds.get(pointer) ?? 'json');
      if (!parsed.ok) problems.push({ path: pointer, message: parsed.message, code: parsed.code });
    }
    this.localErrors = problems;
    return problems;
  }

  /** The context for one render of the fields (it starts a fresh list of the fields shown). */
  context(): FormContext {
    this.rendered = new Set();
    const all = this.problems();
    const { t, root, describe } = this.options;
    return {
      t,
      value: this.host.current,
      get: (pointer) => getAt(this.host.current, pointer),
      describe,
      idFor: (pointer, suffix) => this.idFor(pointer, suffix),
      problemsAt: (pointer) => all.filter((p) => p.path === pointer),
      rendered: this.rendered,
      raw: this.raw,
      variantIndex: (pointer, node) => this.variantIndex(pointer, node),
      set: (pointer, value) => this.set(pointer, value),
      setRaw: (pointer, text, kind) => this.setRaw(pointer, text, kind),
      add: (pointer, schema) => this.set(pointer, initialValue(root(), schema) ?? {}),
      chooseVariant: (pointer, node, index) => {
        this.variants.set(pointer, index);
        const variant = node.variants![index];
        this.set(pointer, variant ? initialValue(root(), variant.schema) : undefined);
      },
      addItem: (pointer, itemSchema) => {
        const list = getAt(this.host.current, pointer);
        const items = Array.isArray(list) ? list : [];
        const fresh = initialValue(root(), itemSchema);
        this.set(pointer, [...items, fresh === undefined ? emptyValueFor(describe(itemSchema).kind) : fresh]);
        this.focusAfterUpdate(`${childPointer(pointer, items.length)}`);
      },
      removeItem: (pointer, index) => {
        const items = getAt(this.host.current, pointer) as unknown[];
        this.dropItemState(pointer);
        this.set(
          pointer,
          items.filter((_, i) => i !== index),
        );
      },
      expanded: this.expanded,
      expand: (pointer) => this.expand(pointer),
      showAsJson: this.showAsJson,
      moveItem: (pointer, from, to) => this.moveItem(pointer, from, to),
    };
  }

  private idFor(pointer: string, suffix?: string): string {
    const key = suffix ? `${pointer}#${suffix}` : pointer;
    let id = this.ids.get(key);
    if (!id) {
      id = `${this.options.uid}-${this.ids.size}`;
      this.ids.set(key, id);
    }
    return id;
  }

  private variantIndex(pointer: string, node: SchemaNode): number {
    const chosen = this.variants.get(pointer);
    if (chosen !== undefined && chosen < node.variants!.length) return chosen;
    const value = getAt(this.host.current, pointer);
    const found =
      value === undefined ? 0 : node.variants!.findIndex((v) => matchesVariant(this.options.root(), v.schema, value));
    return Math.max(0, found);
  }

  /** Drops the host's problems at `pointer` (or below it) that its new value fixes. */
  private recheck(pointer: string): void {
    for (const problem of fixedBy(this.hostProblems(), pointer, (at) => getAt(this.host.current, at)))
      this.fixed.add(problem);
  }

  /** Text and variant choices below an array are keyed by position; reordering drops them (values stay). */
  private dropItemState(pointer: string): void {
    for (const map of [this.raw, this.variants] as Array<Map<string, unknown>>) {
      for (const key of [...map.keys()]) if (key.startsWith(`${pointer}/`)) map.delete(key);
    }
    this.localErrors = this.localErrors.filter((p) => !p.path.startsWith(`${pointer}/`));
    for (const set of [this.expanded, this.showAsJson])
      for (const key of [...set]) if (key.startsWith(`${pointer}/`)) set.delete(key);
  }

  private set(pointer: string, value: unknown): void {
    this.host.current = setAt(this.host.current, pointer, value);
    this.raw.delete(pointer);
    this.localErrors = this.localErrors.filter((p) => p.path !== pointer);
    this.recheck(pointer);
  }

  private setRaw(pointer: string, text: string, kind: 'number' | 'integer' | 'json'): void {
    this.raw.set(pointer, text);
    this.rawKinds.set(pointer, kind);
    this.localErrors = this.localErrors.filter((p) => p.path !== pointer);
    const parsed = parseRaw(text, kind);
    this.host.current = setAt(this.host.current, pointer, parsed.ok ? parsed.value : undefined);
    if (parsed.ok) this.recheck(pointer);
    this.host.requestUpdate();
  }

  private expand(pointer: string): void {
    this.expanded.add(pointer);
    this.host.requestUpdate();
    // Typing goes on in the text area, at the end of what is there.
    void this.host.updateComplete.then(() => {
      const id = this.ids.get(pointer);
      const area = id ? (this.host.renderRoot.querySelector(`textarea#${id}`) as HTMLTextAreaElement | null) : null;
      if (area) {
        area.focus();
        area.setSelectionRange(area.value.length, area.value.length);
      }
    });
  }

  private moveItem(pointer: string, from: number, to: number): void {
    const items = [...(getAt(this.host.current, pointer) as unknown[])];
    const [moved] = items.splice(from, 1);
    items.splice(to, 0, moved);
    this.dropItemState(pointer);
    this.set(pointer, items);
    void this.host.updateComplete.then(() => {
      const button = this.host.renderRoot.querySelector(
        `[data-move="${to < from ? 'up' : 'down'}"][data-index="${to}"]`,
      ) as HTMLElement | null;
      button?.focus();
    });
  }

  private focusAfterUpdate(pointer: string): void {
    void this.host.updateComplete.then(() => {
      const id = this.ids.get(pointer);
      const target = id ? (this.host.renderRoot.querySelector(`#${id}`) as HTMLElement | null) : null;
      (
        target ??
        (this.host.renderRoot.querySelector(`[id^="${this.ids.get(pointer) ?? '__none'}"]`) as HTMLElement | null)
      )?.focus();
    });
  }
}
