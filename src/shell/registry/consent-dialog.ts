import { html, css, nothing } from 'lit';
import type { I18nInterface } from '../../core/shared/types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { ModalController, ModalDialogElement } from '../dialogs/modal-controller.js';
import { shellStyles } from '../shell.styles.js';
import { dialogStyles, fitScreenStyles } from '../dialogs/dialog.styles.js';
import type { ConsentAnswer, ConsentRequest } from './registry-host.js';
import { permissionText, signatureText, trustText } from './trust-text.js';
import { modalDialog } from '../dialogs/modal-dialog.js';

function title(r: ConsentRequest, t: Translate): string {
  const vars = { name: r.displayName, version: r.version, from: r.fromVersion };
  return t(
    r.kind === 'install' ? 'consent.install' : r.kind === 'major-update' ? 'consent.major' : 'consent.update',
    vars,
  );
}

/**
 * Permission consent before a widget is installed (MCP-WP-11.4.5) and when an update asks for more
 * (11.4.7) or is a major version (16.5.4). A modal dialog like the tool confirmation: focus trapped,
 * Escape cancels, focus returns. `open(request)` resolves with the answer and the chosen servers.
 */
export class McpConsentDialog extends ModalDialogElement {
  static override styles = [
    shellStyles,
    dialogStyles,
    fitScreenStyles,
    css`
      .new {
        font-weight: var(--mcp-font-weight-bold, 700);
      }
      fieldset {
        border: 1px solid var(--mcp-border, #8c959f);
        margin-top: var(--mcp-spacing-md, 0.5rem);
      }
    `,
  ];

  static override properties = { request: { state: true } };

  declare request: ConsentRequest | undefined;
  /** The host's I18n; English without it. */
  i18n: I18nInterface | undefined;
  private readonly l10n = new ShellLocalize(this, { i18n: () => this.i18n });
  private readonly t: Translate = (key, variables) => this.l10n.t(key, variables);
  protected readonly modal = new ModalController<ConsentAnswer>(this, {
    escapeAnswer: () => ({ ok: false, servers: this.chosenServers() }),
    initialFocus: '[data-action="cancel"]',
    onClose: () => (this.request = undefined),
  });

  /** Shows the request (one at a time); resolves when the user answers. */
  open(request: ConsentRequest): Promise<ConsentAnswer> {
    return this.modal.open(() => (this.request = request), title(request, this.t));
  }

  private chosenServers(): string[] {
    return [...this.renderRoot.querySelectorAll<HTMLInputElement>('input[name="server"]')]
      .filter((i) => i.checked)
      .map((i) => i.value);
  }

  private finish(ok: boolean): void {
    this.modal.finish({ ok, servers: this.chosenServers() });
  }

  override render() {
    const r = this.request;
    const added = new Set(r?.added.map((a) => a.id) ?? []);
    const t = this.t;
    const action = t(
      r?.kind === 'install'
        ? 'consent.actionInstall'
        : r?.kind === 'major-update'
          ? 'consent.actionApprove'
          : 'consent.actionUpdate',
    );
    return modalDialog(
      { role: 'alertdialog', title: 'consent-title', about: 'consent-permissions', onCancel: this.modal.onCancel },
      html`${
        r
          ? html`<h2 id="consent-title">${title(r, t)}</h2>
              <dl>
                <dt>${t('store.package')}</dt><dd>${r.name}</dd> <dt>${t('store.trust')}</dt
                ><dd>${trustText(r.trustLevel, t)}</dd> <dt>${t('store.signature')}</dt
                ><dd>${signatureText(r.signature, t)}</dd>
                ${r.dependencies.length ? html`<dt>${t('consent.alsoInstalls')}</dt><dd>${r.dependencies.join(', ')}</dd>` : nothing}
              </dl>
              ${r.kind === 'major-update' ? html`<p><strong>${t('consent.majorWarning')}</strong></p>` : nothing}
              <h3>${t('consent.permissions')}</h3>
              <div id="consent-permissions" class="grow">
                ${
                  r.permissions.length
                    ? html`<ul
                        >${r.permissions.map((p) => html`<li class=${added.has(p.id) ? 'new' : ''}>${permissionText(p, t)}${added.has(p.id) ? t('consent.new') : ''}</li>`)}</ul
                      >`
                    : html`<p>${t('consent.noPermissions')}</p>`
                }
                ${r.added.length ? html`<p><strong>${t('consent.added', { count: r.added.length })}</strong></p>` : nothing}
              </div>
              ${
                r.servers.length
                  ? html`<fieldset
                      ><legend>${t('consent.useFor')}</legend>
                      ${r.servers.map((s) => html`<label><input type="checkbox" name="server" .value=${s.name} ?checked=${s.checked} /> ${s.name}</label> `)}
                    </fieldset>`
                  : nothing
              }
              <div class="actions">
                <button type="button" data-action="cancel" @click=${() => this.finish(false)}
                  >${t('confirm.cancel')}</button
                >
                <button type="button" class="primary" data-action="confirm" @click=${() => this.finish(true)}
                  >${action}</button
                >
              </div>`
          : nothing
      }`,
    );
  }
}

if (!customElements.get('mcp-consent-dialog')) customElements.define('mcp-consent-dialog', McpConsentDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-consent-dialog': McpConsentDialog;
  }
}
