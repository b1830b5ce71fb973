import { LitElement, html, css, nothing } from 'lit';
import type { ArgumentProblem, JSONSchema } from '../../src/core/types.js';
import { defineElement } from './define.js';
import { fieldsFor, initialRaw, parseField, type FieldSpec } from './schema-fields.js';
import { baseStyles } from './styles.js';

/** Fired when the user submits a form whose fields all parse. */
export class SchemaFormSubmitEvent extends Event {
  constructor(readonly value: Record<string, unknown>) {
    super('mcp-form-submit', { bubbles: true, composed: true });
  }
}

let formCounter = 0;

/**
 * A form generated from a JSON Schema object (MCP-WP-7.1.2). Flat properties get native inputs;
 * nested ones are edited as JSON. Every input has a label; errors are shown inline and linked with
 * `aria-describedby` (MCP-WP-11.5.9, 11.5.10). Validation against the schema is the host's job:
 * its problems come back through `errors`.
 *
 * @event mcp-form-submit - SchemaFormSubmitEvent with the argument object.
 */
export class McpSchemaForm extends LitElement {
  static override styles = [
    baseStyles,
    css`
      form { display: grid; gap: var(--mcp-spacing-md, 0.5rem); }
      .field { display: grid; gap: 2px; }
      label { font-weight: 600; }
      .req { color: var(--mcp-error-dark, #a4161a); }
      textarea { min-height: 4rem; font-family: ui-monospace, monospace; width: 100%; }
      input[type='text'], input[type='email'], input[type='url'], input[type='number'], select { width: 100%; }
      .check { display: flex; gap: var(--mcp-spacing-sm, 0.25rem); align-items: center; }
      [aria-invalid='true'] { border-color: var(--mcp-error-dark, #a4161a); border-width: 2px; }
      .actions { display: flex; gap: var(--mcp-spacing-md, 0.5rem); }
      .desc { font-size: var(--mcp-font-size-sm, 0.8125rem); }
    `,
  ];

  static override properties = {
    schema: { attribute: false },
    submitLabel: { attribute: 'submit-label' },
    busy: { type: Boolean },
    errors: { attribute: false },
    raw: { state: true },
  };

  declare schema: JSONSchema | undefined;
  declare submitLabel: string;
  declare busy: boolean;
  declare errors: ArgumentProblem[];
  declare raw: Record<string, string | boolean>;
  private fields: FieldSpec[] = [];
  private touched = new Set<string>();
  private readonly uid = `f${++formCounter}`;
  private localErrors: ArgumentProblem[] = [];
  private lastSchema: JSONSchema | undefined;

  constructor() {
    super();
    this.submitLabel = 'Submit';
    this.busy = false;
    this.errors = [];
    this.raw = {};
  }

  override willUpdate(): void {
    if (this.schema !== this.lastSchema) {
      this.lastSchema = this.schema;
      this.fields = fieldsFor(this.schema);
      this.raw = Object.fromEntries(this.fields.map((f) => [f.name, initialRaw(f)]));
      this.touched = new Set();
      this.localErrors = [];
    }
  }

  /** Reads the argument object; parse problems are shown inline and returned. */
  read(): { ok: true; value: Record<string, unknown> } | { ok: false; problems: ArgumentProblem[] } {
    const value: Record<string, unknown> = {};
    const problems: ArgumentProblem[] = [];
    for (const field of this.fields) {
      const parsed = parseField(field, this.raw[field.name], this.touched.has(field.name));
      if (!parsed.ok) problems.push({ path: `/${field.name}`, message: parsed.message });
      else if (parsed.present) value[field.name] = parsed.value;
    }
    this.localErrors = problems;
    this.requestUpdate();
    return problems.length ? { ok: false, problems } : { ok: true, value };
  }

  private problemsFor(name: string): ArgumentProblem[] {
    const pointer = `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return [...this.localErrors, ...this.errors].filter((p) => p.path === pointer || p.path.startsWith(`${pointer}/`));
  }

  private rootProblems(): ArgumentProblem[] {
    const names = new Set(this.fields.map((f) => `/${f.name}`));
    return this.errors.filter((p) => p.path === '' || ![...names].some((n) => p.path === n || p.path.startsWith(`${n}/`)));
  }

  private onInput(field: FieldSpec, event: Event): void {
    const target = event.target as HTMLInputElement;
    this.touched.add(field.name);
    this.raw = { ...this.raw, [field.name]: field.kind === 'boolean' ? target.checked : target.value };
    this.localErrors = this.localErrors.filter((p) => p.path !== `/${field.name}`);
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

  private renderField(field: FieldSpec) {
    const id = `${this.uid}-${field.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const problems = this.problemsFor(field.name);
    const describedBy = [field.description ? `${id}-desc` : '', problems.length ? `${id}-err` : ''].filter(Boolean).join(' ') || nothing;
    const invalid = problems.length > 0 ? 'true' : 'false';
    const raw = this.raw[field.name];
    const schema = field.schema;
    let control;
    switch (field.kind) {
      case 'boolean':
        control = html`<span class="check"
          ><input id=${id} type="checkbox" .checked=${raw === true} aria-describedby=${describedBy} aria-invalid=${invalid}
            @change=${(e: Event) => this.onInput(field, e)} /><label for=${id}>${field.label}${field.required ? html` <span class="req" aria-hidden="true">*</span>` : nothing}</label></span
        >`;
        break;
      case 'enum':
        control = html`<select id=${id} .value=${String(raw ?? '')} aria-required=${field.required ? 'true' : 'false'}
          aria-describedby=${describedBy} aria-invalid=${invalid} @change=${(e: Event) => this.onInput(field, e)}>
          <option value="">${field.required ? '\u2014 choose \u2014' : '(not set)'}</option>
          ${field.enumValues!.map((v, i) => html`<option value=${String(i)} ?selected=${String(i) === raw}>${typeof v === 'string' ? v : JSON.stringify(v)}</option>`)}
        </select>`;
        break;
      case 'json':
        control = html`<textarea id=${id} .value=${String(raw ?? '')} aria-required=${field.required ? 'true' : 'false'}
          aria-describedby=${describedBy} aria-invalid=${invalid} spellcheck="false" @input=${(e: Event) => this.onInput(field, e)}
          placeholder="JSON value"></textarea>`;
        break;
      case 'number':
      case 'integer':
        control = html`<input id=${id} type="number" .value=${String(raw ?? '')} step=${field.kind === 'integer' ? '1' : 'any'}
          min=${typeof schema.minimum === 'number' ? schema.minimum : nothing} max=${typeof schema.maximum === 'number' ? schema.maximum : nothing}
          aria-required=${field.required ? 'true' : 'false'} aria-describedby=${describedBy} aria-invalid=${invalid}
          @input=${(e: Event) => this.onInput(field, e)} />`;
        break;
      default:
        control = html`<input id=${id} type=${field.inputType ?? 'text'} .value=${String(raw ?? '')}
          aria-required=${field.required ? 'true' : 'false'} aria-describedby=${describedBy} aria-invalid=${invalid}
          @input=${(e: Event) => this.onInput(field, e)} />`;
    }
    return html`<div class="field">
      ${field.kind === 'boolean'
        ? nothing
        : html`<label for=${id}>${field.label}${field.required ? html` <span class="req" aria-hidden="true">*</span><span class="visually-hidden"> (required)</span>` : nothing}</label>`}
      ${control}
      ${field.description ? html`<span id="${id}-desc" class="desc muted">${field.description}</span>` : nothing}
      ${problems.length
        ? html`<span id="${id}-err" class="error-text" role="alert">${problems.map((p) => `${field.label} ${p.message}`).join('; ')}</span>`
        : nothing}
    </div>`;
  }

  override render() {
    const root = this.rootProblems();
    return html`<form novalidate @submit=${this.onSubmit}>
      ${this.fields.length === 0 ? html`<p class="muted">This takes no arguments.</p>` : this.fields.map((f) => this.renderField(f))}
      ${root.length ? html`<p class="error-text" role="alert">${root.map((p) => `${p.path || 'Arguments'}: ${p.message}`).join('; ')}</p>` : nothing}
      <div class="actions"><button class="primary" type="submit" aria-disabled=${this.busy ? 'true' : 'false'}>${this.submitLabel}</button></div>
    </form>`;
  }
}

defineElement('mcp-schema-form', McpSchemaForm);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-schema-form': McpSchemaForm;
  }
}
