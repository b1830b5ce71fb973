import { LitElement, html, nothing } from 'lit';
import type { CompletionResult, I18nInterface } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';
import { completionInputStyles } from './completion-input.styles.js';
import { errorText } from '../tool-runner/tool-text.js';

/** Asks for suggestions for the text typed so far. */
export type CompleteFunction = (value: string) => Promise<CompletionResult>;

/** Fired when the value changes (typing or choosing a suggestion). */
export class CompletionValueEvent extends Event {
  constructor(
    readonly name: string,
    readonly value: string,
  ) {
    super('mcp-value-change', { bubbles: true, composed: true });
  }
}

/** Suggestions shown at most (the MCP limit per answer). */
const MAX_SHOWN = 100;

/**
 * <mcp-completion-input>: a text field that suggests values from the server as the user types — the
 * WAI-ARIA combobox pattern with a listbox popup. Suggestions are requested after a pause in typing
 * (`debounce` ms) and immediately with Down Arrow; answers to older text are dropped. Keyboard: Down/Up
 * move through suggestions, Enter takes the highlighted one, Escape closes the list, Alt+Down opens it,
 * Tab leaves. Suggestion values are untrusted server text and are rendered as text.
 *
 * @event mcp-value-change - CompletionValueEvent with the field's name and new value.
 */
export class McpCompletionInput extends LitElement {
  static override styles = [baseStyles, completionInputStyles];

  static override properties = {
    name: {},
    label: {},
    description: {},
    value: {},
    required: { type: Boolean },
    error: {},
    debounce: { type: Number },
    complete: { attribute: false },
    i18n: { attribute: false },
    open: { state: true },
    options: { state: true },
    active: { state: true },
    status: { state: true },
  };

  declare name: string;
  declare label: string;
  declare description: string | undefined;
  declare value: string;
  declare required: boolean;
  /** A problem with the value (shown under the field and tied to it with aria-describedby). */
  declare error: string | undefined;
  /** Milliseconds of no typing before suggestions are requested. */
  declare debounce: number;
  /** Where suggestions come from; without it the field is a plain text field. */
  declare complete: CompleteFunction | undefined;
  /** The host's I18n; English without it. */
  declare i18n: I18nInterface | undefined;
  declare open: boolean;
  declare options: string[];
  declare active: number;
  declare status: string;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Number of the latest request; answers to earlier ones are ignored. */
  private asked = 0;

  constructor() {
    super();
    this.name = '';
    this.label = '';
    this.value = '';
    this.required = false;
    this.debounce = 250;
    this.open = false;
    this.options = [];
    this.active = -1;
    this.status = '';
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
    this.asked += 1;
  }

  /** Focuses the text field. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('input')?.focus(options);
  }

  /** Requests suggestions for the current text now (the debounce is skipped). */
  async suggest(): Promise<void> {
    clearTimeout(this.timer);
    const complete = this.complete;
    if (!complete) return;
    const ticket = ++this.asked;
    this.status = this.t('completion.loading');
    try {
      const answer = await complete(this.value);
      if (ticket !== this.asked) return;
      const values = (Array.isArray(answer?.values) ? answer.values : [])
        .filter((v): v is string => typeof v === 'string')
        .slice(0, MAX_SHOWN);
      this.options = values;
      this.active = -1;
      this.open = values.length > 0 && this.isFocused();
      const more = answer.hasMore === true || (typeof answer.total === 'number' && answer.total > values.length);
      this.status = values.length
        ? more
          ? this.t('completion.countMore', {
              count: values.length,
              total: typeof answer.total === 'number' ? answer.total : values.length,
            })
          : this.t('completion.count', { count: values.length })
        : this.t('completion.none');
    } catch (error) {
      if (ticket !== this.asked) return;
      this.options = [];
      this.open = false;
      this.status = this.t('completion.failed', { message: errorText(error).message });
    }
  }

  private isFocused(): boolean {
    return this.shadowRoot?.activeElement === this.renderRoot.querySelector('input');
  }

  private setValue(value: string): void {
    this.value = value;
    this.dispatchEvent(new CompletionValueEvent(this.name, value));
  }

  private onInput(event: Event): void {
    this.setValue((event.target as HTMLInputElement).value);
    this.active = -1;
    clearTimeout(this.timer);
    if (this.complete) this.timer = setTimeout(() => void this.suggest(), Math.max(0, this.debounce));
  }

  private pick(index: number): void {
    const choice = this.options[index];
    if (choice === undefined) return;
    this.setValue(choice);
    this.open = false;
    this.active = -1;
    this.asked += 1;
    this.status = this.t('completion.chosen', { value: choice });
    this.focus();
  }

  private onKeydown(event: KeyboardEvent): void {
    const count = this.options.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!this.open) {
        // Opens the list (Alt+Down without choosing); with no suggestions yet, asks for them now.
        if (!count) void this.suggest();
        else {
          this.open = true;
          if (!event.altKey) this.active = 0;
        }
        return;
      }
      if (count) this.active = (this.active + 1) % count;
    } else if (event.key === 'ArrowUp') {
      if (!this.open || !count) return;
      event.preventDefault();
      this.active = this.active <= 0 ? count - 1 : this.active - 1;
    } else if (event.key === 'Enter') {
      if (this.open && this.active >= 0) {
        event.preventDefault();
        this.pick(this.active);
      }
    } else if (event.key === 'Escape') {
      if (this.open) {
        // Closes the list only; a dialog around the field stays open.
        event.preventDefault();
        event.stopPropagation();
        this.open = false;
        this.active = -1;
      }
    } else if (event.key === 'Tab') {
      this.open = false;
    }
  }

  override updated(changed: Map<string, unknown>): void {
    if (changed.has('active') && this.active >= 0)
      this.renderRoot.querySelector(`#opt-${this.active}`)?.scrollIntoView({ block: 'nearest' });
  }

  override render() {
    const described = ['help', 'status', this.error ? 'error' : ''].filter(Boolean).join(' ');
    return html`<div class="field">
      <label for="input"
        >${this.label || this.name}${this.required ? html` <span class="req" aria-hidden="true">*</span>` : nothing}</label
      >
      <input
        id="input"
        type="text"
        role="combobox"
        autocomplete="off"
        spellcheck="false"
        .value=${this.value}
        aria-autocomplete=${this.complete ? 'list' : 'none'}
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="listbox"
        aria-activedescendant=${this.open && this.active >= 0 ? `opt-${this.active}` : nothing}
        aria-required=${this.required ? 'true' : 'false'}
        aria-invalid=${this.error ? 'true' : 'false'}
        aria-describedby=${described}
        @input=${(e: Event) => this.onInput(e)}
        @keydown=${(e: KeyboardEvent) => this.onKeydown(e)}
        @blur=${() => {
          this.open = false;
          this.active = -1;
        }}
      />
      <ul
        id="listbox"
        role="listbox"
        aria-label=${this.t('completion.list', { label: this.label || this.name })}
        ?hidden=${!this.open}
      >
        ${
          this.open
            ? this.options.map(
                (option, i) =>
                  html`<li
                    id="opt-${i}"
                    role="option"
                    aria-selected=${i === this.active ? 'true' : 'false'}
                    @mousedown=${(e: Event) => e.preventDefault()}
                    @click=${() => this.pick(i)}
                    >${option}</li
                  >`,
              )
            : nothing
        }
      </ul>
      <div id="help" class="muted small">${this.description ?? ''}</div>
      <div id="status" class="muted small" role="status">${this.status}</div>
      ${this.error ? html`<div id="error" class="error-text small">${this.error}</div>` : nothing}
    </div>`;
  }
}

defineElement('mcp-completion-input', McpCompletionInput);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-completion-input': McpCompletionInput;
  }
}
