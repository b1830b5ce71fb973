import { LitElement, html, css, nothing } from 'lit';
import type {
  CompletionRef,
  CompletionResult,
  DependenciesObject,
  I18nInterface,
} from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';
import { SchemaFormSubmitEvent } from './schema-form.js';
import type { CompletionValueEvent, McpCompletionInput } from './completion-input.js';
import './completion-input.js';

/** One text argument of a prompt or variable of a resource template. */
export interface ArgumentField {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** Suggestions for `name` given the text typed and the other fields' values (the completion context). */
export type ArgumentCompleter = (
  name: string,
  value: string,
  context: Record<string, string>,
) => Promise<CompletionResult>;

/**
 * Suggestions from the server (`MCPBridge.complete`) for a prompt's arguments or a template's variables;
 * undefined when the host offers no completions or the server does not declare the capability.
 */
export function argumentCompleter(
  deps: DependenciesObject | undefined,
  serverName: string,
  ref: CompletionRef,
): ArgumentCompleter | undefined {
  const bridge = deps?.MCPBridge;
  if (!bridge?.complete || !bridge.getServer(serverName)?.info?.capabilities?.completions) return undefined;
  return (name, value, context) => bridge.complete!(serverName, ref, { name, value }, context);
}

/**
 * <mcp-argument-form>: text arguments (prompt arguments, URI-template variables), each an
 * `<mcp-completion-input>` that suggests values from the server while the user types, with the
 * other arguments sent as context. Required fields are checked before submit; the first empty
 * one gets focus and its message. Submitting fires `mcp-form-submit` (SchemaFormSubmitEvent) with
 * the filled-in values (empty optional fields are left out).
 *
 * @event mcp-form-submit - SchemaFormSubmitEvent with `{ [name]: string }`.
 */
export class McpArgumentForm extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      form {
        display: grid;
        gap: var(--mcp-spacing-md, 0.5rem);
      }
      .actions {
        display: flex;
        gap: var(--mcp-spacing-md, 0.5rem);
      }
    `,
  ];

  static override properties = {
    fields: { attribute: false },
    complete: { attribute: false },
    submitLabel: { attribute: 'submit-label' },
    busy: { type: Boolean },
    i18n: { attribute: false },
    values: { state: true },
    errors: { state: true },
  };

  declare fields: ArgumentField[];
  /** Where suggestions come from; without it the fields are plain text fields. */
  declare complete: ArgumentCompleter | undefined;
  declare submitLabel: string;
  declare busy: boolean;
  declare i18n: I18nInterface | undefined;
  declare values: Record<string, string>;
  declare errors: Record<string, string>;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private shownFields: ArgumentField[] | undefined;

  constructor() {
    super();
    this.fields = [];
    this.submitLabel = 'Submit';
    this.busy = false;
    this.values = {};
    this.errors = {};
  }

  override willUpdate(changed: Map<string, unknown>): void {
    // Another prompt or template: start from empty fields.
    if (changed.has('fields') && this.fields !== this.shownFields) {
      this.shownFields = this.fields;
      this.values = {};
      this.errors = {};
    }
  }

  /** The values typed so far (empty optional fields left out). */
  get value(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.values).filter(([, v]) => v !== ''));
  }

  private completerFor(name: string) {
    const complete = this.complete;
    if (!complete) return undefined;
    return (value: string) => complete(name, value, this.value);
  }

  private submit(event: Event): void {
    event.preventDefault();
    if (this.busy) return;
    const errors: Record<string, string> = {};
    for (const field of this.fields)
      if (field.required && !(this.values[field.name] ?? '').trim()) errors[field.name] = this.t('argument.required');
    this.errors = errors;
    const first = this.fields.find((f) => errors[f.name]);
    if (first) {
      void this.updateComplete.then(() =>
        [...this.renderRoot.querySelectorAll<McpCompletionInput>('mcp-completion-input')]
          .find((el) => el.name === first.name)
          ?.focus(),
      );
      return;
    }
    this.dispatchEvent(new SchemaFormSubmitEvent(this.value));
  }

  override render() {
    const fields = Array.isArray(this.fields) ? this.fields : [];
    // Enter in a field submits (the fields' inputs sit in their own shadow roots, outside this form),
    // unless the field used it to choose a suggestion.
    return html`<form
      novalidate
      @submit=${(e: Event) => this.submit(e)}
      @keydown=${(e: KeyboardEvent) => {
        if (
          e.key === 'Enter' &&
          !e.defaultPrevented &&
          (e.composedPath()[0] as HTMLElement | undefined)?.localName === 'input'
        )
          this.submit(e);
      }}
      @mcp-value-change=${(e: CompletionValueEvent) => {
        this.values = { ...this.values, [e.name]: e.value };
        if (this.errors[e.name])
          this.errors = Object.fromEntries(Object.entries(this.errors).filter(([k]) => k !== e.name));
      }}
    >
      ${fields.length === 0 ? html`<p class="muted">${this.t('schema.noArguments')}</p>` : nothing}
      ${fields.map(
        (f) =>
          html`<mcp-completion-input
            name=${f.name}
            label=${f.title ?? f.name}
            description=${f.description ?? ''}
            ?required=${f.required === true}
            .value=${this.values[f.name] ?? ''}
            .error=${this.errors[f.name]}
            .complete=${this.completerFor(f.name)}
            .i18n=${this.i18n}
          ></mcp-completion-input>`,
      )}
      <div class="actions"
        ><button type="submit" class="primary" ?disabled=${this.busy} aria-disabled=${this.busy ? 'true' : 'false'}
          >${this.submitLabel}</button
        ></div
      >
    </form>`;
  }
}

defineElement('mcp-argument-form', McpArgumentForm);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-argument-form': McpArgumentForm;
  }
}
