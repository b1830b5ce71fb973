import { LitElement, html, css, nothing } from 'lit';
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from '../../core/audit/audit-types.js';
import { deepActiveElement } from '../services/a11y-helper.js';
import { a11yContext, appsContext, consume, policyContext } from '../services/contexts.js';
import type { AppPermissions, PermissionRecord } from '../mcp-apps/permissions/app-permissions.js';
import { policyReason, translatedOr } from '../services/host-text.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';
import { panelStyles } from './panel.styles.js';

/**
 * <mcp-audit-panel>: the audit log viewer (MCP-WP-11.4.6): every audited call, denial, consent and
 * permission grant/revocation/violation, newest first, filterable and exportable as JSON; plus the
 * remembered consents (each can be forgotten) and what each live widget was granted.
 */
export class McpAuditPanel extends LitElement {
  static override styles = [
    shellStyles,
    panelStyles,
    css`
      dialog {
        width: min(72rem, 96vw);
      }
      .scroll {
        max-height: 45vh;
        overflow: auto;
        border: 1px solid var(--mcp-border, #8c959f);
      }
      th {
        position: sticky;
        top: 0;
        background: var(--mcp-surface, #f4f6f8);
      }
    `,
  ];

  static override properties = {
    entries: { state: true },
    kind: { state: true },
    open: { state: true },
    appPermissions: { state: true },
  };

  declare entries: AuditEntry[];
  declare kind: AuditKind | '';
  declare open: boolean;
  /** The apps' remembered device permissions (camera, microphone, location), each can be forgotten. */
  declare appPermissions: PermissionRecord[];
  private readonly policy = consume(this, policyContext);
  private readonly apps = consume(this, appsContext);
  private permissionStore: AppPermissions | undefined;
  private readonly a11y = consume(this, a11yContext);
  private readonly l10n = new ShellLocalize(this);
  private unsubscribes: Array<() => void> = [];
  private returnFocus: HTMLElement | null = null;
  private releaseTrap: (() => void) | undefined;

  constructor() {
    super();
    this.entries = [];
    this.kind = '';
    this.open = false;
    this.appPermissions = [];
  }

  /** Opens the panel and loads the log. */
  async show(): Promise<void> {
    const policy = this.policy.value;
    if (!policy) return;
    this.returnFocus = deepActiveElement();
    this.open = true;
    this.permissionStore = await this.apps.value?.permissions();
    await this.reload();
    await this.updateComplete;
    this.renderRoot.querySelector('dialog')?.showModal();
    this.releaseTrap = this.a11y.value?.setFocusTrap(this);
    (this.renderRoot.querySelector('[data-action="close-audit"]') as HTMLElement | null)?.focus();
    this.unsubscribes.push(
      policy.audit.onChange(() => void this.reload()),
      policy.consents.onChange(() => this.requestUpdate()),
    );
    if (this.permissionStore) this.unsubscribes.push(this.permissionStore.onChange(() => void this.reload()));
  }

  private close(): void {
    for (const u of this.unsubscribes) u();
    this.unsubscribes = [];
    this.renderRoot.querySelector('dialog')?.close();
    this.releaseTrap?.();
    this.releaseTrap = undefined;
    this.open = false;
    const target = this.returnFocus;
    this.returnFocus = null;
    if (target?.isConnected) target.focus();
  }

  private async reload(): Promise<void> {
    this.entries =
      (await this.policy.value?.audit.list({ limit: 1000, ...(this.kind ? { kind: this.kind } : {}) })) ?? [];
    this.appPermissions = (await this.permissionStore?.list()) ?? [];
  }

  private async exportJson(): Promise<void> {
    const json = await this.policy.value!.audit.exportJson();
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `mcp-dashboard-audit-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    a.rel = 'noopener';
    this.renderRoot.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.a11y.value?.announce(this.l10n.t('audit.exported'), 'polite');
  }

  private date(time: number | string): string {
    const value = new Date(time);
    const i18n = this.l10n.i18n;
    return i18n ? i18n.formatDate(value, { dateStyle: 'medium', timeStyle: 'medium' }) : value.toLocaleString();
  }

  private renderAppPermissions(t: (key: string, variables?: Record<string, unknown>) => string) {
    const store = this.permissionStore;
    return store ? appPermissionList(t, this.appPermissions, (key) => void store.forget(key)) : nothing;
  }

  override render() {
    const policy = this.policy.value;
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    const word = (prefix: string, value: string | undefined) =>
      value ? translatedOr(t, `${prefix}.${value}`, value) : '';
    const yesNo = (value: boolean) => (value ? t('audit.yes') : t('audit.no'));
    return html`<dialog
      aria-labelledby="audit-title"
      @cancel=${(e: Event) => {
        e.preventDefault();
        this.close();
      }}
    >
      ${
        this.open && policy
          ? html`<div class="bar">
                <h2 id="audit-title">${t('audit.title')}</h2>
                <label
                  >${t('audit.show')}
                  <select
                    .value=${this.kind}
                    @change=${(e: Event) => {
                      this.kind = (e.target as HTMLSelectElement).value as AuditKind | '';
                      void this.reload();
                    }}
                  >
                    <option value="">${t('audit.everything')}</option>
                    ${AUDIT_KINDS.map((k) => html`<option value=${k} ?selected=${k === this.kind}>${t(`audit.kind.${k}`)}</option>`)}
                  </select>
                </label>
                <button type="button" data-action="export-audit" @click=${() => void this.exportJson()}
                  >${t('audit.export')}</button
                >
                <button type="button" class="primary" data-action="close-audit" @click=${() => this.close()}
                  >${t('audit.close')}</button
                >
              </div>
              <p class="muted">${t('audit.intro')}</p>
              <div class="scroll" tabindex="0" role="region" aria-label=${t('audit.entries')}>
                <table>
                  <thead
                    ><tr
                      ><th scope="col">${t('audit.col.time')}</th><th scope="col">${t('audit.col.what')}</th
                      ><th scope="col">${t('audit.col.tool')}</th><th scope="col">${t('audit.col.caller')}</th
                      ><th scope="col">${t('audit.col.decision')}</th><th scope="col">${t('audit.col.outcome')}</th
                      ><th scope="col">${t('audit.col.reason')}</th></tr
                    ></thead
                  >
                  <tbody>
                    ${this.entries.length === 0 ? html`<tr><td colspan="7">${t('audit.empty')}</td></tr>` : nothing}
                    ${this.entries.map(
                      (e) =>
                        html`<tr data-kind=${e.kind}>
                          <td>${this.date(e.time)}</td>
                          <td>${word('audit.kind', e.kind)}</td>
                          <td>${e.serverName ?? ''}${e.toolName ? html`:<code>${e.toolName}</code>` : nothing}</td>
                          <td>${word('audit.surface', e.surface)}${e.callerId ? ` ${e.callerId}` : ''}</td>
                          <td>${word('audit.decision', e.decision)}${e.rule ? ` (${e.rule})` : ''}</td>
                          <td>${word('audit.outcome', e.outcome)}</td>
                          <td
                            >${e.reason ? policyReason(t, this.l10n.locale, e.rule, e.reason) : ''}${e.detail ? html`<div class="muted">${e.detail}</div>` : nothing}${
                              e.argumentNames?.length
                                ? html`<div class="muted"
                                    >${t('audit.arguments', { names: e.argumentNames.join(', ') })}</div
                                  >`
                                : nothing
                            }</td
                          >
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>
              <h3>${t('audit.consents')}</h3>
              ${
                policy.consents.list().length === 0
                  ? html`<p class="muted">${t('audit.consentsNone')}</p>`
                  : html`<ul aria-label=${t('audit.consents')}>
                      ${policy.consents.list().map((c) => {
                        const who = {
                          server: c.serverName,
                          surface: word('audit.surface', c.surface),
                          caller: c.callerId,
                          since: this.date(c.grantedAt),
                          rule: c.rule,
                        };
                        const scope = c.scope ?? 'tool';
                        const what =
                          scope === 'server-reads'
                            ? t('consent.item.serverReads', {
                                ...who,
                                count: Object.keys(c.tools ?? {}).length,
                                tools: Object.keys(c.tools ?? {}).join(', '),
                              })
                            : `${t('audit.consentItem', { ...who, tool: c.toolName })} \u2014 ${scope === 'view' ? t('consent.item.scope.view', { view: c.viewId ?? '' }) : `${t('consent.item.scope.tool')}, ${t(`consent.item.duration.${c.duration ?? 'persistent'}`)}`}`;
                        const full =
                          scope === 'server-reads'
                            ? `${what} \u2014 ${t(`consent.item.duration.${c.duration ?? 'persistent'}`)}`
                            : what;
                        return html`<li data-consent-scope=${scope}
                          >${full}
                          <button
                            type="button"
                            data-action="forget"
                            aria-label=${t('consent.item.forget', { what: scope === 'server-reads' ? c.serverName : `${c.serverName}:${c.toolName}` })}
                            @click=${() => void policy.gate.forget(c.key)}
                            >${t('audit.forget')}</button
                          ></li
                        >`;
                      })}
                    </ul>`
              }
              ${this.renderAppPermissions(t)}
              <h3>${t('audit.grants')}</h3>
              <ul aria-label=${t('audit.grants')}>
                ${policy.grants
                  .list()
                  .map(
                    (g) =>
                      html`<li
                        ><strong>${g.widgetId}</strong>: ${t('audit.grantTrust', { trust: g.trust })}
                        (${g.trustReason})${g.claimedTrust && g.claimedTrust !== g.trust ? html`; ${t('audit.grantClaimed', { claimed: g.claimedTrust })}` : nothing};
                        ${t('audit.grantOps', { ops: (['invokeTool', 'readResource', 'getPrompt', 'subscribeToUpdates'] as const).filter((k) => g.permissions[k]).join(', ') || t('audit.none') })};
                        ${t('audit.grantStorage', { storage: g.permissions.storage })};
                        ${t('audit.grantClipboard', { value: yesNo(g.permissions.clipboard) })};
                        ${t('audit.grantNotifications', { value: yesNo(g.permissions.notifications) })}</li
                      >`,
                  )}
              </ul>`
          : nothing
      }
    </dialog>`;
  }
}

/** The apps' remembered device permissions, each with Forget (the app's next view asks again). */
function appPermissionList(
  t: (key: string, variables?: Record<string, unknown>) => string,
  records: PermissionRecord[],
  forget: (key: string) => void,
) {
  const names = (list: string[]) => list.map((p) => t(`permissions.${p}`)).join(', ') || t('permissions.nothing');
  return html`<h3>${t('permissions.audit')}</h3> ${
      records.length === 0
        ? html`<p class="muted">${t('permissions.auditNone')}</p>`
        : html`<ul aria-label=${t('permissions.audit')}>
            ${records.map(
              (r) =>
                html`<li data-app-permissions=${r.serverName}
                  >${t('permissions.auditItem', {
                    app: r.appName,
                    server: r.serverName,
                    origin: r.origin,
                    granted: names(r.granted),
                    denied: names(r.denied),
                  })}
                  <button
                    type="button"
                    data-action="forget-permissions"
                    aria-label=${t('permissions.forgetLabel', { app: r.appName, server: r.serverName })}
                    @click=${() => forget(r.key)}
                    >${t('audit.forget')}</button
                  ></li
                >`,
            )}
          </ul>`
    }`;
}

if (!customElements.get('mcp-audit-panel')) customElements.define('mcp-audit-panel', McpAuditPanel);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-audit-panel': McpAuditPanel;
  }
}
