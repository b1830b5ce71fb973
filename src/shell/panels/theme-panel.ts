import { LitElement, html, css } from 'lit';
import type { ColorScheme, ThemeModePreference } from '../../core/shared/types.js';
import type { UserA11ySettings } from '../services/a11y-helper.js';
import { a11yContext, configurationContext, consume, themeContext } from '../services/contexts.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { ModalController } from '../dialogs/modal-controller.js';
import { PREFERENCE_KEYS } from '../services/preferences.js';
import { PreferencesController } from '../services/preferences-controller.js';
import { shellStyles } from '../shell.styles.js';
import '../brand/brand-editor.js';

const MODES: ThemeModePreference[] = ['light', 'dark', 'high-contrast', 'auto'];
const SCHEMES: ColorScheme[] = ['vibrant', 'muted', 'accessible'];
const SIZES: Array<UserA11ySettings['textSize']> = ['small', 'medium', 'large', 'x-large'];

/**
 * The Theme panel: mode, colour scheme, text size, motion, screen-reader hint, and the white-label
 * brand editor. Every choice applies at once (no reload) and is stored through Configuration.
 * A modal dialog with the shared dialog behaviour (focus trap, Escape, focus return).
 */
export class McpThemePanel extends LitElement {
  static override styles = [
    shellStyles,
    css`
      dialog {
        width: min(48rem, 96vw);
        max-height: 92vh;
        overflow: auto;
        border: 2px solid var(--mcp-border, #737d88);
        border-radius: var(--mcp-radius-lg, 8px);
        background: var(--mcp-surface-raised, #fff);
        color: var(--mcp-text-primary, #1b1f24);
        padding: var(--mcp-spacing-lg, 1rem);
        box-shadow: var(--mcp-shadow-md, none);
      }
      dialog::backdrop {
        background: var(--mcp-overlay, rgb(0 0 0 / 0.5));
      }
      h2 {
        margin: 0 0 var(--mcp-spacing-md, 0.5rem);
        font-size: var(--mcp-font-size-xl, 1.25rem);
        line-height: var(--mcp-line-height-tight, 1.25);
      }
      .grid {
        display: grid;
        gap: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
      }
      fieldset {
        border: 1px solid var(--mcp-border, #737d88);
        border-radius: var(--mcp-radius-md, 4px);
        margin: 0;
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-md, 0.5rem);
      }
      legend {
        font-weight: var(--mcp-font-weight-medium, 600);
        padding: 0 var(--mcp-spacing-xs, 0.125rem);
      }
      label.choice {
        display: flex;
        gap: var(--mcp-spacing-sm, 0.25rem);
        align-items: center;
        padding: var(--mcp-spacing-xs, 0.125rem) 0;
      }
      .hint {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
      .actions {
        display: flex;
        justify-content: flex-end;
        margin-top: var(--mcp-spacing-lg, 1rem);
      }
      select {
        width: 100%;
      }
    `,
  ];

  private readonly l10n = new ShellLocalize(this);
  private readonly theme = consume(this, themeContext);
  private readonly a11y = consume(this, a11yContext);
  private readonly configuration = consume(this, configurationContext);
  // The shared host-dialog behaviour: focus trap, Escape, announcement, focus back to the opener.
  private readonly modal = new ModalController<void>(this, {
    escapeAnswer: () => undefined,
    a11y: () => this.a11y.value,
    initialFocus: 'input[name="mode"]:checked',
  });

  constructor() {
    super();
    // Every choice shows at once, wherever it was made (this panel, the header, stored settings).
    new PreferencesController(this);
  }

  /** Opens the panel with focus on the current mode; resolves when it is closed. */
  show(): Promise<void> {
    const closed = this.modal.open(() => {}, this.l10n.t('panel.opened'));
    return new Promise((resolve) => {
      // Resolve once it is showing, so callers can look inside; `closed` settles on Close or Escape.
      void this.updateComplete.then(() => requestAnimationFrame(() => resolve()));
      void closed;
    });
  }

  /** Closes the panel. */
  close(): void {
    this.modal.finish(undefined);
  }

  /** True while open. */
  get open(): boolean {
    return this.modal.isOpen;
  }

  private set(key: string, value: unknown): void {
    void this.configuration.value?.set(key, value).catch(() => {});
  }

  override render() {
    const theme = this.theme.value;
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    const mode = theme?.mode ?? 'auto';
    const scheme = theme?.colorScheme ?? 'vibrant';
    const user = this.a11y.value?.userSettings ?? { motion: 'system', textSize: 'medium', screenReader: false };
    const effective = theme?.getMode() ?? 'light';
    return html`<dialog aria-labelledby="theme-title" @cancel=${this.modal.onCancel}>
      <h2 id="theme-title">${t('panel.title')}</h2>
      <div class="grid">
        <fieldset>
          <legend>${t('panel.mode')}</legend>
          ${MODES.map(
            (m) =>
              html`<label class="choice"
                ><input
                  type="radio"
                  name="mode"
                  value=${m}
                  .checked=${mode === m}
                  @change=${() => this.set(PREFERENCE_KEYS.mode, m)}
                />${t(`mode.${m}`)}</label
              >`,
          )}
          <p class="hint muted">${t('panel.modeNow', { mode: t(`mode.${effective}`) })}</p>
        </fieldset>
        <fieldset>
          <legend>${t('panel.scheme')}</legend>
          ${SCHEMES.map(
            (c) =>
              html`<label class="choice"
                ><input
                  type="radio"
                  name="scheme"
                  value=${c}
                  .checked=${scheme === c}
                  @change=${() => this.set(PREFERENCE_KEYS.colorScheme, c)}
                />${t(`scheme.${c}`)}</label
              >`,
          )}
        </fieldset>
        <fieldset>
          <legend>${t('panel.text')}</legend>
          <label for="text-size">${t('panel.textSize')}</label>
          <select
            id="text-size"
            @change=${(e: Event) => this.set(PREFERENCE_KEYS.textSize, (e.target as HTMLSelectElement).value)}
          >
            ${SIZES.map((size) => html`<option value=${size} ?selected=${user.textSize === size}>${t(`size.${size}`)}</option>`)}
          </select>
          <label class="choice"
            ><input
              type="checkbox"
              .checked=${user.screenReader}
              @change=${(e: Event) => this.set(PREFERENCE_KEYS.screenReader, (e.target as HTMLInputElement).checked)}
            />${t('panel.screenReader')}</label
          >
        </fieldset>
        <fieldset>
          <legend>${t('panel.motion')}</legend>
          ${(['system', 'reduce'] as const).map(
            (m) =>
              html`<label class="choice"
                ><input
                  type="radio"
                  name="motion"
                  value=${m}
                  .checked=${user.motion === m}
                  @change=${() => this.set(PREFERENCE_KEYS.motion, m)}
                />${t(`motion.${m}`)}</label
              >`,
          )}
        </fieldset>
      </div>
      <mcp-brand-editor></mcp-brand-editor>
      <div class="actions"
        ><button type="button" class="primary" data-action="close" @click=${() => this.close()}
          >${t('panel.close')}</button
        ></div
      >
    </dialog>`;
  }
}

if (!customElements.get('mcp-theme-panel')) customElements.define('mcp-theme-panel', McpThemePanel);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-theme-panel': McpThemePanel;
  }
}
