import { html, css, nothing } from 'lit';
import type { ConfirmationAnswer, ConfirmationRequest } from '../../core/invocation/tool-invoker.js';
import type { CallerContext } from '../../core/shared/types.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, consume } from '../services/contexts.js';
import { renderPolicyDetails } from './confirm-policy.js';
import { Batch, batchItem, batchKey, type BatchItem } from './confirm-batch.js';
import { renderDeclaredHints, renderRememberControls, type RememberChoice } from './confirm-consent.js';
import { ModalController, ModalDialogElement } from './modal-controller.js';
import { shellStyles } from '../shell.styles.js';
import { dialogStyles } from './dialog.styles.js';

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

/**
 * The host's tool confirmation dialog (MCP-WP-11.2.1, 11.2.2, 11.5.12): a modal `<dialog>` that
 * shows the server, tool and arguments, traps focus, is announced, closes on Escape (= cancel) and
 * returns focus to whatever opened it. Use `open(request)`, which resolves with the user's answer.
 */
export class McpConfirmDialog extends ModalDialogElement {
  static override styles = [
    shellStyles,
    dialogStyles,
    css`
      pre {
        background: var(--mcp-surface, #f4f6f8);
        border: 1px solid var(--mcp-border, #8c959f);
        padding: var(--mcp-spacing-md, 0.5rem);
        max-height: 16rem;
        overflow: auto;
      }
      .warn {
        font-weight: 600;
      }
      .badges {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        list-style: none;
        padding: 0;
        margin: var(--mcp-spacing-sm, 0.25rem) 0;
      }
      .badges li {
        border: 1px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-sm, 2px);
        padding: 0 4px;
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
      dl.policy {
        margin-top: var(--mcp-spacing-sm, 0.25rem);
      }
      .type-badge {
        border: 2px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-sm, 2px);
        padding: 0 4px;
        font-weight: 600;
      }
      .type-action {
        border-color: var(--mcp-warning-dark, #8a4b00);
      }
      .warnings {
        margin: var(--mcp-spacing-sm, 0.25rem) 0;
        padding-left: 1.25rem;
      }
      .why,
      .passkey-note {
        margin: var(--mcp-spacing-sm, 0.25rem) 0;
      }
      .remember {
        display: flex;
        gap: var(--mcp-spacing-sm, 0.25rem);
        align-items: center;
        margin-top: var(--mcp-spacing-md, 0.5rem);
      }
      .hints h3 {
        font-size: 1rem;
        margin: var(--mcp-spacing-sm, 0.25rem) 0 0;
      }
      .claim,
      .hints-none {
        margin: var(--mcp-spacing-sm, 0.25rem) 0;
      }
      fieldset.scopes {
        border: 1px solid var(--mcp-border, #8c959f);
        margin: var(--mcp-spacing-sm, 0.25rem) 0;
        display: flex;
        flex-wrap: wrap;
        gap: 2px var(--mcp-spacing-md, 0.5rem);
      }
      ol.batch {
        padding-left: 1.25rem;
        max-height: 14rem;
        overflow: auto;
      }
      ol.batch li {
        margin-bottom: var(--mcp-spacing-sm, 0.25rem);
      }
      ol.batch pre {
        max-height: 6rem;
        margin: 2px 0;
      }
      .item-actions {
        display: inline-flex;
        gap: var(--mcp-spacing-sm, 0.25rem);
        margin-left: var(--mcp-spacing-sm, 0.25rem);
      }
    `,
  ];

  static override properties = { batch: { state: true }, choice: { state: true } };

  /** The questions shown now (one, or a burst of one app view's calls). */
  declare batch: Batch | undefined;
  declare choice: RememberChoice;
  private readonly l10n = new ShellLocalize(this);
  /** Bursts waiting behind another dialog, by batch key: later calls of the same view join them. */
  private readonly queued = new Map<string, Batch>();
  private readonly pageA11y = consume(this, a11yContext);
  protected readonly modal = new ModalController<ConfirmationAnswer>(this, {
    escapeAnswer: () => ({ confirmed: false }),
    a11y: () => this.pageA11y.value,
    initialFocus: '[data-action="cancel"]',
    onClose: () => (this.batch = undefined),
  });

  constructor() {
    super();
    this.choice = { remember: false, scope: 'tool', duration: 'persistent' };
  }

  /** The request shown in full (the first one still waiting). */
  get request(): ConfirmationRequest | undefined {
    return this.batch?.open[0]?.request;
  }

  /** Shows the dialog for `request` (one at a time, in order); resolves true only on Confirm. */
  async open(request: ConfirmationRequest): Promise<boolean> {
    return (await this.ask(request)).confirmed;
  }

  /**
   * Like `open`, with the choice to remember (offered only where the policy allows it, in the scopes it
   * allows). Calls of one app view that arrive while its dialog is open (or waiting) join that dialog
   * as a list. A request whose `signal` aborts (its caller went away) is withdrawn: never shown, or removed.
   */
  ask(request: ConfirmationRequest): Promise<ConfirmationAnswer> {
    return new Promise<ConfirmationAnswer>((resolve) => {
      const item = batchItem(request, resolve);
      const key = batchKey(request);
      // The shown batch is set from the moment it is prepared until the dialog closes.
      const joined = key === undefined ? undefined : this.batch?.key === key ? this.batch : this.queued.get(key);
      if (joined) {
        joined.add(item);
        if (joined === this.batch) {
          this.requestUpdate();
          this.a11y?.announce(this.l10n.t('consent.batch.announce', { count: joined.open.length }), 'polite');
        }
        return;
      }
      const batch: Batch = new Batch(key, () => this.requestUpdate());
      batch.add(item);
      if (key !== undefined) this.queued.set(key, batch);
      const vars = { server: request.serverName, tool: request.toolName };
      void this.modal
        .open(
          () => {
            if (key !== undefined) this.queued.delete(key);
            this.batch = batch;
            this.choice = {
              remember: false,
              scope: request.policy?.decision.scopes[0] ?? 'tool',
              duration: 'persistent',
            };
          },
          this.l10n.t('confirm.announce', vars),
          { signal: batch.signal, announcement: this.l10n.t('confirm.withdrawn', vars) },
        )
        .then((answer) => {
          if (key !== undefined && this.queued.get(key) === batch) this.queued.delete(key);
          for (const waiting of batch.open) waiting.settle(answer);
        });
    });
  }

  private answer(confirmed: boolean): ConfirmationAnswer {
    const remember = confirmed && this.choice.remember;
    return { confirmed, remember, ...(remember ? { scope: this.choice.scope, duration: this.choice.duration } : {}) };
  }

  /** Confirm / Cancel: every call still waiting in the dialog gets this answer. */
  private finish(confirmed: boolean): void {
    this.modal.finish(this.answer(confirmed));
  }

  /** Answers one call of a burst; the dialog closes with the last one. */
  private answerOne(item: BatchItem, confirmed: boolean): void {
    item.settle(this.answer(confirmed));
    if (!this.batch || this.batch.open.length === 0) this.modal.finish({ confirmed: false });
    else this.requestUpdate();
  }

  override render() {
    const r = this.request;
    const t: Translate = (key, variables) => this.l10n.t(key, variables);
    const open = this.batch?.open ?? [];
    const many = open.length > 1;
    return html`<dialog
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-warning"
      @cancel=${this.modal.onCancel}
    >
      ${
        r
          ? html`<h2 id="confirm-title"
                >${many ? t('consent.batch.title', { count: open.length, caller: describeCaller(r.caller, t) }) : t('confirm.title', { server: r.serverName, tool: r.toolName })}</h2
              >
              ${many ? html`<p class="muted">${t('confirm.title', { server: r.serverName, tool: r.toolName })}</p>` : nothing}
              <dl>
                <dt>${t('confirm.server')}</dt><dd>${t('confirm.serverValue', { server: r.serverName })}</dd>
                <dt>${t('confirm.requestedBy')}</dt><dd>${describeCaller(r.caller, t)}</dd>
                ${typeof r.tool.title === 'string' ? html`<dt>${t('confirm.toolTitle')}</dt><dd>${r.tool.title}</dd>` : nothing}
              </dl>
              ${typeof r.tool.description === 'string' ? html`<p class="muted">${r.tool.description}</p>` : nothing}
              ${renderPolicyDetails(r.policy, t, this.l10n.locale)}
              ${renderDeclaredHints(r.tool.annotations, r.serverName, t)}
              ${
                many
                  ? this.renderBatch(open, t)
                  : html`<h3 id="confirm-args-label">${t('confirm.arguments')}</h3>
                      <pre aria-labelledby="confirm-args-label" tabindex="0">${JSON.stringify(r.args, null, 2)}</pre>`
              }
              <p id="confirm-warning" class="warn"><span aria-hidden="true">⚠️</span> ${t('confirm.warning')}</p>
              ${
                r.policy?.decision.rememberable
                  ? renderRememberControls(
                      this.choice,
                      r.policy.decision.scopes,
                      { caller: describeCaller(r.caller, t), server: r.serverName },
                      t,
                      (next) => (this.choice = next),
                    )
                  : nothing
              }
              <div class="actions">
                <button type="button" data-action="cancel" @click=${() => this.finish(false)}
                  >${many ? t('consent.batch.cancelAll', { count: open.length }) : t('confirm.cancel')}</button
                >
                <button type="button" class="primary" data-action="confirm" @click=${() => this.finish(true)}
                  >${
                    many
                      ? t('consent.batch.confirmAll', { count: open.length })
                      : r.policy?.decision.decision === 'passkey'
                        ? t('confirm.continuePasskey')
                        : t('confirm.confirm')
                  }</button
                >
              </div>`
          : nothing
      }
    </dialog>`;
  }

  private renderBatch(open: BatchItem[], t: Translate) {
    return html`<h3 id="confirm-batch-label">${t('consent.batch.list')}</h3>
      <ol class="batch" aria-labelledby="confirm-batch-label">
        ${open.map((item, i) => {
          const n = i + 1;
          return html`<li data-batch-item=${String(n)}>
            <strong>${t('consent.batch.item', { n, tool: item.request.toolName })}</strong>
            <span class="item-actions">
              <button
                type="button"
                class="small"
                data-action="confirm-item"
                data-index=${String(i)}
                aria-label=${t('consent.batch.confirmOne', { n })}
                @click=${() => this.answerOne(item, true)}
                >${t('confirm.confirm')}</button
              >
              <button
                type="button"
                class="small"
                data-action="cancel-item"
                data-index=${String(i)}
                aria-label=${t('consent.batch.cancelOne', { n })}
                @click=${() => this.answerOne(item, false)}
                >${t('confirm.cancel')}</button
              >
            </span>
            <pre tabindex="0" aria-label=${`${t('consent.batch.arguments')} ${n}`}>
${JSON.stringify(item.request.args, null, 2)}</pre>
          </li>`;
        })}
      </ol>`;
  }
}

if (!customElements.get('mcp-confirm-dialog')) customElements.define('mcp-confirm-dialog', McpConfirmDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-confirm-dialog': McpConfirmDialog;
  }
}
