import { LitElement, html, css, nothing } from 'lit';
import type { A11yHelperInterface } from '../../core/types.js';
import { deepActiveElement } from '../a11y-helper.js';
import { shellStyles } from '../shell.styles.js';
import type { ConsentAnswer, ConsentRequest } from './registry-host.js';
import { signatureText, trustText } from './trust-text.js';

const TITLES: Record<ConsentRequest['kind'], (r: ConsentRequest) => string> = {
  install: (r) => `Install ${r.displayName} ${r.version}?`,
  update: (r) => `Update ${r.displayName} ${r.fromVersion} \u2192 ${r.version}?`,
  'major-update': (r) => `Approve major update of ${r.displayName}: ${r.fromVersion} \u2192 ${r.version}?`,
};

/**
 * Permission consent before a widget is installed (MCP-WP-11.4.5) and when an update asks for more
 * (11.4.7) or is a major version (16.5.4). A modal dialog like the tool confirmation: focus trapped,
 * Escape cancels, focus returns. `open(request)` resolves with the answer and the chosen servers.
 */
export class McpConsentDialog extends LitElement {
  static override styles = [
    shellStyles,
    css`
      dialog { max-width: min(40rem, 95vw); width: 100%; border: 2px solid var(--mcp-border, #8c959f); border-radius: var(--mcp-radius-lg, 8px);
        background: var(--mcp-background, #fff); color: var(--mcp-text-primary, #1b1f24); padding: var(--mcp-spacing-lg, 1rem); }
      dialog::backdrop { background: rgb(0 0 0 / 0.5); }
      h2 { margin: 0 0 var(--mcp-spacing-md, 0.5rem); font-size: 1.15rem; word-break: break-word; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px var(--mcp-spacing-md, 0.5rem); margin: 0; }
      dt { font-weight: 600; } dd { margin: 0; word-break: break-word; }
      .new { font-weight: 700; }
      fieldset { border: 1px solid var(--mcp-border, #8c959f); margin-top: var(--mcp-spacing-md, 0.5rem); }
      .actions { display: flex; justify-content: flex-end; gap: var(--mcp-spacing-md, 0.5rem); margin-top: var(--mcp-spacing-lg, 1rem); }
    `,
  ];

  static override properties = { request: { state: true } };

  declare request: ConsentRequest | undefined;
  a11y: A11yHelperInterface | undefined;
  private resolve: ((answer: ConsentAnswer) => void) | undefined;
  private returnFocus: HTMLElement | null = null;
  private releaseTrap: (() => void) | undefined;

  /** Shows the request; resolves when the user answers. */
  async open(request: ConsentRequest): Promise<ConsentAnswer> {
    this.finish(false);
    this.returnFocus = deepActiveElement();
    this.request = request;
    await this.updateComplete;
    this.renderRoot.querySelector('dialog')!.showModal();
    this.releaseTrap = this.a11y?.setFocusTrap(this);
    (this.renderRoot.querySelector('[data-action="cancel"]') as HTMLElement).focus();
    this.a11y?.announce(TITLES[request.kind](request), 'assertive');
    return new Promise<ConsentAnswer>((resolve) => {
      this.resolve = resolve;
    });
  }

  private finish(ok: boolean): void {
    const servers = [...this.renderRoot.querySelectorAll<HTMLInputElement>('input[name="server"]')].filter((i) => i.checked).map((i) => i.value);
    const dialog = this.renderRoot.querySelector('dialog');
    if (dialog?.open) dialog.close();
    this.releaseTrap?.();
    this.releaseTrap = undefined;
    const resolve = this.resolve;
    this.resolve = undefined;
    this.request = undefined;
    const target = this.returnFocus;
    this.returnFocus = null;
    if (target?.isConnected) target.focus();
    resolve?.({ ok, servers });
  }

  override render() {
    const r = this.request;
    const added = new Set(r?.added.map((a) => a.id) ?? []);
    const action = r?.kind === 'install' ? 'Install' : r?.kind === 'major-update' ? 'Approve update' : 'Update';
    return html`<dialog role="alertdialog" aria-modal="true" aria-labelledby="consent-title" aria-describedby="consent-permissions"
      @cancel=${(e: Event) => {
        e.preventDefault();
        this.finish(false);
      }}>
      ${r
        ? html`<h2 id="consent-title">${TITLES[r.kind](r)}</h2>
            <dl>
              <dt>Package</dt><dd>${r.name}</dd>
              <dt>Trust</dt><dd>${trustText(r.trustLevel)}</dd>
              <dt>Signature</dt><dd>${signatureText(r.signature)}</dd>
              ${r.dependencies.length ? html`<dt>Also installs</dt><dd>${r.dependencies.join(', ')}</dd>` : nothing}
            </dl>
            ${r.kind === 'major-update' ? html`<p><strong>A major version may change how the widget behaves. It is never installed without your approval.</strong></p>` : nothing}
            <h3>Permissions it asks for</h3>
            <div id="consent-permissions">
              ${r.permissions.length
                ? html`<ul>${r.permissions.map((p) => html`<li class=${added.has(p.id) ? 'new' : ''}>${p.label}${added.has(p.id) ? ' (new)' : ''}</li>`)}</ul>`
                : html`<p>None: it only shows what the dashboard gives every widget.</p>`}
              ${r.added.length ? html`<p><strong>This update asks for ${r.added.length} new permission${r.added.length === 1 ? '' : 's'}.</strong></p>` : nothing}
            </div>
            ${r.servers.length
              ? html`<fieldset><legend>Use it for</legend>
                  ${r.servers.map((s) => html`<label><input type="checkbox" name="server" .value=${s.name} ?checked=${s.checked} /> ${s.name}</label> `)}
                </fieldset>`
              : nothing}
            <div class="actions">
              <button type="button" data-action="cancel" @click=${() => this.finish(false)}>Cancel</button>
              <button type="button" class="primary" data-action="confirm" @click=${() => this.finish(true)}>${action}</button>
            </div>`
        : nothing}
    </dialog>`;
  }
}

if (!customElements.get('mcp-consent-dialog')) customElements.define('mcp-consent-dialog', McpConsentDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-consent-dialog': McpConsentDialog;
  }
}
