import { LitElement, html, nothing } from 'lit';
import type { Brand } from '../../core/shared/brand/brand-schema.js';
import type { ThemeModePreference } from '../../core/shared/types.js';
import { LANGUAGES } from '../i18n/messages.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { configurationContext, consume } from '../services/contexts.js';
import { PREFERENCE_KEYS } from '../services/preferences.js';
import { AppBarActionEvent, type AppBarAction } from './app-bar-action-event.js';
import '../agents/agent-switch.js';
import '../team/person-menu.js';

const MODES: ThemeModePreference[] = ['light', 'dark', 'high-contrast', 'auto'];

/**
 * <mcp-app-bar>: the dashboard's header — the brand (logo and product name), the Widgets, Saved calls,
 * Servers and Audit log buttons, the browser agents switch, the language and theme choices, and
 * Appearance. Its buttons ask the dashboard (`mcp-app-bar-action`); the language and theme are stored
 * through Configuration, like every preference.
 *
 * It renders into the dashboard's shadow root rather than a root of its own: the Widgets button's
 * `aria-controls` names the Widgets panel beside it there, and the dashboard's styles (app-bar.styles.ts)
 * apply as before.
 *
 * @fires mcp-app-bar-action - a button was pressed (`action`: what to open)
 */
export class McpAppBar extends LitElement {
  static override properties = {
    brand: { attribute: false },
    productName: { attribute: false },
    mode: { attribute: false },
    ready: { attribute: false },
    storeOpen: { attribute: false },
  };

  /** The brand in effect (its logo is shown beside the name). */
  declare brand: Brand | null | undefined;
  /** The brand's name, or the dashboard's own. */
  declare productName: string;
  /** The theme mode chosen. */
  declare mode: ThemeModePreference;
  /** The page's services exist: the buttons that need them are shown and the choices enabled. */
  declare ready: boolean;
  /** The Widgets panel is open. */
  declare storeOpen: boolean;
  private readonly l10n = new ShellLocalize(this);
  private readonly configuration = consume(this, configurationContext);

  constructor() {
    super();
    this.productName = '';
    this.mode = 'auto';
    this.ready = false;
    this.storeOpen = false;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  private ask(action: AppBarAction): void {
    this.dispatchEvent(new AppBarActionEvent(action));
  }

  private set(key: string, value: unknown): void {
    void this.configuration.value?.set(key, value).catch(() => {});
  }

  override render() {
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    const locale = this.l10n.locale;
    const brand = this.brand;
    return html`<header class="top">
      <div class="brand">
        ${brand?.logo ? html`<img src=${brand.logo} alt=${brand.logoAlt ?? ''} />` : nothing}
        <h1>${this.productName}</h1>
      </div>
      <span class="spacer"></span>
      <div class="controls">
        <button
          type="button"
          aria-expanded=${this.storeOpen ? 'true' : 'false'}
          aria-controls="widget-store"
          @click=${() => this.ask('widgets')}
        >
          ${t('header.widgets')}
        </button>
        <mcp-agent-switch></mcp-agent-switch>
        <button type="button" data-action="saved-calls" @click=${() => this.ask('saved-calls')} ?hidden=${!this.ready}
          >${t('header.savedCalls')}</button
        >
        <button
          type="button"
          aria-haspopup="dialog"
          data-action="servers"
          @click=${() => this.ask('servers')}
          ?hidden=${!this.ready}
          >${t('header.servers')}</button
        >
        <button
          type="button"
          aria-haspopup="dialog"
          data-action="audit"
          @click=${() => this.ask('audit')}
          ?hidden=${!this.ready}
          >${t('header.audit')}</button
        >
        <label
          >${t('header.language')}
          <select
            @change=${(e: Event) => this.set(PREFERENCE_KEYS.locale, (e.target as HTMLSelectElement).value)}
            ?disabled=${!this.ready}
          >
            ${LANGUAGES.map((l) => html`<option value=${l.locale} lang=${l.locale} ?selected=${l.locale === locale}>${l.name}</option>`)}
          </select>
        </label>
        <label
          >${t('header.theme')}
          <select
            @change=${(e: Event) => this.set(PREFERENCE_KEYS.mode, (e.target as HTMLSelectElement).value)}
            ?disabled=${!this.ready}
          >
            ${MODES.map((m) => html`<option value=${m} ?selected=${m === this.mode}>${t(`mode.${m}`)}</option>`)}
          </select>
        </label>
        <button
          type="button"
          aria-haspopup="dialog"
          data-action="appearance"
          ?disabled=${!this.ready}
          @click=${() => this.ask('appearance')}
        >
          ${t('header.appearance')}
        </button>
        <mcp-person-menu></mcp-person-menu>
      </div>
    </header>`;
  }
}

if (!customElements.get('mcp-app-bar')) customElements.define('mcp-app-bar', McpAppBar);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-app-bar': McpAppBar;
  }
}
