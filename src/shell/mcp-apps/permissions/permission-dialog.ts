import { html, css, nothing } from 'lit';
import { AppAskDialog } from '../app-ask-dialog.js';
import { dialogStyles, fitScreenStyles } from '../../dialogs/dialog.styles.js';
import { modalDialog } from '../../dialogs/modal-dialog.js';
import { shellStyles } from '../../shell.styles.js';
import type { PermissionAnswer, PermissionRequest } from './app-permissions.js';
import './app-permissions.js';

/**
 * <mcp-permission-dialog>: asks the person whether an MCP App may use the camera, the microphone, their location or
 * the clipboard — naming the app, its server and the origin it runs on, one checkbox per permission (all ticked):
 * "Allow" grants the ticked ones and refuses the others, "Don't allow" refuses all. Modal, "Don't allow" focused
 * first; Escape closes it without an answer (the tile then offers "Allow…"). Loaded the first time an app asks
 * (dashboard-boot.ts).
 */
export class McpPermissionDialog extends AppAskDialog<PermissionRequest, PermissionAnswer> {
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
      .choices {
        list-style: none;
        padding-inline-start: 0;
      }
      .choices label {
        display: flex;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: center;
        min-height: 2.75rem;
      }
    `,
  ];

  constructor() {
    super({ escapeAnswer: () => undefined, initialFocus: '[data-action="deny"]' });
  }

  /** Asks about `request` (one at a time); resolves with the person's answer, undefined when closed without one. */
  open(request: PermissionRequest): Promise<PermissionAnswer> {
    return this.ask(request, this.t('permissions.announce', { app: request.appName }));
  }

  /** What the checkboxes say: the ticked permissions are allowed, the others are not. */
  private choices(request: PermissionRequest): NonNullable<PermissionAnswer> {
    const ticked = (p: string) =>
      this.renderRoot.querySelector<HTMLInputElement>(`input[name="${CSS.escape(p)}"]`)?.checked ?? true;
    return {
      granted: request.permissions.filter(ticked),
      denied: request.permissions.filter((p) => !ticked(p)),
    };
  }

  override render() {
    const r = this.request;
    const t = this.t;
    return modalDialog(
      { role: 'alertdialog', title: 'permission-title', about: 'permission-asks', onCancel: this.modal.onCancel },
      html`${
        r
          ? html`<h2 id="permission-title">
                ${t(r.permissions.every((p) => p === 'clipboardWrite') ? 'permissions.titleClipboard' : 'permissions.title')}
              </h2>
              <p id="permission-asks">${t('permissions.asks', { app: r.appName, server: r.serverName })}</p>
              <ul class="grow choices">
                ${r.permissions.map(
                  (p) =>
                    html`<li data-permission=${p}>
                      <label><input type="checkbox" name=${p} checked />${t(`permissions.${p}`)}</label>
                    </li>`,
                )}
              </ul>
              <p class="muted origin">${t('permissions.origin', { origin: r.origin })}</p>
              <div class="actions">
                <button
                  type="button"
                  data-action="deny"
                  @click=${() => this.modal.finish({ granted: [], denied: r.permissions })}
                  >${t('permissions.deny')}</button
                >
                <button
                  type="button"
                  class="primary"
                  data-action="allow"
                  @click=${() => this.modal.finish(this.choices(r))}
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
