import { LitElement, html, css, nothing } from 'lit';
import type { ConfirmationAnswer, ConfirmationRequest } from '../core/tool-invoker.js';
import type { A11yHelperInterface, CallerContext, I18nInterface } from '../core/types.js';
import { LocalizeController } from '../../widgets/kit/localize.js';
import { renderPolicyDetails } from './confirm-policy.js';
import { deepActiveElement } from './a11y-helper.js';
import { SHELL_CATALOGS } from './messages.js';
import { shellStyles } from './shell.styles.js';

type Translate = (key: string, variables?: Record<string, unknown>) => string;

function describeCaller(caller: CallerContext, t: Translate): string {
  switch (caller.surface) {
    case 'user':
      return t('confirm.caller.user');
    case 'widget':
      return t('confirm.caller.widget', { id: caller.id });
    case 'app':
      return t('confirm.caller.app', { id: caller.id });
    default:
      return t('confirm.caller.agent', { id: caller.id });
  }
}

function hintBadges(annotations: Record<string, unknown> | undefined, t: Translate): string[] {
  const a = annotations ?? {};
  const badges: string[] = [];
  if (a.readOnlyHint === true) badges.push(t('confirm.hint.readOnly'));
  if (a.destructiveHint === true) badges.push(t('confirm.hint.destructive'));
  if (a.idempotentHint === true) badges.push(t('confirm.hint.idempotent'));
  if (a.openWorldHint === true) badges.push(t('confirm.hint.openWorld'));
  return badges;
}

/**
 * The host's tool confirmation dialog (MCP-WP-11.2.1, 11.2.2, 11.5.12): a modal `<dialog>` that
 * shows the server, tool and arguments, traps focus, is announced, closes on Escape (= cancel) and
 * returns focus to whatever opened it. Use `open(request)`, which resolves with the user's answer.
 */
export class McpConfirmDialog extends LitElement {
  static override styles = [
    shellStyles,
    css`
      dialog { max-width: min(40rem, 95vw); width: 100%; border: 2px solid var(--mcp-border, #8c959f); border-radius: var(--mcp-radius-lg, 8px);
        background: var(--mcp-background, #fff); color: var(--mcp-text-primary, #1b1f24); padding: var(--mcp-spacing-lg, 1rem); }
      dialog::backdrop { background: var(--mcp-overlay, rgb(0 0 0 / 0.5)); }
      h2 { margin: 0 0 var(--mcp-spacing-md, 0.5rem); font-size: 1.15rem; word-break: break-word; }
      pre { background: var(--mcp-surface, #f4f6f8); border: 1px solid var(--mcp-border, #8c959f); padding: var(--mcp-spacing-md, 0.5rem);
        max-height: 16rem; overflow: auto; }
      .warn { font-weight: 600; }
      .actions { display: flex; justify-content: flex-end; gap: var(--mcp-spacing-md, 0.5rem); margin-top: var(--mcp-spacing-lg, 1rem); }
      .badges { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; padding: 0; margin: var(--mcp-spacing-sm, 0.25rem) 0; }
      .badges li { border: 1px solid var(--mcp-border, #8c959f); border-radius: var(--mcp-radius-sm, 2px); padding: 0 4px; font-size: var(--mcp-font-size-sm, 0.8125rem); }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px var(--mcp-spacing-md, 0.5rem); margin: 0; }
      dt { font-weight: 600; } dd { margin: 0; word-break: break-word; }
      dl.policy { margin-top: var(--mcp-spacing-sm, 0.25rem); }
      .type-badge { border: 2px solid var(--mcp-border, #8c959f); border-radius: var(--mcp-radius-sm, 2px); padding: 0 4px; font-weight: 600; }
      .type-action { border-color: var(--mcp-warning-dark, #8a4b00); }
      .warnings { margin: var(--mcp-spacing-sm, 0.25rem) 0; padding-left: 1.25rem; }
      .why, .passkey-note { margin: var(--mcp-spacing-sm, 0.25rem) 0; }
      .remember { display: flex; gap: var(--mcp-spacing-sm, 0.25rem); align-items: center; margin-top: var(--mcp-spacing-md, 0.5rem); }
    `,
  ];

  static override properties = { request: { state: true }, remember: { state: true } };

  declare request: ConfirmationRequest | undefined;
  declare remember: boolean;
  a11y: A11yHelperInterface | undefined;
  /** The host's I18n; English without it. */
  i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: SHELL_CATALOGS, i18n: () => this.i18n });
  private resolve: ((answer: ConfirmationAnswer) => void) | undefined;
  private returnFocus: HTMLElement | null = null;
  private releaseTrap: (() => void) | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  /** Shows the dialog for `request` (one at a time, in order); resolves true only on Confirm. */
  async open(request: ConfirmationRequest): Promise<boolean> {
    return (await this.ask(request)).confirmed;
  }

  /** Like `open`, with the "Remember for this tool" choice (offered only where the policy allows it). */
  ask(request: ConfirmationRequest): Promise<ConfirmationAnswer> {
    const answer = this.queue.then(() => this.show(request));
    this.queue = answer.catch(() => ({ confirmed: false }));
    return answer;
  }

  private async show(request: ConfirmationRequest): Promise<ConfirmationAnswer> {
    // A caller that went away while its question waited in the queue is not asked about at all.
    if (request.signal?.aborted) return { confirmed: false };
    this.returnFocus = deepActiveElement();
    this.request = request;
    this.remember = false;
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector('dialog')!;
    dialog.showModal();
    this.releaseTrap = this.a11y?.setFocusTrap(this);
    (this.renderRoot.querySelector('[data-action="cancel"]') as HTMLElement).focus();
    this.a11y?.announce(this.l10n.t('confirm.announce', { server: request.serverName, tool: request.toolName }), 'assertive');
    return new Promise<ConfirmationAnswer>((resolve) => {
      this.resolve = resolve;
      // The caller went away while the dialog is open: withdraw it, and say so.
      request.signal?.addEventListener(
        'abort',
        () => {
          if (this.request !== request) return;
          this.a11y?.announce(this.l10n.t('confirm.withdrawn', { server: request.serverName, tool: request.toolName }), 'assertive');
          this.finish(false);
        },
        { once: true },
      );
    });
  }

  private finish(confirmed: boolean): void {
    const rememberable = this.request?.policy?.decision.rememberable === true;
    const answer: ConfirmationAnswer = { confirmed, remember: confirmed && rememberable && this.remember };
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
    resolve?.(answer);
  }

  private onCancelEvent(event: Event): void {
    // Escape: treat as Cancel (and keep the dialog from closing without an answer).
    event.preventDefault();
    this.finish(false);
  }

  override render() {
    const r = this.request;
    const t: Translate = (key, variables) => this.l10n.t(key, variables);
    const badges = r ? hintBadges(r.tool.annotations as Record<string, unknown> | undefined, t) : [];
    return html`<dialog role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" aria-describedby="confirm-warning"
      @cancel=${this.onCancelEvent}>
      ${r
        ? html`<h2 id="confirm-title">${t('confirm.title', { server: r.serverName, tool: r.toolName })}</h2>
            <dl>
              <dt>${t('confirm.server')}</dt><dd>${t('confirm.serverValue', { server: r.serverName })}</dd>
              <dt>${t('confirm.requestedBy')}</dt><dd>${describeCaller(r.caller, t)}</dd>
              ${typeof r.tool.title === 'string' ? html`<dt>${t('confirm.toolTitle')}</dt><dd>${r.tool.title}</dd>` : nothing}
            </dl>
            ${typeof r.tool.description === 'string' ? html`<p class="muted">${r.tool.description}</p>` : nothing}
            ${renderPolicyDetails(r.policy, t, this.l10n.locale)}
            ${badges.length ? html`<ul class="badges" aria-label=${t('confirm.hints')}>${badges.map((b) => html`<li>${b}</li>`)}</ul>` : nothing}
            <h3 id="confirm-args-label">${t('confirm.arguments')}</h3>
            <pre aria-labelledby="confirm-args-label" tabindex="0">${JSON.stringify(r.args, null, 2)}</pre>
            <p id="confirm-warning" class="warn"><span aria-hidden="true">\u26a0\ufe0f</span> ${t('confirm.warning')}</p>
            ${r.policy?.decision.rememberable
              ? html`<label class="remember"><input type="checkbox" data-action="remember" .checked=${this.remember}
                    @change=${(e: Event) => (this.remember = (e.target as HTMLInputElement).checked)} />
                  ${t('confirm.remember', { caller: describeCaller(r.caller, t) })}</label>`
              : nothing}
            <div class="actions">
              <button type="button" data-action="cancel" @click=${() => this.finish(false)}>${t('confirm.cancel')}</button>
              <button type="button" class="primary" data-action="confirm" @click=${() => this.finish(true)}>${r.policy?.decision.decision === 'passkey' ? t('confirm.continuePasskey') : t('confirm.confirm')}</button>
            </div>`
        : nothing}
    </dialog>`;
  }
}

if (!customElements.get('mcp-confirm-dialog')) customElements.define('mcp-confirm-dialog', McpConfirmDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-confirm-dialog': McpConfirmDialog;
  }
}
