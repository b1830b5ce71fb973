import { LitElement, html, nothing } from 'lit';
import type { DownloadProgress, SearchHit } from '../../../registry-client/index.js';
import type { I18nInterface } from '../../core/shared/types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';
import { renderInstalledWidget, type InstalledWidgetActions } from './installed-widget-item.js';
import { renderPackageDetails, type SelectedPackage } from './package-details.js';
import type { RegistryHost } from './registry-host.js';
import { trustText } from './trust-text.js';
import { widgetStoreStyles } from './widget-store.styles.js';
import { addShellMessages } from '../i18n/messages.js';
import { BRAND_CATALOGS } from '../brand/brand-messages.js';

addShellMessages(BRAND_CATALOGS);

/**
 * <mcp-widget-store>: the Install panel (search a registry, versions, permissions, trust, signature
 * state, download progress) and the list of installed widgets with update, rollback and uninstall.
 * All work is done by the RegistryHost; this element only shows it.
 */
export class McpWidgetStore extends LitElement {
  static override styles = [shellStyles, widgetStoreStyles];

  static override properties = {
    results: { state: true },
    selected: { state: true },
    progress: { state: true },
    message: { state: true },
    failure: { state: true },
    busy: { state: true },
    tick: { state: true },
    i18n: { attribute: false },
    // Its own accessor below. Declared so that a host given before this element's module loaded (the panel opened
    // while the registry code was still on its way) is handed to that setter when the element upgrades, instead of
    // staying an own property that hides it (the panel then said "Loading widget settings…" for good).
    host: { attribute: false, noAccessor: true },
  };

  declare results: SearchHit[] | undefined;
  declare selected: SelectedPackage | undefined;
  declare progress: DownloadProgress | undefined;
  declare message: string | undefined;
  declare failure: string | undefined;
  declare busy: boolean;
  declare tick: number;
  /** The host's I18n; English without it. */
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new ShellLocalize(this, { i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private hostRef: RegistryHost | undefined;
  private readonly onChange = () => {
    this.tick += 1;
  };

  constructor() {
    super();
    this.busy = false;
    this.tick = 0;
  }

  /** The registry host this panel shows. */
  get host(): RegistryHost | undefined {
    return this.hostRef;
  }

  set host(value: RegistryHost | undefined) {
    this.hostRef?.removeEventListener('change', this.onChange);
    this.hostRef = value;
    value?.addEventListener('change', this.onChange);
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.hostRef?.removeEventListener('change', this.onChange);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.hostRef?.addEventListener('change', this.onChange);
  }

  private async run(work: () => Promise<string | undefined>): Promise<void> {
    this.busy = true;
    this.message = undefined;
    this.failure = undefined;
    try {
      this.message = await work();
    } catch (error) {
      this.failure = (error as Error).message;
    } finally {
      this.busy = false;
      this.progress = undefined;
    }
  }

  private async search(event: Event): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const q = (form.elements.namedItem('q') as HTMLInputElement).value;
    const server = (form.elements.namedItem('server') as HTMLSelectElement).value || undefined;
    this.selected = undefined;
    await this.run(async () => {
      const { hits, errors } = await this.host!.search(q, server);
      this.results = hits;
      if (errors.length && !hits.length) throw new Error(errors.join(' '));
      return `${this.t('store.found', { count: hits.length })}${errors.length ? ` ${this.t('store.someFailed', { errors: errors.join(' ') })}` : ''}`;
    });
  }

  private async select(hit: SearchHit, version?: string): Promise<void> {
    this.message = undefined;
    this.failure = undefined;
    const versions = this.selected?.hit.name === hit.name ? this.selected.versions : [];
    this.selected = { hit, versions, version: version ?? hit.version, loading: true };
    try {
      const list = versions.length ? versions : await this.host!.versions(hit.name).catch(() => [hit.version]);
      const chosen = version ?? list[0] ?? hit.version;
      this.selected = { hit, versions: list, version: chosen, loading: true };
      const plan = await this.host!.preview(hit.name, chosen);
      this.selected = { hit, versions: list, version: chosen, plan, loading: false };
    } catch (error) {
      this.selected = { ...this.selected!, loading: false, error: (error as Error).message };
    }
  }

  private install(): void {
    const s = this.selected;
    if (!s) return;
    void this.run(async () => {
      const entry = await this.host!.install(s.hit.name, s.version, (p) => {
        this.progress = p;
      });
      return entry
        ? this.t('store.installed', { name: s.hit.displayName ?? s.hit.name, version: entry.version })
        : undefined;
    });
  }

  override render() {
    const host = this.host;
    const t = this.t;
    if (!host) return html`<p role="status">${t('store.loading')}</p>`;
    const registries = host.settings?.registries ?? [];
    const p = this.progress;
    const installedActions: InstalledWidgetActions = { t, host: () => this.host!, run: (work) => this.run(work) };
    return html`<section aria-labelledby="store-title">
      <h2 id="store-title">${t('store.title')}</h2>
      ${host.problem ? html`<p class="error" role="alert">✗ ${host.problem}</p>` : nothing}
      <h3>${t('store.fromRegistry')}</h3>
      ${
        registries.length === 0
          ? html`<p>${t('store.noRegistry')} <code>"dashboard": { "registries": [{ "url": "https://…" }] }</code></p>`
          : html`<p class="muted"
                >${t('store.registries', { list: registries.map((r) => r.name ?? r.url).join(', ') })}</p
              >
              <form role="search" @submit=${this.search}>
                <label>${t('store.search')} <input type="search" name="q" /></label>
                <label
                  >${t('store.server')}
                  <select name="server"
                    ><option value="">${t('store.anyServerOption')}</option
                    >${host.serverNames().map((s) => html`<option value=${s}>${s}</option>`)}</select
                  ></label
                >
                <button type="submit">${t('store.search')}</button>
              </form>`
      }
      ${
        this.results
          ? html`<ul aria-label=${t('store.results')} class="results">
              ${this.results.map(
                (hit) =>
                  html`<li class="item"
                    ><button
                      type="button"
                      class="hit"
                      aria-pressed=${this.selected?.hit.name === hit.name ? 'true' : 'false'}
                      @click=${() => void this.select(hit)}
                    >
                      ${hit.displayName ?? hit.name} ${hit.version}</button
                    >
                    <span class="muted"
                      >${hit.name} ·
                      ${trustText(hit.trustLevel, t)}${hit.publisher ? ` \u00b7 ${hit.publisher}` : ''}</span
                    >
                    ${hit.description ? html`<div>${hit.description}</div>` : nothing}</li
                  >`,
              )}
            </ul>`
          : nothing
      }
      ${renderPackageDetails(this.selected, {
        t,
        busy: () => this.busy,
        select: (hit, version) => void this.select(hit, version),
        install: () => this.install(),
      })}
      ${
        p
          ? html`<p
              ><label
                >${t('store.downloading', { name: p.name, version: p.version, index: p.index, count: p.count })}
                <progress max=${p.total ?? 0} .value=${p.received}></progress
              ></label>
              ${
                p.total
                  ? t('store.kibOf', { received: Math.round(p.received / 1024), total: Math.round(p.total / 1024) })
                  : t('store.kib', { received: Math.round(p.received / 1024) })
              }</p
            >`
          : nothing
      }
      ${this.message ? html`<p role="status" class="result">${this.message}</p>` : nothing}
      ${
        this.failure
          ? html`<div class="error failure" role="alert"
              ><p><strong>✗ ${this.failure}</strong></p
              ><p class="muted">${t('brand.failed')}</p></div
            >`
          : nothing
      }
      <h3>${t('store.installedHeading')}</h3>
      ${
        host.installed.length
          ? html`<ul aria-label=${t('store.installedList')}
              >${host.installed.map((v) => renderInstalledWidget(v, installedActions))}</ul
            >`
          : html`<p>${t('store.noneInstalled')}</p>`
      }
      <p
        ><button
          type="button"
          class="check-updates"
          @click=${() => void this.run(async () => (await host.checkUpdates(), t('store.checked')))}
          >${t('store.checkUpdates')}</button
        >
        <span class="muted">${t('store.updatePolicy')}</span></p
      >
      ${
        host.securityEvents.length
          ? html`<h3>${t('store.refused')}</h3
              ><ul aria-label=${t('store.securityEvents')} class="security"
                >${host.securityEvents
                  .slice(0, 10)
                  .map(
                    (e) => html`<li>${this.l10n.formatDate(e.timestamp, { timeStyle: 'medium' })} — ${e.message}</li>`,
                  )}</ul
              >`
          : nothing
      }
    </section>`;
  }
}

if (!customElements.get('mcp-widget-store')) customElements.define('mcp-widget-store', McpWidgetStore);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-widget-store': McpWidgetStore;
  }
}
