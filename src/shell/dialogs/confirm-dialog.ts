import { html, nothing } from 'lit';
import type { ConfirmationAnswer, ConfirmationRequest } from '../../core/invocation/tool-invoker.js';
import type { CallerContext } from '../../core/shared/types.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, consume } from '../services/contexts.js';
import { renderPolicyDetails } from './confirm-policy.js';
import { Batch, batchItem, batchKey, needsPasskey, type BatchItem } from './confirm-batch.js';
import { renderBatchList } from './confirm-batch-list.js';
import { AGENT_BLOCK_MS, MAX_WAITING_PER_AGENT } from '../../core/invocation/consent-floods.js';
import { renderDeclaredHints, renderRememberControls, type RememberChoice } from './confirm-consent.js';
import { ModalController, ModalDialogElement } from './modal-controller.js';
import { shellStyles } from '../shell.styles.js';
import { dialogStyles } from './dialog.styles.js';
import { confirmDialogStyles } from './confirm-dialog.styles.js';
import { modalDialog } from './modal-dialog.js';
import { renderArgumentSummary, renderImpact, renderQuestion } from './confirm-summary.js';

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
 * Calls of one app view, or of one agent, that wait together are one list in one dialog; an agent's dialog also
 * offers "Deny all from this agent for 10 minutes" (docs/decisions/consent-floods.md).
 */
export class McpConfirmDialog extends ModalDialogElement {
  static override styles = [shellStyles, dialogStyles, confirmDialogStyles];

  static override properties = { batch: { state: true }, choice: { state: true } };

  /** The questions shown now (one, or the calls of one app view or one agent). */
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
   * allows). Calls of one app view, or of one agent, that arrive while its dialog is open (or waiting) join
   * that dialog as a list. A request whose `signal` aborts (its caller went away) is withdrawn: never shown, or removed.
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

  /** An agent's calls of several tools share no one consent to remember: "Remember" is offered for one call only. */
  private rememberOffered(): boolean {
    const open = this.batch?.open ?? [];
    return !(open.length > 1 && open[0]!.request.caller.surface === 'agent');
  }

  private answer(confirmed: boolean): ConfirmationAnswer {
    const remember = confirmed && this.choice.remember && this.rememberOffered() && this.rememberable();
    return { confirmed, remember, ...(remember ? { scope: this.choice.scope, duration: this.choice.duration } : {}) };
  }

  /**
   * Confirm / Cancel: every call still waiting in the dialog gets this answer — except that "Confirm all" leaves
   * the calls that need a passkey waiting, each to be confirmed on its own.
   */
  private finish(confirmed: boolean): void {
    const open = this.batch?.open ?? [];
    if (!confirmed || open.length < 2 || !open.some(needsPasskey)) {
      this.modal.finish(this.answer(confirmed));
      return;
    }
    for (const item of open) if (!needsPasskey(item)) item.settle(this.answer(true));
    this.requestUpdate();
  }

  /** Whether the policy lets this call's answer be remembered. */
  private rememberable(): boolean {
    return Boolean(this.request?.policy?.decision.rememberable);
  }

  /** "Always allow …": Allow, remembered in the scope (and for the time) chosen under its options. */
  private alwaysAllow(): void {
    const scopes = this.request?.policy?.decision.scopes ?? [];
    const scope = scopes.includes(this.choice.scope) ? this.choice.scope : scopes[0]!;
    this.choice = { ...this.choice, scope, remember: true };
    this.finish(true);
  }

  /** "Deny all from this agent": every call of it waiting here is refused, and its next calls for a while too. */
  private denyAgent(): void {
    this.modal.finish({ confirmed: false, denyCaller: true });
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
    const agent = r?.caller.surface === 'agent';
    const confirmable = open.filter((i) => !needsPasskey(i)).length;
    return modalDialog(
      { role: 'alertdialog', title: 'confirm-title', about: 'confirm-warning', onCancel: this.modal.onCancel },
      html`${
        r
          ? html`<h2 id="confirm-title"
                >${many ? t('consent.batch.title', { count: open.length, caller: describeCaller(r.caller, t) }) : renderQuestion(r, t)}</h2
              >
              ${many && agent ? this.renderAgentNote(open.length, t) : nothing}
              ${many && !agent ? html`<p class="muted">${t('confirm.title', { server: r.serverName, tool: r.toolName })}</p>` : nothing}
              ${!many && (r.caller.surface === 'agent' || r.caller.surface === 'app') ? html`<p class="caller" data-caller>${t('confirm.askedBy', { caller: describeCaller(r.caller, t) })}</p>` : nothing}
              ${many ? nothing : renderImpact(r, t, this.l10n.locale)}
              ${!many && typeof r.tool.description === 'string' ? html`<p class="muted description">${r.tool.description}</p>` : nothing}
              ${many ? renderBatchList(open, t, (item, confirmed) => this.answerOne(item, confirmed)) : renderArgumentSummary(r.args, t)}
              ${many && confirmable < open.length ? html`<p class="passkey-note">${t('consent.batch.passkeyNote')}</p>` : nothing}
              <p id="confirm-warning" class="warn">${t('confirm.warning')}</p>
              ${
                many && agent
                  ? nothing
                  : html`<details class="why"
                      ><summary>${t('confirm.why')}</summary>${this.renderDetails(r, t)}</details
                    >`
              }
              ${this.renderRemember(r, t)}
              <div class="actions">
                <button type="button" data-action="cancel" @click=${() => this.finish(false)}
                  >${many ? t('consent.batch.cancelAll', { count: open.length }) : t('confirm.deny')}</button
                >
                ${
                  agent
                    ? html`<button type="button" data-action="deny-agent" @click=${() => this.denyAgent()}
                        >${t('consent.agent.deny', { minutes: AGENT_BLOCK_MS / 60_000 })}</button
                      >`
                    : nothing
                }
                ${
                  !many && this.rememberable() && this.rememberOffered()
                    ? html`<button type="button" data-action="always-allow" @click=${() => this.alwaysAllow()}
                        >${t(`confirm.always.${this.rememberScope()}`, { server: r.serverName })}</button
                      >`
                    : nothing
                }
                ${
                  many && confirmable === 0
                    ? nothing
                    : html`<button type="button" class="primary" data-action="confirm" @click=${() => this.finish(true)}
                        >${
                          many
                            ? t('consent.batch.confirmAll', { count: confirmable })
                            : r.policy?.decision.decision === 'passkey'
                              ? t('confirm.continuePasskey')
                              : t('confirm.allowOnce')
                        }</button
                      >`
                }
              </div>`
          : nothing
      }`,
    );
  }

  /** The scope "Always allow" remembers in: the one chosen under its options, else the first the policy allows. */
  private rememberScope(): string {
    const scopes = this.request?.policy?.decision.scopes ?? [];
    return scopes.includes(this.choice.scope) ? this.choice.scope : (scopes[0] ?? 'tool');
  }

  /** Where "Always allow" applies and for how long (and the older "Remember my answer" tick), folded away. */
  private renderRemember(r: ConfirmationRequest, t: Translate) {
    if (!r.policy?.decision.rememberable || !this.rememberOffered()) return nothing;
    return html`<details class="remember-options" ?open=${this.choice.remember}
      ><summary>${t('confirm.rememberOptions')}</summary> ${renderRememberControls(
        this.choice,
        r.policy.decision.scopes,
        { caller: describeCaller(r.caller, t), server: r.serverName },
        t,
        (next) => (this.choice = next),
      )}</details
    >`;
  }

  /** "Why am I asked?": the server, who asked, the tool's name, the policy and the tool's declared hints. */
  private renderDetails(r: ConfirmationRequest, t: Translate) {
    return html`<dl>
        <dt>${t('confirm.server')}</dt><dd>${t('confirm.serverValue', { server: r.serverName })}</dd>
        <dt>${t('confirm.requestedBy')}</dt><dd>${describeCaller(r.caller, t)}</dd> <dt>${t('confirm.toolName')}</dt
        ><dd><code>${r.serverName}:${r.toolName}</code></dd>
      </dl>
      ${renderPolicyDetails(r.policy, t, this.l10n.locale)} ${renderDeclaredHints(r.tool.annotations, r.serverName, t)}`;
  }

  /** Above an agent's list: every call was checked by the policy, look at each; and when its limit is reached. */
  private renderAgentNote(count: number, t: Translate) {
    return html`<p class="agent-note">${t('consent.agent.note')}</p> ${
        count >= MAX_WAITING_PER_AGENT
          ? html`<p class="agent-limit" data-agent-limit
              >${t('consent.agent.limit', { max: MAX_WAITING_PER_AGENT })}</p
            >`
          : nothing
      }`;
  }
}

if (!customElements.get('mcp-confirm-dialog')) customElements.define('mcp-confirm-dialog', McpConfirmDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-confirm-dialog': McpConfirmDialog;
  }
}
