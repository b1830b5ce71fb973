import { LitElement, html, css, nothing } from 'lit';
import type { AuditEntry, AuditKind } from '../core/audit/audit-types.js';
import type { A11yHelperInterface } from '../core/types.js';
import { deepActiveElement } from './a11y-helper.js';
import type { PolicyServices } from './policy-services.js';
import { shellStyles } from './shell.styles.js';

const KIND_LABEL: Record<AuditKind, string> = {
  'tool-call': 'Tool call',
  'policy-denial': 'Denied by policy',
  'consent-granted': 'Consent remembered',
  'consent-revoked': 'Consent forgotten',
  'permission-grant': 'Permissions granted',
  'permission-revocation': 'Permissions ended',
  'permission-violation': 'Permission violation',
  'security-event': 'Security event',
};

/**
 * <mcp-audit-panel>: the audit log viewer (MCP-WP-11.4.6): every audited call, denial, consent and
 * permission grant/revocation/violation, newest first, filterable and exportable as JSON; plus the
 * remembered consents (each can be forgotten) and what each live widget was granted.
 */
export class McpAuditPanel extends LitElement {
  static override styles = [
    shellStyles,
    css`
      dialog { width: min(72rem, 96vw); max-height: 90vh; border: 2px solid var(--mcp-border, #8c959f); border-radius: var(--mcp-radius-lg, 8px);
        background: var(--mcp-background, #fff); color: var(--mcp-text-primary, #1b1f24); padding: var(--mcp-spacing-lg, 1rem); }
      dialog::backdrop { background: rgb(0 0 0 / 0.5); }
      .bar { display: flex; flex-wrap: wrap; gap: var(--mcp-spacing-md, 0.5rem); align-items: center; }
      h2 { margin: 0; font-size: 1.2rem; flex: 1; }
      h3 { font-size: 1rem; margin: var(--mcp-spacing-lg, 1rem) 0 var(--mcp-spacing-sm, 0.25rem); }
      .scroll { max-height: 45vh; overflow: auto; border: 1px solid var(--mcp-border, #8c959f); }
      table { border-collapse: collapse; width: 100%; font-size: var(--mcp-font-size-sm, 0.8125rem); }
      th, td { text-align: left; vertical-align: top; padding: 2px 6px; border-bottom: 1px solid var(--mcp-border, #8c959f); word-break: break-word; }
      th { position: sticky; top: 0; background: var(--mcp-surface, #f4f6f8); }
      ul { padding-left: 1.25rem; }
    `,
  ];

  static override properties = { entries: { state: true }, kind: { state: true }, open: { state: true } };

  declare entries: AuditEntry[];
  declare kind: AuditKind | '';
  declare open: boolean;
  policy: PolicyServices | undefined;
  a11y: A11yHelperInterface | undefined;
  private unsubscribes: Array<() => void> = [];
  private returnFocus: HTMLElement | null = null;
  private releaseTrap: (() => void) | undefined;

  constructor() {
    super();
    this.entries = [];
    this.kind = '';
    this.open = false;
  }

  /** Opens the panel and loads the log. */
  async show(): Promise<void> {
    if (!this.policy) return;
    this.returnFocus = deepActiveElement();
    this.open = true;
    await this.reload();
    await this.updateComplete;
    this.renderRoot.querySelector('dialog')?.showModal();
    this.releaseTrap = this.a11y?.setFocusTrap(this);
    (this.renderRoot.querySelector('[data-action="close-audit"]') as HTMLElement | null)?.focus();
    this.unsubscribes.push(
      this.policy.audit.onChange(() => void this.reload()),
      this.policy.consents.onChange(() => this.requestUpdate()),
    );
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
    this.entries = (await this.policy?.audit.list({ limit: 1000, ...(this.kind ? { kind: this.kind } : {}) })) ?? [];
  }

  private async exportJson(): Promise<void> {
    const json = await this.policy!.audit.exportJson();
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `mcp-dashboard-audit-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    a.rel = 'noopener';
    this.renderRoot.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.a11y?.announce('The audit log was exported as JSON.', 'polite');
  }

  override render() {
    const policy = this.policy;
    return html`<dialog aria-labelledby="audit-title" @cancel=${(e: Event) => {
      e.preventDefault();
      this.close();
    }}>
      ${this.open && policy
        ? html`<div class="bar">
              <h2 id="audit-title">Audit log and permissions</h2>
              <label>Show
                <select .value=${this.kind} @change=${(e: Event) => {
                  this.kind = (e.target as HTMLSelectElement).value as AuditKind | '';
                  void this.reload();
                }}>
                  <option value="">everything</option>
                  ${(Object.keys(KIND_LABEL) as AuditKind[]).map((k) => html`<option value=${k}>${KIND_LABEL[k]}</option>`)}
                </select>
              </label>
              <button type="button" data-action="export-audit" @click=${() => void this.exportJson()}>Export JSON</button>
              <button type="button" class="primary" data-action="close-audit" @click=${() => this.close()}>Close</button>
            </div>
            <p class="muted">Tool calls of actions and undeclared tools, denials, consents, widget permissions and widget packages refused for security reasons. Argument values and passkey data are never recorded (only argument names and a SHA-256 digest).</p>
            <div class="scroll" tabindex="0" aria-label="Audit entries">
              <table>
                <thead><tr><th scope="col">Time</th><th scope="col">What</th><th scope="col">Server / tool</th><th scope="col">Caller</th><th scope="col">Decision</th><th scope="col">Outcome</th><th scope="col">Reason / detail</th></tr></thead>
                <tbody>
                  ${this.entries.length === 0 ? html`<tr><td colspan="7">Nothing recorded yet.</td></tr>` : nothing}
                  ${this.entries.map(
                    (e) => html`<tr data-kind=${e.kind}>
                      <td>${new Date(e.time).toLocaleString()}</td>
                      <td>${KIND_LABEL[e.kind] ?? e.kind}</td>
                      <td>${e.serverName ?? ''}${e.toolName ? html`:<code>${e.toolName}</code>` : nothing}</td>
                      <td>${e.surface ?? ''}${e.callerId ? ` ${e.callerId}` : ''}</td>
                      <td>${e.decision ?? ''}${e.rule ? ` (${e.rule})` : ''}</td>
                      <td>${e.outcome ?? ''}</td>
                      <td>${e.reason ?? ''}${e.detail ? html`<div class="muted">${e.detail}</div>` : nothing}${e.argumentNames?.length
                        ? html`<div class="muted">arguments: ${e.argumentNames.join(', ')}</div>`
                        : nothing}</td>
                    </tr>`,
                  )}
                </tbody>
              </table>
            </div>
            <h3>Remembered consents</h3>
            ${policy.consents.list().length === 0
              ? html`<p class="muted">None. Tick "Remember for this tool" in the confirmation dialog where it is offered.</p>`
              : html`<ul aria-label="Remembered consents">
                  ${policy.consents.list().map(
                    (c) => html`<li>${c.serverName}:<code>${c.toolName}</code> for ${c.surface} ${c.callerId} (since ${new Date(c.grantedAt).toLocaleString()}, policy ${c.rule})
                      <button type="button" data-action="forget" @click=${() => void policy.gate.forget(c.key)}>Forget</button></li>`,
                  )}
                </ul>`}
            <h3>Widget trust and permissions</h3>
            <ul aria-label="Widget permissions">
              ${policy.grants.list().map(
                (g) => html`<li><strong>${g.widgetId}</strong>: trust ${g.trust} (${g.trustReason})${g.claimedTrust && g.claimedTrust !== g.trust ? html`; claimed "${g.claimedTrust}" (ignored)` : nothing};
                  MCP: ${(['invokeTool', 'readResource', 'getPrompt', 'subscribeToUpdates'] as const).filter((k) => g.permissions[k]).join(', ') || 'none'};
                  storage: ${g.permissions.storage}; clipboard: ${g.permissions.clipboard ? 'yes' : 'no'}; notifications: ${g.permissions.notifications ? 'yes' : 'no'}</li>`,
              )}
            </ul>`
        : nothing}
    </dialog>`;
  }
}

if (!customElements.get('mcp-audit-panel')) customElements.define('mcp-audit-panel', McpAuditPanel);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-audit-panel': McpAuditPanel;
  }
}
