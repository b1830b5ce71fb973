import { html, css, nothing } from 'lit';
import { AppAskDialog } from '../app-ask-dialog.js';
import { formatBytes, type DownloadFile } from '../../../core/mcp-apps/download-file.js';
import { dialogStyles, fitScreenStyles } from '../../dialogs/dialog.styles.js';
import { modalDialog } from '../../dialogs/modal-dialog.js';
import { addShellMessages } from '../../i18n/messages.js';
import { shellStyles } from '../../shell.styles.js';
import { DOWNLOAD_CATALOGS } from './messages.js';

addShellMessages(DOWNLOAD_CATALOGS);

/** What the dialog asks about: which app, from which server, and the files as checked (download-file.ts). */
export interface DownloadRequest {
  appName: string;
  serverName: string;
  files: DownloadFile[];
}

/**
 * <mcp-download-dialog>: asks the person before the files an MCP App handed over (`ui/download-file`) are saved —
 * each with the name the dashboard will save it under, its type and its size. Modal, Cancel focused first, Escape
 * cancels. Loaded the first time an app asks (dashboard-boot.ts).
 */
export class McpDownloadDialog extends AppAskDialog<DownloadRequest, boolean> {
  static override styles = [
    shellStyles,
    dialogStyles,
    fitScreenStyles,
    css`
      dialog {
        max-width: min(36rem, 95vw);
      }
      table {
        border-collapse: collapse;
        width: 100%;
      }
      th,
      td {
        text-align: start;
        padding: var(--mcp-spacing-xs, 0.125rem) var(--mcp-spacing-sm, 0.25rem);
        border-bottom: 1px solid var(--mcp-border, #8c959f);
        overflow-wrap: anywhere;
      }
      td.size {
        white-space: nowrap;
      }
    `,
  ];

  constructor() {
    super({ escapeAnswer: () => false, initialFocus: '[data-action="cancel"]' });
  }

  /** Asks about `request` (one at a time); resolves true only when the person chooses Save. */
  open(request: DownloadRequest): Promise<boolean> {
    return this.ask(request, this.t('download.announce', { app: request.appName }));
  }

  override render() {
    const r = this.request;
    const t = this.t;
    return modalDialog(
      { role: 'alertdialog', title: 'download-title', about: 'download-asks', onCancel: this.modal.onCancel },
      html`${
        r
          ? html`<h2 id="download-title">${t('download.title', { count: r.files.length })}</h2>
              <p id="download-asks">${t('download.asks', { app: r.appName, server: r.serverName })}</p>
              <div class="grow">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">${t('download.name')}</th>
                      <th scope="col">${t('download.type')}</th>
                      <th scope="col">${t('download.size')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${r.files.map(
                      (f) =>
                        html`<tr>
                          <td class="name">${f.name}</td>
                          <td>${f.mimeType}</td>
                          <td class="size">${formatBytes(f.size)}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>
              <p class="muted">${t('download.note')}</p>
              <div class="actions">
                <button type="button" data-action="cancel" @click=${() => this.modal.finish(false)}
                  >${t('confirm.cancel')}</button
                >
                <button type="button" class="primary" data-action="save" @click=${() => this.modal.finish(true)}
                  >${t('download.save')}</button
                >
              </div>`
          : nothing
      }`,
    );
  }
}

if (!customElements.get('mcp-download-dialog')) customElements.define('mcp-download-dialog', McpDownloadDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-download-dialog': McpDownloadDialog;
  }
}
