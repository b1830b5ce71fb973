import { LitElement, html, nothing } from 'lit';
import type { ArgumentProblem, I18nInterface, JSONSchema } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { problemText } from '../widget/problem-text.js';
import { renderNode, type FormContext } from './schema-form-render.js';
import { schemaFormStyles } from './schema-form.styles.js';
import { describeNode, estimateFields, initialValue, matchesVariant, type SchemaNode } from './schema-model.js';
import { childPointer, getAt, setAt } from './schema-pointer.js';
import { fixedBy } from './schema-fit.js';
import { emptyValueFor, parseRaw, renderJsonView } from './schema-form-parts.js';
import { baseStyles } from '../styles/styles.js';

/** Fired when the user submits a form whose fields all parse. */
export class SchemaFormSubmitEvent extends Event {
  constructor(readonly value: Record<string, unknown>) {
    super('mcp-form-submit', { bubbles: true, composed: true });
  }
}

/** A schema with more fields than this opens in the JSON view. */
export const FIELD_BUDGET = 300;

let formCounter = 0;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A form generated from a JSON Schema (MCP-WP-7.1.2), shared by tools, prompts, resource templates
 * and elicitation. Recursive: nested objects, arrays (add / remove / reorder), enums that keep
 * their JSON types, `oneOf`/`anyOf` with a variant chooser, `allOf` merged, `const`, `default`,
 * nullable and type arrays, string formats, constraints shown, local `$ref`/`$defs` (a network
 * `$ref` is never fetched and is reported). A JSON view round-trips with the form. Every input has a
 * label; errors are inline and linked with `aria-describedby` (MCP-WP-11.5.9, 11.5.10). Full schema
 * validation is the host's job: its problems (JSON pointers) come back through `errors`.
 *
 * @event mcp-form-submit - SchemaFormSubmitEvent with the value.
 */
export class McpSchemaForm extends LitElement {
  static override styles = [baseStyles, schemaFormStyles];
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override properties = {
    schema: { attribute: false },
    submitLabel: { attribute: 'submit-label' },
    busy: { type: Boolean },
    errors: { attribute: false },
    mode: { state: true },
    current: { state: true },
    jsonText: { state: true },
    jsonError: { state: true },
    i18n: { attribute: false },
  };

  declare schema: JSONSchema | undefined;
  declare submitLabel: string;
  declare busy: boolean;
  declare errors: ArgumentProblem[];
  declare mode: 'form' | 'json';
  declare current: unknown;
  declare jsonText: string;
  declare jsonError: string | undefined;
  /** The host's I18n dependency; without it the form speaks English (MCP-WP-6.8.2). */
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  /** The locale the cached schema notes were worded in. */
  private cacheLocale: string | undefined;
  private readonly uid = `f${++formCounter}`;
  private readonly ids = new Map<string, string>();
  private readonly raw = new Map<string, string>();
  private readonly rawKinds = new Map<string, 'number' | 'integer' | 'json'>();
  private readonly variants = new Map<string, number>();
  private cache = new WeakMap<object, SchemaNode>();
  private localErrors: Array<ArgumentProblem & { code?: string }> = [];
  private lastSchema: JSONSchema | undefined;
  private tooBig: number | undefined;
  private rendered = new Set<string>();
  /** Free strings the user opened as text areas (or that hold line breaks). */
  private readonly expanded = new Set<string>();
  /** Fields whose value did not fit their control: edited as JSON. */
  private readonly showAsJson = new Set<string>();
  /** Problems from the host (`errors`) the user has fixed since: no longer shown. */
  private fixed = new WeakSet<ArgumentProblem>();
  private lastErrors: ArgumentProblem[] | undefined;

  constructor() {
    super();
    this.submitLabel = '';
    this.busy = false;
    this.errors = [];
    this.mode = 'form';
    this.jsonText = '';
  }

  /** The current value (what `read()` would return when everything parses). */
  get value(): unknown {
    return this.current;
  }

  /** Replaces the current value, e.g. to prefill the form. */
  set value(next: unknown) {
    this.willUpdate();
    this.current = structuredClone(next);
    this.raw.clear();
    this.variants.clear();
    this.showAsJson.clear();
    this.expanded.clear();
    this.jsonText = JSON.stringify(next ?? {}, null, 2);
  }

  private root(): JSONSchema {
    return isObject(this.schema) ? this.schema : { type: 'object' };
  }

  private describe(schema: unknown): SchemaNode {
    // Notes are worded in the current language: a language switch starts a fresh cache.
    if (this.cacheLocale !== this.l10n.locale) {
      this.cacheLocale = this.l10n.locale;
      this.cache = new WeakMap();
    }
    if (isObject(schema)) {
      const hit = this.cache.get(schema);
      if (hit) return hit;
      const node = describeNode(this.root(), schema, this.t);
      this.cache.set(schema, node);
      return node;
    }
    return describeNode(this.root(), schema, this.t);
  }

  override willUpdate(): void {
    // New problems from the host: all of them count again until fixed.
    if (this.errors !== this.lastErrors) {
      this.lastErrors = this.errors;
      this.fixed = new WeakSet();
    }
    if (this.schema === this.lastSchema) return;
    this.lastSchema = this.schema;
    this.cache = new WeakMap();
    this.raw.clear();
    this.variants.clear();
    this.expanded.clear();
    this.showAsJson.clear();
    this.localErrors = [];
    this.jsonError = undefined;
    const root = this.root();
    let start: unknown;
    try {
      start = initialValue(root, root);
    } catch {
      start = undefined;
    }
    this.current =
      start ?? (this.describe(root).kind === 'object' || this.describe(root).kind === 'json' ? {} : undefined);
    const fields = estimateFields(root, root, FIELD_BUDGET + 1);
    this.tooBig = fields > FIELD_BUDGET ? fields : undefined;
    this.mode = this.tooBig ? 'json' : 'form';
    this.jsonText = JSON.stringify(this.current ?? {}, null, 2);
  }

  /** The host's problems the user has not fixed yet. */
  private hostProblems(): ArgumentProblem[] {
    return (Array.isArray(this.errors) ? this.errors : []).filter((p) => !this.fixed.has(p));
  }

  /** Drops the host's problems at `pointer` (or below it) that its new value fixes. */
  private recheck(pointer: string): void {
    for (const problem of fixedBy(this.hostProblems(), pointer, (at) => getAt(this.current, at)))
      this.fixed.add(problem);
  }

  private context(): FormContext {
    const all = [...this.localErrors, ...this.hostProblems()];
    return {
      t: this.t,
      value: this.current,
      get: (pointer) => getAt(this.current, pointer),
      describe: (s) => this.describe(s),
      idFor: (pointer, suffix) => {
        const key = suffix ? `${pointer}#${suffix}` : pointer;
        let id = this.ids.get(key);
        if (!id) {
          id = `${this.uid}-${this.ids.size}`;
          this.ids.set(key, id);
        }
        return id;
      },
      problemsAt: (pointer) => all.filter((p) => p.path === pointer),
      rendered: this.rendered,
      raw: this.raw,
      variantIndex: (pointer, node) => this.variantIndex(pointer, node),
      set: (pointer, value) => this.update_(pointer, value),
      setRaw: (pointer, text, kind) => this.setRaw(pointer, text, kind),
      add: (pointer, schema) => this.update_(pointer, initialValue(this.root(), schema) ?? {}),
      chooseVariant: (pointer, node, index) => {
        this.variants.set(pointer, index);
        const variant = node.variants![index];
        this.update_(pointer, variant ? initialValue(this.root(), variant.schema) : undefined);
      },
      addItem: (pointer, itemSchema) => {
        const list = getAt(this.current, pointer);
        const items = Array.isArray(list) ? list : [];
        const fresh = initialValue(this.root(), itemSchema);
        this.update_(pointer, [...items, fresh === undefined ? emptyValueFor(this.describe(itemSchema).kind) : fresh]);
        this.focusAfterUpdate(`${childPointer(pointer, items.length)}`);
      },
      removeItem: (pointer, index) => {
        const items = getAt(this.current, pointer) as unknown[];
        this.dropItemState(pointer);
        this.update_(
          pointer,
          items.filter((_, i) => i !== index),
        );
      },
      expanded: this.expanded,
      expand: (pointer) => {
        this.expanded.add(pointer);
        this.requestUpdate();
        // Typing goes on in the text area, at the end of what is there.
        void this.updateComplete.then(() => {
          const id = this.ids.get(pointer);
          const area = id ? (this.renderRoot.querySelector(`textarea#${id}`) as HTMLTextAreaElement | null) : null;
          if (area) {
            area.focus();
            area.setSelectionRange(area.value.length, area.value.length);
          }
        });
      },
      showAsJson: this.showAsJson,
      moveItem: (pointer, from, to) => {
        const items = [...(getAt(this.current, pointer) as unknown[])];
        const [moved] = items.splice(from, 1);
        items.splice(to, 0, moved);
        this.dropItemState(pointer);
        this.update_(pointer, items);
        void this.updateComplete.then(() => {
          const button = this.renderRoot.querySelector(
            `[data-move="${to < from ? 'up' : 'down'}"][data-index="${to}"]`,
          ) as HTMLElement | null;
          button?.focus();
        });
      },
    };
  }

  private variantIndex(pointer: string, node: SchemaNode): number {
    const chosen = this.variants.get(pointer);
    if (chosen !== undefined && chosen < node.variants!.length) return chosen;
    const value = getAt(this.current, pointer);
    const found =
      value === undefined ? 0 : node.variants!.findIndex((v) => matchesVariant(this.root(), v.schema, value));
    return Math.max(0, found);
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

  private update_(pointer: string, value: unknown): void {
    this.current = setAt(this.current, pointer, value);
    this.raw.delete(pointer);
    this.localErrors = this.localErrors.filter((p) => p.path !== pointer);
    this.recheck(pointer);
  }

  private setRaw(pointer: string, text: string, kind: 'number' | 'integer' | 'json'): void {
    this.raw.set(pointer, text);
    this.rawKinds.set(pointer, kind);
    this.localErrors = this.localErrors.filter((p) => p.path !== pointer);
    const parsed = parseRaw(text, kind);
    this.current = setAt(this.current, pointer, parsed.ok ? parsed.value : undefined);
    if (parsed.ok) this.recheck(pointer);
    this.requestUpdate();
  }

  private focusAfterUpdate(pointer: string): void {
    void this.updateComplete.then(() => {
      const id = this.ids.get(pointer);
      const target = id ? (this.renderRoot.querySelector(`#${id}`) as HTMLElement | null) : null;
      (
        target ?? (this.renderRoot.querySelector(`[id^="${this.ids.get(pointer) ?? '__none'}"]`) as HTMLElement | null)
      )?.focus();
    });
  }

  /** Reads the value; text that does not parse is shown inline and returned as problems. */
  read(): { ok: true; value: Record<string, unknown> } | { ok: false; problems: ArgumentProblem[] } {
    if (this.mode === 'json') {
      try {
        const value = JSON.parse(this.jsonText || '{}') as unknown;
        this.current = value;
        this.jsonError = undefined;
      } catch (error) {
        this.jsonError = this.t('form.jsonInvalid', { message: (error as Error).message });
        return { ok: false, problems: [{ path: '', message: this.jsonError }] };
      }
    }
    const problems: Array<ArgumentProblem & { code?: string }> = [];
    for (const [pointer, text] of this.raw) {
      const parsed = parseRaw(text, this.rawKinds.get(pointer) ?? 'json');
      if (!parsed.ok) problems.push({ path: pointer, message: parsed.message, code: parsed.code });
    }
    this.localErrors = problems;
    this.requestUpdate();
    if (problems.length) return { ok: false, problems };
    return { ok: true, value: (this.current ?? {}) as Record<string, unknown> };
  }

  /** Ctrl+Enter (Cmd+Enter on a Mac) submits from any field, text areas included. */
  private onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.isComposing) return;
    event.preventDefault();
    this.onSubmit(event);
  }

  private onSubmit(event: Event): void {
    event.preventDefault();
    if (this.busy) return;
    const result = this.read();
    if (result.ok) this.dispatchEvent(new SchemaFormSubmitEvent(result.value));
    else this.focusFirstInvalid();
  }

  /** Moves focus to the first field with a problem. */
  focusFirstInvalid(): void {
    void this.updateComplete.then(() => {
      (this.renderRoot.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus();
    });
  }

  private switchMode(mode: 'form' | 'json'): void {
    if (mode === this.mode) return;
    if (mode === 'json') {
      this.jsonText = JSON.stringify(this.current ?? {}, null, 2);
      this.jsonError = undefined;
      this.mode = 'json';
      return;
    }
    try {
      this.current = JSON.parse(this.jsonText || '{}');
    } catch (error) {
      this.jsonError = this.t('form.jsonInvalidForForm', { message: (error as Error).message });
      return;
    }
    this.raw.clear();
    this.variants.clear();
    this.showAsJson.clear();
    this.jsonError = undefined;
    this.mode = 'form';
  }

  private renderJsonView_() {
    return renderJsonView({
      id: `${this.uid}-json`,
      text: this.jsonText,
      jsonError: this.jsonError,
      problems: [...this.localErrors, ...this.hostProblems()],
      t: this.t,
      input: (text) => {
        this.jsonText = text;
        this.jsonError = undefined;
      },
    });
  }

  override render() {
    const root = this.root();
    this.rendered = new Set();
    const ctx = this.context();
    const body = this.mode === 'json' ? this.renderJsonView_() : this.renderFormView(ctx, root);
    // Problems whose field is not on screen (or the whole value) are listed at the end.
    const orphans =
      this.mode === 'form'
        ? [...this.localErrors, ...this.hostProblems()].filter((p) => p.path === '' || !this.rendered.has(p.path))
        : [];
    return html`<form novalidate @submit=${this.onSubmit} @keydown=${this.onKeydown}>
      <div class="view-switch" role="group" aria-label=${this.t('form.editAs')}>
        <button
          type="button"
          class="small"
          aria-pressed=${this.mode === 'form' ? 'true' : 'false'}
          @click=${() => this.switchMode('form')}
          >${this.t('form.formView')}</button
        >
        <button
          type="button"
          class="small"
          aria-pressed=${this.mode === 'json' ? 'true' : 'false'}
          @click=${() => this.switchMode('json')}
          >JSON</button
        >
      </div>
      ${this.tooBig ? html`<p class="note muted" role="note">${this.t('form.tooBig', { max: FIELD_BUDGET })}</p>` : nothing}
      ${body}
      ${orphans.length ? html`<p class="error-text" role="alert">${orphans.map((p) => `${p.path || this.t('form.arguments')}: ${problemText(p, this.t)}`).join('; ')}</p>` : nothing}
      <div class="actions"
        ><button class="primary" type="submit" aria-disabled=${this.busy ? 'true' : 'false'}
          >${this.submitLabel || this.t('form.submit')}</button
        ></div
      >
    </form>`;
  }

  private renderFormView(ctx: FormContext, root: JSONSchema) {
    const node = this.describe(root);
    const noFields =
      (node.kind === 'object' || node.kind === 'json') &&
      node.schema.type === 'object' &&
      !isObject(node.schema.properties) &&
      !Array.isArray(node.schema.required);
    if (
      noFields ||
      (isObject(node.schema.properties) &&
        Object.keys(node.schema.properties).length === 0 &&
        !Array.isArray(node.schema.required))
    ) {
      return html`<p class="muted">${this.t('form.noArguments')}</p>`;
    }
    return renderNode(ctx, root, '', this.t('form.value'), true, 0);
  }
}

defineElement('mcp-schema-form', McpSchemaForm);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-schema-form': McpSchemaForm;
  }
}
