import { html, css, nothing } from 'lit';
import { canonicalUrlsIn, displayUrl, type UrlDisplay } from '../../core/elicitation/url-display.js';
import {
  isOpenableUrl,
  openRefusal,
  type UrlElicitationAnswer,
  type UrlElicitationRequest,
} from '../../core/elicitation/url-elicitation.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, consume } from '../services/contexts.js';
import { ModalController, ModalDialogElement } from './modal-controller.js';
import { shellStyles } from '../shell.styles.js';
import { dialogStyles, fitScreenStyles, linkStyles } from './dialog.styles.js';
import { modalDialog } from './modal-dialog.js';

type Step = 'ask' | 'refused' | 'opened';

/** The one form the dialog shows an address in: ASCII host (punycode), with a note for a non-ASCII name. */
function shown(url: string): UrlDisplay {
  return displayUrl(url) ?? { href: url, host: url };
}

/**
 * <mcp-url-elicitation-dialog>: a server asks the user to open a page (URL-mode elicitation). Shows the
 * server, its reason and the full address as text, and opens the page only when the user chooses
 * Open link — and only http(s) pages without a user name or password: anything else is refused with a message
 * and never opened. Every line shows the address in one form, its host in ASCII (punycode), with a note when the
 * name was internationalised or mixes alphabets (core/elicitation/url-display.ts).
 * For a call refused with -32042 the dialog then waits until the user says they are done (or the
 * server reports `notifications/elicitation/complete`), so the call can be sent again.
 */
export class McpUrlElicitationDialog extends ModalDialogElement {
  static override styles = [
    shellStyles,
    dialogStyles,
    fitScreenStyles,
    linkStyles,
    css`
      dialog {
        max-width: min(38rem, 95vw);
      }
      .note {
        font-weight: var(--mcp-font-weight-medium, 600);
      }
      .url,
      .reason {
        white-space: pre-wrap;
      }
      /* Three buttons: they wrap on a narrow screen rather than overflow. */
      .actions {
        flex-wrap: wrap;
      }
    `,
  ];

  static override properties = { pending: { state: true }, step: { state: true } };

  declare pending: UrlElicitationRequest | undefined;
  declare step: Step;
  /** Opens a page the user agreed to (a new tab, no opener, no referrer). */
  openWindow: (url: string) => void = (url) => void window.open(url, '_blank', 'noopener,noreferrer');
  private readonly l10n = new ShellLocalize(this);
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private readonly pageA11y = consume(this, a11yContext);
  protected readonly modal = new ModalController<UrlElicitationAnswer>(this, {
    escapeAnswer: () => ({ action: 'cancel' }),
    a11y: () => this.pageA11y.value,
    initialFocus: '[data-action="cancel"], [data-action="close"]',
    onClose: () => (this.pending = undefined),
  });

  constructor() {
    super();
    this.step = 'ask';
  }

  /** Asks about one page (one at a time); resolves with accept only after the page was opened. */
  ask(request: UrlElicitationRequest, signal?: AbortSignal): Promise<UrlElicitationAnswer> {
    const refused = !isOpenableUrl(request.url);
    return this.modal.open(
      () => {
        this.pending = request;
        this.step = refused ? 'refused' : 'ask';
      },
      refused
        ? this.t('url.announceRefused', { server: request.serverName })
        : this.t('url.announce', { server: request.serverName, host: shown(request.url).host }),
      { signal, announcement: this.t('request.withdrawn', { server: request.serverName }) },
    );
  }

  /** The server reported the interaction finished (`notifications/elicitation/complete`). */
  completed(serverName: string, elicitationId: string): void {
    const p = this.pending;
    if (
      p &&
      this.step === 'opened' &&
      p.serverName === serverName &&
      p.elicitationId &&
      p.elicitationId === elicitationId
    )
      this.modal.finish({ action: 'accept' });
  }

  private open(): void {
    const p = this.pending;
    // Checked again here: nothing but an http(s) address without credentials is ever handed to the browser, and in
    // the form the dialog showed.
    if (!p || !isOpenableUrl(p.url)) return;
    this.openWindow(shown(p.url).href);
    if (p.kind === 'request') {
      this.modal.finish({ action: 'accept' });
      return;
    }
    this.step = 'opened';
    void this.updateComplete.then(() =>
      (this.renderRoot.querySelector('[data-action="done"]') as HTMLElement | null)?.focus(),
    );
  }

  private renderBody(p: UrlElicitationRequest) {
    const t = this.t;
    const address = shown(p.url);
    const reason = p.message
      ? html`<p>${t('url.reason')}</p><p class="reason grow" id="url-reason">${canonicalUrlsIn(p.message)}</p>`
      : nothing;
    const url = html`<p class="url grow" aria-label=${t('link.fullAddress')}>${address.href}</p>`;
    const note = address.note
      ? html`<p class="note" data-note=${address.note}
          >${t(address.note === 'mixed' ? 'url.noteMixed' : 'url.noteIdn')}</p
        >`
      : nothing;
    if (this.step === 'refused') {
      const why = openRefusal(p.url) === 'credentials' ? 'url.refusedCredentials' : 'url.refused';
      return html`<h2 id="url-title">${t('url.refusedTitle')}</h2>
        <p id="url-what" role="alert">${t(why, { server: p.serverName })}</p>
        ${reason} ${url} ${note}
        <div class="actions"
          ><button type="button" data-action="close" @click=${() => this.modal.finish({ action: 'decline' })}
            >${t('url.close')}</button
          ></div
        >`;
    }
    if (this.step === 'opened') {
      return html`<h2 id="url-title">${t('url.openedTitle')}</h2>
        <p id="url-what">${t('url.opened', { tool: p.toolName ?? '', server: p.serverName })}</p>
        ${url} ${note}
        <div class="actions">
          <button type="button" data-action="cancel" @click=${() => this.modal.finish({ action: 'cancel' })}
            >${t('confirm.cancel')}</button
          >
          <button
            type="button"
            class="primary"
            data-action="done"
            @click=${() => this.modal.finish({ action: 'accept' })}
            >${t('url.done')}</button
          >
        </div>`;
    }
    return html`<h2 id="url-title"
        >${p.kind === 'required' ? t('url.requiredTitle', { tool: p.toolName ?? '' }) : t('url.title', { server: p.serverName })}</h2
      >
      <p id="url-what"
        >${p.kind === 'required' ? t('url.required', { server: p.serverName }) : t('url.asks', { server: p.serverName })}</p
      >
      ${reason}
      <p class="host">${address.host}</p>
      ${url} ${note}
      <p class="muted">${t('url.notYet')}</p>
      <div class="actions">
        <button type="button" data-action="cancel" @click=${() => this.modal.finish({ action: 'cancel' })}
          >${t('confirm.cancel')}</button
        >
        <button type="button" data-action="decline" @click=${() => this.modal.finish({ action: 'decline' })}
          >${t('dialog.decline')}</button
        >
        <button type="button" class="primary" data-action="open" @click=${() => this.open()}>${t('link.open')}</button>
      </div>`;
  }

  override render() {
    const p = this.pending;
    return modalDialog(
      { role: 'alertdialog', title: 'url-title', about: 'url-what', onCancel: this.modal.onCancel },
      p ? this.renderBody(p) : nothing,
    );
  }
}

if (!customElements.get('mcp-url-elicitation-dialog'))
  customElements.define('mcp-url-elicitation-dialog', McpUrlElicitationDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-url-elicitation-dialog': McpUrlElicitationDialog;
  }
}
