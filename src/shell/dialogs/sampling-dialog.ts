import { html, css, nothing } from 'lit';
import type { SamplingOrigin } from '../../core/bridge/mcp-bridge.js';
import { MCPError } from '../../core/bridge/mcp-error.js';
import type { SamplingRequest, SamplingResult } from '../../core/shared/types.js';
import '../../../widgets/kit/tool-runner/result-view.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, consume } from '../services/contexts.js';
import { ModalController, ModalDialogElement } from './modal-controller.js';
import { shellStyles } from '../shell.styles.js';
import { dialogStyles, fitScreenStyles } from './dialog.styles.js';
import { modalDialog } from './modal-dialog.js';

/** Model name reported in a SamplingResult written by a person. */
export const HUMAN_MODEL = 'human (mcp-dashboard)';

/** JSON-RPC code for "the user declined", as the MCP client examples use. */
export const USER_DECLINED = -1;

interface Pending {
  serverName: string;
  request: SamplingRequest;
  origin: SamplingOrigin;
}

/**
 * Human-in-the-loop sampling (MCP-WP-6.2.7, 6.2.8): the dashboard has no model of its own, so a
 * person reads the conversation a server or widget sends and writes (or approves) the assistant
 * message. Used for widgets' `createMessage` and for servers' `sampling/createMessage` alike.
 */
export class McpSamplingDialog extends ModalDialogElement {
  static override styles = [
    shellStyles,
    dialogStyles,
    fitScreenStyles,
    css`
      /* Wider than the others: it shows a conversation. */
      dialog {
        max-width: min(44rem, 95vw);
      }
      ol {
        padding-left: 1.25rem;
        max-height: 18rem;
        overflow: auto;
      }
      textarea {
        width: 100%;
        min-height: 6rem;
        font: inherit;
      }
      dl {
        margin: 0 0 var(--mcp-spacing-md, 0.5rem);
      }
    `,
  ];

  static override properties = { pending: { state: true }, problem: { state: true } };

  declare pending: Pending | undefined;
  declare problem: string | undefined;
  private readonly pageA11y = consume(this, a11yContext);
  protected readonly modal = new ModalController<SamplingResult | null>(this, {
    escapeAnswer: () => null,
    a11y: () => this.pageA11y.value,
    initialFocus: 'textarea',
  });
  private readonly l10n = new ShellLocalize(this);
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);

  /** Asks the person for the assistant message; rejects with an MCPError when they decline. */
  async ask(
    serverName: string,
    request: SamplingRequest,
    origin: SamplingOrigin = { kind: 'server', id: serverName },
    signal?: AbortSignal,
  ): Promise<SamplingResult> {
    const answer = await this.modal.open(
      () => {
        this.pending = { serverName, request, origin };
        this.problem = undefined;
      },
      this.t('sampling.announce', { server: serverName }),
      { signal, announcement: this.t('request.withdrawn', { server: serverName }) },
    );
    this.pending = undefined;
    if (!answer)
      throw new MCPError('The user declined to answer the sampling request.', {
        jsonrpcCode: USER_DECLINED,
        serverName,
        operation: 'sampling/createMessage',
      });
    return answer;
  }

  private send(): void {
    const text = (this.renderRoot.querySelector('textarea') as HTMLTextAreaElement).value;
    if (!text.trim()) {
      this.problem = this.t('sampling.empty');
      void this.updateComplete.then(() => (this.renderRoot.querySelector('textarea') as HTMLTextAreaElement).focus());
      return;
    }
    this.modal.finish({
      role: 'assistant',
      content: { type: 'text', text },
      model: HUMAN_MODEL,
      stopReason: 'endTurn',
    });
  }

  override render() {
    const p = this.pending;
    const r = p?.request;
    const messages = Array.isArray(r?.messages) ? r!.messages : [];
    const hints = (r?.modelPreferences as { hints?: Array<{ name?: unknown }> } | undefined)?.hints;
    return modalDialog(
      { role: 'dialog', title: 'sampling-title', about: 'sampling-why', onCancel: this.modal.onCancel },
      html`${
        p && r
          ? html`<h2 id="sampling-title">${this.t('sampling.title', { server: p.serverName })}</h2>
              <p id="sampling-why"
                >${p.origin.kind === 'server' ? this.t('sampling.whyServer', { server: p.serverName }) : p.origin.kind === 'app' ? this.t('sampling.whyApp', { id: p.origin.id, server: p.serverName }) : p.origin.agent ? this.t('sampling.whyAgent', { id: p.origin.id, agent: p.origin.agent }) : this.t('sampling.whyWidget', { id: p.origin.id })}</p
              >
              <dl class="grow">
                ${typeof r.systemPrompt === 'string' ? html`<dt>${this.t('sampling.systemPrompt')}</dt><dd>${r.systemPrompt}</dd>` : nothing}
                <dt>${this.t('sampling.limit')}</dt><dd>${this.t('sampling.tokens', { count: r.maxTokens })}</dd>
                ${Array.isArray(hints) && hints.length ? html`<dt>${this.t('sampling.hints')}</dt><dd>${hints.map((h) => String(h?.name ?? '')).join(', ')}</dd>` : nothing}
              </dl>
              <h3>${this.t('sampling.conversation')}</h3>
              <ol class="grow" aria-label=${this.t('sampling.conversationSoFar')}>
                ${messages.map(
                  (m) =>
                    html`<li
                      ><strong
                        >${m?.role === 'user' || m?.role === 'assistant' ? this.t(`role.${m.role}`) : String(m?.role)}</strong
                      ><mcp-result-view .result=${{ content: [m?.content] }} .i18n=${this.l10n.i18n}></mcp-result-view
                    ></li>`,
                )}
              </ol>
              <label for="sampling-reply"><strong>${this.t('sampling.reply')}</strong></label>
              <textarea
                id="sampling-reply"
                aria-describedby=${this.problem ? 'sampling-problem' : nothing}
                aria-invalid=${this.problem ? 'true' : 'false'}
              ></textarea>
              ${this.problem ? html`<p id="sampling-problem" class="error-text" role="alert">${this.problem}</p>` : nothing}
              <div class="actions">
                <button type="button" data-action="decline" @click=${() => this.modal.finish(null)}
                  >${this.t('dialog.decline')}</button
                >
                <button type="button" class="primary" data-action="send" @click=${() => this.send()}
                  >${this.t('sampling.send')}</button
                >
              </div>`
          : nothing
      }`,
    );
  }
}

if (!customElements.get('mcp-sampling-dialog')) customElements.define('mcp-sampling-dialog', McpSamplingDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-sampling-dialog': McpSamplingDialog;
  }
}
