import { LitElement, html, nothing } from 'lit';
import type { ArgumentProblem, I18nInterface, JSONSchema } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { problemText } from '../widget/problem-text.js';
import { renderNode, type FormContext } from './schema-form-render.js';
import { schemaFormStyles } from './schema-form.styles.js';
import { describeNode, estimateFields, initialValue, type SchemaNode } from './schema-model.js';
import { renderJsonView } from './schema-form-parts.js';
import { SchemaFormEdits } from './schema-form-edits.js';
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
  private cache = new WeakMap<object, SchemaNode>();
  private lastSchema: JSONSchema | undefined;
  private tooBig: number | undefined;
  /** What each field keeps while it is edited, and the edits its editor makes. */
  private readonly edits = new SchemaFormEdits(this, {
    uid: this.uid,
    t: this.t,
    root: () => this.root(),
    describe: (schema) => this.describe(schema),
  });

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
    this.edits.forgetFields();
    this.edits.expanded.clear();
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
    this.edits.takeHostErrors();
    if (this.schema === this.lastSchema) return;
    // A re-listed copy of the same schema (a refreshed tools/list) keeps what the person typed.
    const sameShape = this.lastSchema !== undefined && sameJson(this.schema, this.lastSchema);
    this.lastSchema = this.schema;
    if (sameShape) return;
    this.cache = new WeakMap();
    this.edits.forgetFields();
    this.edits.expanded.clear();
    this.edits.localErrors = [];
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
    const problems = this.edits.checkRaw();
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
    this.edits.forgetFields();
    this.jsonError = undefined;
    this.mode = 'form';
  }

  private renderJsonView_() {
    return renderJsonView({
      id: `${this.uid}-json`,
      text: this.jsonText,
      jsonError: this.jsonError,
      problems: this.edits.problems(),
      t: this.t,
      input: (text) => {
        this.jsonText = text;
        this.jsonError = undefined;
      },
    });
  }

  override render() {
    const root = this.root();
    const ctx = this.edits.context();
    const body = this.mode === 'json' ? this.renderJsonView_() : this.renderFormView(ctx, root);
    // Problems whose field is not on screen (or the whole value) are listed at the end.
    const orphans =
      this.mode === 'form'
        ? this.edits.problems().filter((p) => p.path === '' || !this.edits.rendered.has(p.path))
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

/** Whether two schemas say the same thing, written the same way (a server re-listing a tool sends an equal copy). */
function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
