import { html, css, nothing } from 'lit';
import type { I18nInterface } from '../../../core/shared/types.js';
import { ModalController, ModalDialogElement } from '../../dialogs/modal-controller.js';
import { dialogStyles, fitScreenStyles } from '../../dialogs/dialog.styles.js';
import { modalDialog } from '../../dialogs/modal-dialog.js';
import { ShellLocalize } from '../../i18n/shell-localize.js';
import { shellStyles } from '../../shell.styles.js';
import type { PermissionAnswer, PermissionRequest } from './app-permissions.js';
import './app-permissions.js';

/**
 * <mcp-permission-dialog>: asks the person whether an MCP App may use the camera, the microphone or their location
 * — naming the app, its server and the origin it runs on. Modal, "Don't allow" focused first; Escape closes it
 * without an answer (the tile then offers "Allow…"). Loaded the first time an app asks (dashboard-boot.ts).
 */
export class McpPermissionDialog extends ModalDialogElement {
  static override styles = [
    shellStyles,
    dialogStyles,
    fitScreenStyles,
    css`
      dialog {
        max-width: min(32rem, 95vw);
      }
      .origin {
        overflow-wrap: anywhere;
      }
    `,
  ];

  static override properties = { request: { state: true } };

  declare request: PermissionRequest | undefined;
  /** The host's I18n; English without it. */
  i18n: I18nInterface | undefined;
  private readonly l10n = new ShellLocalize(this, { i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  protected readonly modal = new ModalController<PermissionAnswer>(this, {
    escapeAnswer: () => undefined,
    initialFocus: '[data-action="deny"]',
    onClose: () => (this.request = undefined),
  });

  /** Asks about `request` (one at a time); resolves with the person's answer, undefined when closed without one. */
  open(request: PermissionRequest): Promise<PermissionAnswer> {
    return this.modal.open(() => (this.request = request), this.t('permissions.announce', { app: request.appName }));
  }

  override render() {
    const r = this.request;
    const t = this.t;
    return modalDialog(
      { role: 'alertdialog', title: 'permission-title', about: 'permission-asks', onCancel: this.modal.onCancel },
      html`${
        r
          ? html`<h2 id="permission-title">${t('permissions.title')}</h2>
              <p id="permission-asks">${t('permissions.asks', { app: r.appName, server: r.serverName })}</p>
              <ul class="grow">
                ${r.permissions.map((p) => html`<li data-permission=${p}>${t(`permissions.${p}`)}</li>`)}
              </ul>
              <p class="muted origin">${t('permissions.origin', { origin: r.origin })}</p>
              <div class="actions">
                <button type="button" data-action="deny" @click=${() => this.modal.finish('deny')}
                  >${t('permissions.deny')}</button
                >
                <button type="button" class="primary" data-action="allow" @click=${() => this.modal.finish('allow')}
                  >${t('permissions.allow')}</button
                >
              </div>`
          : nothing
      }`,
    );
  }
}

if (!customElements.get('mcp-permission-dialog')) customElements.define('mcp-permission-dialog', McpPermissionDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-permission-dialog': McpPermissionDialog;
  }
}
