import { html, css, nothing } from 'lit';
import {
  isOpenableUrl,
  type UrlElicitationAnswer,
  type UrlElicitationRequest,
} from '../../core/elicitation/url-elicitation.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, consume } from '../services/contexts.js';
import { ModalController, ModalDialogElement } from './modal-controller.js';
import { shellStyles } from '../shell.styles.js';
import { dialogStyles } from './dialog.styles.js';

type Step = 'ask' | 'refused' | 'opened';

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * <mcp-url-elicitation-dialog>: a server asks the user to open a page (URL-mode elicitation). Shows the
 * server, its reason and the full address as text, and opens the page only when the user chooses
 * Open link — and only http(s) pages: anything else is refused with a message and never opened.
 * For a call refused with -32042 the dialog then waits until the user says they are done (or the
 * server reports `notifications/elicitation/complete`), so the call can be sent again.
 */
export class McpUrlElicitationDialog extends ModalDialogElement {
  static override styles = [
    shellStyles,
    dialogStyles,
    css`
      dialog {
        max-width: min(38rem, 95vw);
      }
      .host {
        font-size: 1.1rem;
        font-weight: 700;
        word-break: break-all;
      }
      .url,
      .reason {
        word-break: break-all;
        white-space: pre-wrap;
        background: var(--mcp-surface, #f4f6f8);
        border: 1px solid var(--mcp-border, #8c959f);
        padding: var(--mcp-spacing-sm, 0.25rem);
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
        : this.t('url.announce', { server: request.serverName, host: hostOf(request.url) }),
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
    // Checked again here: nothing but an http(s) address is ever handed to the browser.
    if (!p || !isOpenableUrl(p.url)) return;
    this.openWindow(new URL(p.url).href);
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
    const reason = p.message
      ? html`<p>${t('url.reason')}</p><p class="reason" id="url-reason">${p.message}</p>`
      : nothing;
    if (this.step === 'refused') {
      return html`<h2 id="url-title">${t('url.refusedTitle')}</h2>
        <p id="url-what" role="alert">${t('url.refused', { server: p.serverName })}</p>
        ${reason}
        <p class="url" aria-label=${t('link.fullAddress')}>${p.url}</p>
        <div class="actions"
          ><button type="button" data-action="close" @click=${() => this.modal.finish({ action: 'decline' })}
            >${t('url.close')}</button
          ></div
        >`;
    }
    if (this.step === 'opened') {
      return html`<h2 id="url-title">${t('url.openedTitle')}</h2>
        <p id="url-what">${t('url.opened', { tool: p.toolName ?? '', server: p.serverName })}</p>
        <p class="url" aria-label=${t('link.fullAddress')}>${p.url}</p>
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
      <p class="host">${hostOf(p.url)}</p>
      <p class="url" aria-label=${t('link.fullAddress')}>${p.url}</p>
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
    return html`<dialog
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="url-title"
      aria-describedby="url-what"
      @cancel=${this.modal.onCancel}
    >
      ${p ? this.renderBody(p) : nothing}
    </dialog>`;
  }
}

if (!customElements.get('mcp-url-elicitation-dialog'))
  customElements.define('mcp-url-elicitation-dialog', McpUrlElicitationDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-url-elicitation-dialog': McpUrlElicitationDialog;
  }
}
