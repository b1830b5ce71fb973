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

/** Below this width the bar keeps only the brand and one menu (a phone). */
const NARROW = '(max-width: 640px)';

/**
 * <mcp-app-bar>: the dashboard's header, one compact row — the brand (logo and product name), the Widgets, Saved
 * calls, Servers and Audit log buttons, a Settings menu (the browser agents switch with what the browser offers,
 * the language and theme choices, Appearance), and the person's menu in team mode. On a phone the four buttons
 * move into the menu too, so the bar stays one short row. Its buttons ask the dashboard (`mcp-app-bar-action`);
 * the language and theme are stored through Configuration, like every preference.
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
    narrow: { state: true },
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
  /** A phone-sized window: every control is in the menu. */
  declare narrow: boolean;
  private readonly l10n = new ShellLocalize(this);
  private readonly configuration = consume(this, configurationContext);
  private media: MediaQueryList | undefined;
  private readonly onMedia = () => (this.narrow = this.media?.matches ?? false);
  /** A press outside the open menu closes it. */
  private readonly onOutside = (e: Event) => {
    const menu = this.menu();
    if (menu?.open && !e.composedPath().includes(menu)) menu.open = false;
  };

  constructor() {
    super();
    this.productName = '';
    this.mode = 'auto';
    this.ready = false;
    this.storeOpen = false;
    this.narrow = false;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.media = window.matchMedia(NARROW);
    this.media.addEventListener('change', this.onMedia);
    this.onMedia();
    document.addEventListener('pointerdown', this.onOutside, true);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.media?.removeEventListener('change', this.onMedia);
    document.removeEventListener('pointerdown', this.onOutside, true);
  }

  private menu(): HTMLDetailsElement | null {
    return this.querySelector('details.settings');
  }

  /** Escape closes the open menu and gives focus back to its button. */
  private onMenuKey(e: KeyboardEvent): void {
    const menu = this.menu();
    if (e.key !== 'Escape' || !menu?.open) return;
    e.stopPropagation();
    menu.open = false;
    menu.querySelector('summary')?.focus();
  }

  private ask(action: AppBarAction): void {
    // The Widgets panel opens in the page: on a phone the menu over it closes. A dialog's opener stays shown,
    // so focus can go back to it when the dialog closes.
    if (action === 'widgets' && this.narrow) this.menu()?.removeAttribute('open');
    this.dispatchEvent(new AppBarActionEvent(action));
  }

  private set(key: string, value: unknown): void {
    void this.configuration.value?.set(key, value).catch(() => {});
  }

  /** Opens the Settings menu (the command palette's "Settings"): its first control gets focus. */
  openMenu(): void {
    const menu = this.menu();
    if (!menu) return;
    menu.open = true;
    menu.querySelector<HTMLElement>('.menu-panel button, .menu-panel select')?.focus();
  }

  /** Search (the command palette), Widgets, Saved calls, Servers and Audit log: in the bar, or in the menu on a phone. */
  private renderButtons(t: (key: string) => string) {
    return html`<button
        type="button"
        class="search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        data-action="search"
        title=${t('header.searchHint')}
        @click=${() => this.ask('search')}
        ?hidden=${!this.ready}
      >
        ${t('header.search')}
      </button>
      <button
        type="button"
        aria-expanded=${this.storeOpen ? 'true' : 'false'}
        aria-controls="widget-store"
        @click=${() => this.ask('widgets')}
      >
        ${t('header.widgets')}
      </button>
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
      >`;
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
        ${this.narrow ? nothing : this.renderButtons(t)}
        <details class="settings" @keydown=${(e: KeyboardEvent) => this.onMenuKey(e)}>
          <summary data-action="settings">${this.narrow ? t('header.menu') : t('header.settings')}</summary>
          <div class="menu-panel">
            ${this.narrow ? this.renderButtons(t) : nothing}
            <mcp-agent-switch></mcp-agent-switch>
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
          </div>
        </details>
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
