import { html, css, nothing } from 'lit';
import { AppAskDialog } from './app-ask-dialog.js';
import { shellStyles } from '../shell.styles.js';
import { dialogStyles, linkStyles } from '../dialogs/dialog.styles.js';
import type { LinkRequest } from './app-view-services.js';
import { modalDialog } from '../dialogs/modal-dialog.js';

/**
 * <mcp-link-dialog>: asks the user before a link an MCP App asked for (`ui/open-link`) is opened.
 * Shows which app and server asked, the destination host on its own line and the full URL as text.
 * Modal, focus trapped, Cancel focused first, Escape cancels, focus returns to where it was.
 */
export class McpLinkDialog extends AppAskDialog<LinkRequest, boolean> {
  static override styles = [
    shellStyles,
    dialogStyles,
    linkStyles,
    css`
      dialog {
        max-width: min(36rem, 95vw);
      }
    `,
  ];

  constructor() {
    super({ escapeAnswer: () => false, initialFocus: '[data-action="cancel"]' });
  }

  /** Asks about `request` (one at a time); resolves true only when the user chooses Open link. */
  open(request: LinkRequest): Promise<boolean> {
    return this.ask(request, this.t('link.announce', { app: request.appName, host: request.host }));
  }

  private finish(answer: boolean): void {
    this.modal.finish(answer);
  }

  override render() {
    const r = this.request;
    return modalDialog(
      { role: 'alertdialog', title: 'link-title', about: 'link-host', onCancel: this.modal.onCancel },
      html`${
        r
          ? html`<h2 id="link-title">${this.t('link.title')}</h2>
              <p
                >${this.t('link.before')}<strong>${r.appName}</strong>${this.t('link.after', { server: r.serverName })}</p
              >
              <p id="link-host" class="host">${r.host}</p>
              <p class="url" aria-label=${this.t('link.fullAddress')}>${r.url}</p>
              <div class="actions">
                <button type="button" data-action="cancel" @click=${() => this.finish(false)}
                  >${this.t('confirm.cancel')}</button
                >
                <button type="button" class="primary" data-action="open" @click=${() => this.finish(true)}
                  >${this.t('link.open')}</button
                >
              </div>`
          : nothing
      }`,
    );
  }
}

if (!customElements.get('mcp-link-dialog')) customElements.define('mcp-link-dialog', McpLinkDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-link-dialog': McpLinkDialog;
  }
}
