import { html, css, nothing } from 'lit';
import type { ConfirmationAnswer, ConfirmationRequest } from '../core/tool-invoker.js';
import type { CallerContext, I18nInterface } from '../core/types.js';
import { LocalizeController } from '../../widgets/kit/localize.js';
import { renderPolicyDetails } from './confirm-policy.js';
import { ModalController, ModalDialogElement } from './modal-controller.js';
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
export class McpConfirmDialog extends ModalDialogElement {
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
  /** The host's I18n; English without it. */
  i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: SHELL_CATALOGS, i18n: () => this.i18n });
  protected readonly modal = new ModalController<ConfirmationAnswer>(this, {
    escapeAnswer: () => ({ confirmed: false }),
    initialFocus: '[data-action="cancel"]',
    onClose: () => (this.request = undefined),
  });

  /** Shows the dialog for `request` (one at a time, in order); resolves true only on Confirm. */
  async open(request: ConfirmationRequest): Promise<boolean> {
    return (await this.ask(request)).confirmed;
  }

  /**
   * Like `open`, with the "Remember for this tool" choice (offered only where the policy allows it).
   * A request whose `signal` aborts (its caller went away) is withdrawn: never shown, or closed.
   */
  ask(request: ConfirmationRequest): Promise<ConfirmationAnswer> {
    const vars = { server: request.serverName, tool: request.toolName };
    return this.modal.open(
      () => {
        this.request = request;
        this.remember = false;
      },
      this.l10n.t('confirm.announce', vars),
      request.signal ? { signal: request.signal, announcement: this.l10n.t('confirm.withdrawn', vars) } : undefined,
    );
  }

  private finish(confirmed: boolean): void {
    const rememberable = this.request?.policy?.decision.rememberable === true;
    this.modal.finish({ confirmed, remember: confirmed && rememberable && this.remember });
  }

  override render() {
    const r = this.request;
    const t: Translate = (key, variables) => this.l10n.t(key, variables);
    const badges = r ? hintBadges(r.tool.annotations as Record<string, unknown> | undefined, t) : [];
    return html`<dialog role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" aria-describedby="confirm-warning"
      @cancel=${this.modal.onCancel}>
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
