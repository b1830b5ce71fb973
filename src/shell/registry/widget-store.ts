import { LitElement, html, css, nothing } from 'lit';
import {
  describePermissions,
  type DownloadProgress,
  type InstallPlan,
  type SearchHit,
} from '../../../registry-client/index.js';
import type { I18nInterface } from '../../core/shared/types.js';
import { LocalizeController } from '../../../widgets/kit/i18n/localize.js';
import { SHELL_CATALOGS } from '../i18n/messages.js';
import { shellStyles } from '../shell.styles.js';
import type { InstalledWidgetView, RegistryHost } from './registry-host.js';
import { permissionText, signatureText, trustText } from './trust-text.js';

type Selected = {
  hit: SearchHit;
  versions: string[];
  version: string;
  plan?: InstallPlan;
  error?: string;
  loading: boolean;
};

/**
 * <mcp-widget-store>: the Install panel (search a registry, versions, permissions, trust, signature
 * state, download progress) and the list of installed widgets with update, rollback and uninstall.
 * All work is done by the RegistryHost; this element only shows it.
 */
export class McpWidgetStore extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
        border: 1px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-lg, 8px);
        padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        background: var(--mcp-background, #fff);
      }
      h2 {
        margin: 0 0 var(--mcp-spacing-md, 0.5rem);
        font-size: 1.15rem;
      }
      h3 {
        font-size: 1rem;
        margin: var(--mcp-spacing-lg, 1rem) 0 var(--mcp-spacing-sm, 0.25rem);
      }
      form {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: end;
      }
      ul {
        list-style: none;
        padding: 0;
        margin: 0;
        display: grid;
        gap: var(--mcp-spacing-sm, 0.25rem);
      }
      li.item {
        border: 1px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-md, 4px);
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: center;
      }
      .details {
        border-left: 4px solid var(--mcp-border, #8c959f);
        padding-left: var(--mcp-spacing-md, 0.5rem);
        margin-top: var(--mcp-spacing-md, 0.5rem);
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 2px var(--mcp-spacing-md, 0.5rem);
        margin: 0;
      }
      dt {
        font-weight: 600;
      }
      dd {
        margin: 0;
        word-break: break-word;
      }
      .error {
        border-left: 4px solid var(--mcp-error-dark, #a4161a);
        padding-left: var(--mcp-spacing-md, 0.5rem);
      }
      progress {
        width: 16rem;
      }
    `,
  ];

  static override properties = {
    results: { state: true },
    selected: { state: true },
    progress: { state: true },
    message: { state: true },
    failure: { state: true },
    busy: { state: true },
    tick: { state: true },
    i18n: { attribute: false },
  };

  declare results: SearchHit[] | undefined;
  declare selected: Selected | undefined;
  declare progress: DownloadProgress | undefined;
  declare message: string | undefined;
  declare failure: string | undefined;
  declare busy: boolean;
  declare tick: number;
  /** The host's I18n; English without it. */
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: SHELL_CATALOGS, i18n: () => this.i18n });
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

  private renderDetails() {
    const s = this.selected;
    if (!s) return nothing;
    const plan = s.plan;
    const m = plan?.root.manifest;
    const t = this.t;
    return html`<div class="details" aria-live="polite">
      <h3>${s.hit.displayName ?? s.hit.name}</h3>
      <label
        >${t('store.version')}
        <select
          aria-label=${t('store.version')}
          @change=${(e: Event) => void this.select(s.hit, (e.target as HTMLSelectElement).value)}
        >
          ${(s.versions.length ? s.versions : [s.version]).map((v) => html`<option value=${v} ?selected=${v === s.version}>${v}</option>`)}
        </select>
      </label>
      ${s.loading ? html`<p role="status">${t('store.checking', { name: s.hit.name, version: s.version })}</p>` : nothing}
      ${
        s.error
          ? html`<div class="error check-error" role="alert"
              ><p><strong>✗ ${s.error}</strong></p></div
            >`
          : nothing
      }
      ${
        m && plan
          ? html`<dl>
                <dt>${t('store.package')}</dt><dd>${m.name} ${m.version}</dd>
                ${m.description ? html`<dt>${t('store.about')}</dt><dd>${m.description}</dd>` : nothing}
                <dt>${t('store.trust')}</dt><dd>${trustText(plan.root.trustLevel, t)}</dd>
                <dt>${t('store.signature')}</dt><dd class="signature">${signatureText(plan.root.signature, t)}</dd>
                <dt>${t('store.servers')}</dt
                ><dd>${m.mcpServers?.length ? m.mcpServers.join(', ') : t('store.anyServer')}</dd>
                <dt>${t('store.dependencies')}</dt
                ><dd
                  >${
                    plan.packages.length > 1
                      ? plan.packages
                          .slice(0, -1)
                          .map((p) => `${p.manifest.name} ${p.manifest.version}`)
                          .join(', ')
                      : t('store.none')
                  }</dd
                >
                <dt>${t('store.permissions')}</dt
                ><dd
                  >${
                    describePermissions(m.permissions)
                      .map((p) => permissionText(p, t))
                      .join('; ') || t('store.none')
                  }</dd
                >
              </dl>
              <button
                type="button"
                class="primary"
                aria-disabled=${this.busy ? 'true' : 'false'}
                @click=${() => !this.busy && this.install()}
                >${t('store.install')}</button
              >`
          : nothing
      }
    </div>`;
  }

  private renderInstalled(v: InstalledWidgetView) {
    const u = v.update;
    const t = this.t;
    return html`<li class="item installed" data-name=${v.name}>
      <div class="row">
        <strong>${v.manifest?.displayName ?? v.name}</strong>
        <span class="version">${v.entry.version}</span>
        <span class="muted">${v.name}</span>
        <span class="muted">${trustText(v.manifest?.trustLevel, t)}</span>
      </div>
      ${
        v.state !== 'ready'
          ? html`<p class="error" role="alert"
              >✗ ${v.message ?? t('store.notAvailable')}
              <button
                type="button"
                @click=${() => void this.run(async () => (await this.host!.retry(v.name), undefined))}
                >${t('store.retry')}</button
              ></p
            >`
          : nothing
      }
      ${v.reloadNeeded ? html`<p role="status" class="reload">${t('store.reload', { version: v.entry.version })} <button type="button" @click=${() => location.reload()}>${t('store.reloadNow')}</button></p>` : nothing}
      ${u?.downgrade ? html`<p class="error" role="alert">✗ ${t('store.downgrade', { offered: u.downgrade, installed: v.entry.version })}</p>` : nothing}
      ${u?.error ? html`<p class="muted">${t('store.updateFailed', { error: u.error })}</p>` : nothing}
      ${u?.needsConsent ? html`<p class="muted">${u.needsConsent}</p>` : nothing}
      <div class="row">
        ${
          u?.offer
            ? html`<button
                type="button"
                class="update"
                @click=${() =>
                  void this.run(async () => {
                    const result = await this.host!.update(v.name, u.offer!.version);
                    return result === 'updated'
                      ? t('store.updated', { name: v.name, version: u.offer!.version })
                      : t('store.notUpdated', { name: v.name });
                  })}
                >${u.offer.kind === 'major' ? t('store.reviewMajor', { version: u.offer.version }) : t('store.updateTo', { version: u.offer.version, kind: u.offer.kind })}</button
              >`
            : u && !u.error && !u.downgrade
              ? html`<span class="muted">${t('store.upToDate')}</span>`
              : nothing
        }
        ${
          v.entry.previous
            ? html`<button
                type="button"
                class="rollback"
                @click=${() =>
                  void this.run(
                    async () => (
                      await this.host!.rollback(v.name),
                      t('store.rolledBack', { name: v.name, version: v.entry.previous!.version })
                    ),
                  )}
                >${t('store.rollBack', {
                  version: v.entry.previous.version,
                })}</button
              >`
            : nothing
        }
        <label><input type="checkbox" class="purge" /> ${t('store.purge')}</label>
        <button
          type="button"
          class="uninstall"
          @click=${(e: Event) => {
            const purge = ((e.target as HTMLElement).parentElement!.querySelector('input.purge') as HTMLInputElement)
              .checked;
            void this.run(
              async () => (await this.host!.uninstall(v.name, purge), t('store.uninstalled', { name: v.name })),
            );
          }}
          >${t('store.uninstall')}</button
        >
      </div>
    </li>`;
  }

  override render() {
    const host = this.host;
    const t = this.t;
    if (!host) return html`<p role="status">${t('store.loading')}</p>`;
    const registries = host.settings?.registries ?? [];
    const p = this.progress;
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
      ${this.renderDetails()}
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
              >${host.installed.map((v) => this.renderInstalled(v))}</ul
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
