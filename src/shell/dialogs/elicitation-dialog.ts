import { html, css, nothing } from 'lit';
import type { ElicitationRequest, ElicitationResult } from '../../core/bridge/mcp-bridge.js';
import type { ArgumentValidator } from '../../core/invocation/lazy-validator.js';
import type { ArgumentProblem, I18nInterface } from '../../core/shared/types.js';
import { LocalizeController } from '../../../widgets/kit/i18n/localize.js';
import { SHELL_CATALOGS } from '../i18n/messages.js';
import type { McpSchemaForm, SchemaFormSubmitEvent } from '../../../widgets/kit/schema-form/schema-form.js';
import '../../../widgets/kit/schema-form/schema-form.js';
import { ModalController, ModalDialogElement } from './modal-controller.js';
import { shellStyles } from '../shell.styles.js';

interface Pending {
  serverName: string;
  request: ElicitationRequest;
}

/**
 * A server asks the user for information (`elicitation/create`, form mode): the requested schema
 * becomes a form through the kit's schema form engine, answers are validated with the host's ajv
 * before anything is sent, and the user may decline or cancel (Escape).
 */
export class McpElicitationDialog extends ModalDialogElement {
  static override styles = [
    shellStyles,
    css`
      dialog {
        max-width: min(40rem, 95vw);
        width: 100%;
        border: 2px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-lg, 8px);
        background: var(--mcp-background, #fff);
        color: var(--mcp-text-primary, #1b1f24);
        padding: var(--mcp-spacing-lg, 1rem);
      }
      dialog::backdrop {
        background: var(--mcp-overlay, rgb(0 0 0 / 0.5));
      }
      h2 {
        margin: 0 0 var(--mcp-spacing-md, 0.5rem);
        font-size: 1.15rem;
        word-break: break-word;
      }
      .actions {
        display: flex;
        justify-content: flex-end;
        gap: var(--mcp-spacing-md, 0.5rem);
        margin-top: var(--mcp-spacing-md, 0.5rem);
      }
    `,
  ];

  static override properties = { pending: { state: true }, problems: { state: true } };

  declare pending: Pending | undefined;
  declare problems: ArgumentProblem[];
  validator: ArgumentValidator | undefined;
  protected readonly modal = new ModalController<ElicitationResult>(this, {
    escapeAnswer: () => ({ action: 'cancel' }),
    initialFocus: 'mcp-schema-form',
  });
  /** The host's I18n; English without it. */
  i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: SHELL_CATALOGS, i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);

  constructor() {
    super();
    this.problems = [];
  }

  /** Shows the form; resolves with accept (and the content), decline or cancel. */
  async ask(serverName: string, request: ElicitationRequest, signal?: AbortSignal): Promise<ElicitationResult> {
    const answer = await this.modal.open(
      () => {
        this.pending = { serverName, request };
        this.problems = [];
      },
      this.t('elicit.announce', { server: serverName }),
      { signal, announcement: this.t('request.withdrawn', { server: serverName }) },
    );
    this.pending = undefined;
    return answer;
  }

  private async accept(event: SchemaFormSubmitEvent): Promise<void> {
    const schema = this.pending?.request.requestedSchema;
    if (this.validator && schema && typeof schema === 'object') {
      const verdict = await this.validator.validate(schema, event.value);
      if (!verdict.ok) {
        this.problems = verdict.problems;
        (this.renderRoot.querySelector('mcp-schema-form') as McpSchemaForm | null)?.focusFirstInvalid();
        return;
      }
    }
    this.modal.finish({ action: 'accept', content: event.value });
  }

  override render() {
    const p = this.pending;
    return html`<dialog
      role="dialog"
      aria-modal="true"
      aria-labelledby="elicit-title"
      aria-describedby="elicit-message"
      @cancel=${this.modal.onCancel}
    >
      ${
        p
          ? html`<h2 id="elicit-title">${this.t('elicit.title', { server: p.serverName })}</h2>
              <p id="elicit-message">${typeof p.request.message === 'string' ? p.request.message : ''}</p>
              <p class="muted">${this.t('elicit.onlyTo', { server: p.serverName })}</p>
              <mcp-schema-form
                .schema=${p.request.requestedSchema}
                .errors=${this.problems}
                submit-label=${this.t('elicit.send')}
                .i18n=${this.i18n}
                @mcp-form-submit=${(e: SchemaFormSubmitEvent) => void this.accept(e)}
              ></mcp-schema-form>
              <div class="actions">
                <button type="button" data-action="cancel" @click=${() => this.modal.finish({ action: 'cancel' })}
                  >${this.t('confirm.cancel')}</button
                >
                <button type="button" data-action="decline" @click=${() => this.modal.finish({ action: 'decline' })}
                  >${this.t('dialog.decline')}</button
                >
              </div>`
          : nothing
      }
    </dialog>`;
  }
}

if (!customElements.get('mcp-elicitation-dialog'))
  customElements.define('mcp-elicitation-dialog', McpElicitationDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-elicitation-dialog': McpElicitationDialog;
  }
}
