import { LitElement, html, css, nothing } from 'lit';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { modalBoxStyles } from '../dialogs/dialog.styles.js';
import { shellStyles } from '../shell.styles.js';
import { searchPalette, type PaletteEntry } from './palette-entries.js';

/** `mcp-palette-choose`: the person chose an entry (Enter or a click); the dashboard does what it names. */
export class PaletteChooseEvent extends Event {
  constructor(readonly entry: PaletteEntry) {
    super('mcp-palette-choose', { bubbles: true, composed: true });
  }
}

/**
 * <mcp-command-palette>: Ctrl/⌘+K. A modal with one search field and the list of what matches — servers, tools,
 * resources, prompts, saved calls, dashboards and settings — best match first (palette-entries.ts). The WAI-ARIA
 * combobox pattern: the field keeps focus, ↑/↓ (Home/End) move the active option (`aria-activedescendant`), Enter
 * chooses it, Escape closes; the number of matches is announced as it changes. Choosing closes the palette and
 * fires `mcp-palette-choose`; focus goes back where it was unless the choice moves it.
 *
 * @fires mcp-palette-choose - an entry was chosen
 */
export class McpCommandPalette extends LitElement {
  static override styles = [
    shellStyles,
    modalBoxStyles,
    css`
      dialog {
        width: min(40rem, 95vw);
        max-height: min(32rem, 85vh);
        margin-top: 10vh;
        padding: var(--mcp-spacing-md, 0.5rem);
        display: flex;
        flex-direction: column;
        gap: var(--mcp-spacing-sm, 0.25rem);
      }
      dialog:not([open]) {
        display: none;
      }
      input {
        font: inherit;
        font-size: var(--mcp-font-size-lg, 1rem);
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
        width: 100%;
        box-sizing: border-box;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        overflow: auto;
      }
      li {
        display: grid;
        grid-template-columns: 6.5rem 1fr;
        gap: 0 var(--mcp-spacing-md, 0.5rem);
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
        border-radius: var(--mcp-radius-md, 4px);
        cursor: pointer;
      }
      li[aria-selected='true'] {
        background: var(--mcp-primary, #0b5cad);
        color: var(--mcp-on-primary, #fff);
      }
      .kind {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        opacity: 0.85;
      }
      .label {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .detail {
        grid-column: 2;
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        opacity: 0.85;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .hint {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        margin: 0;
      }
    `,
  ];

  static override properties = { query: { state: true }, active: { state: true }, open: { state: true } };

  declare query: string;
  /** The index of the active option in the matches. */
  declare active: number;
  declare open: boolean;
  /** What the palette offers; read each time it opens and as the person types. */
  entries: () => PaletteEntry[] = () => [];
  private readonly l10n = new ShellLocalize(this);
  private all: PaletteEntry[] = [];
  private opener: HTMLElement | null = null;

  constructor() {
    super();
    this.query = '';
    this.active = 0;
    this.open = false;
  }

  private t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  /** Opens the palette with an empty field (a second Ctrl/⌘+K while open selects what was typed). */
  async show(): Promise<void> {
    const dialog = this.renderRoot.querySelector('dialog');
    if (this.open && dialog?.open) {
      this.input()?.select();
      return;
    }
    this.opener = deepActive();
    this.all = this.entries();
    this.query = '';
    this.active = 0;
    this.open = true;
    await this.updateComplete;
    this.renderRoot.querySelector('dialog')?.showModal();
    this.input()?.focus();
  }

  /** Closes it; `restore`: focus goes back to where it was. */
  close(restore = true): void {
    this.open = false;
    this.renderRoot.querySelector('dialog')?.close();
    if (restore) this.opener?.focus();
    this.opener = null;
  }

  private input(): HTMLInputElement | null {
    return this.renderRoot.querySelector('input');
  }

  private found(): PaletteEntry[] {
    return searchPalette(this.all, this.query);
  }

  private choose(entry: PaletteEntry | undefined): void {
    if (!entry) return;
    this.close(false);
    this.dispatchEvent(new PaletteChooseEvent(entry));
  }

  private onKey(e: KeyboardEvent, matches: PaletteEntry[]): void {
    const last = matches.length - 1;
    let next: number;
    if (e.key === 'ArrowDown') next = this.active >= last ? 0 : this.active + 1;
    else if (e.key === 'ArrowUp') next = this.active <= 0 ? last : this.active - 1;
    else if (e.key === 'Home' && e.ctrlKey) next = 0;
    else if (e.key === 'End' && e.ctrlKey) next = last;
    else if (e.key === 'Enter') {
      e.preventDefault();
      this.choose(matches[this.active]);
      return;
    } else return;
    e.preventDefault();
    this.active = Math.max(0, next);
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector(`#opt-${this.active}`)?.scrollIntoView({ block: 'nearest' }),
    );
  }

  override render() {
    if (!this.open) return html`<dialog aria-label=${this.t('palette.label')}></dialog>`;
    const matches = this.found();
    const t = (key: string, variables?: Record<string, unknown>) => this.t(key, variables);
    const active = Math.min(this.active, Math.max(0, matches.length - 1));
    return html`<dialog
      aria-label=${t('palette.label')}
      @cancel=${(e: Event) => {
        e.preventDefault();
        this.close();
      }}
      @click=${(e: MouseEvent) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (e.target === e.currentTarget) this.close();
      }}
    >
      <input
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        aria-autocomplete="list"
        aria-activedescendant=${matches.length ? `opt-${active}` : ''}
        aria-label=${t('palette.field')}
        placeholder=${t('palette.placeholder')}
        autocomplete="off"
        spellcheck="false"
        .value=${this.query}
        @input=${(e: Event) => {
          this.query = (e.target as HTMLInputElement).value;
          this.active = 0;
        }}
        @keydown=${(e: KeyboardEvent) => this.onKey(e, matches)}
      />
      <p class="hint muted" role="status" aria-live="polite"
        >${matches.length ? t('palette.count', { count: matches.length }) : t('palette.none', { query: this.query })}</p
      >
      ${
        matches.length
          ? html`<ul id="palette-list" role="listbox" aria-label=${t('palette.results')}>
              ${matches.map(
                (entry, i) =>
                  html`<li
                    id="opt-${i}"
                    role="option"
                    aria-selected=${i === active ? 'true' : 'false'}
                    data-entry=${entry.id}
                    @pointerdown=${(e: Event) => e.preventDefault()}
                    @click=${() => this.choose(entry)}
                  >
                    <span class="kind">${t(`palette.kind.${entry.kind}`)}</span>
                    <span class="label">${entry.label}</span>
                    ${entry.detail ? html`<span class="detail">${entry.detail}</span>` : nothing}
                  </li>`,
              )}
            </ul>`
          : nothing
      }
    </dialog>`;
  }
}

/** The focused element, looking through shadow roots. */
function deepActive(): HTMLElement | null {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el instanceof HTMLElement ? el : null;
}

if (!customElements.get('mcp-command-palette')) customElements.define('mcp-command-palette', McpCommandPalette);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-command-palette': McpCommandPalette;
  }
  interface HTMLElementEventMap {
    'mcp-palette-choose': PaletteChooseEvent;
  }
}
