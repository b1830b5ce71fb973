import { html, css, nothing } from 'lit';
import type { ElicitationRequest, ElicitationResult } from '../../core/bridge/mcp-bridge.js';
import type { ArgumentProblem } from '../../core/shared/types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, consume, validatorContext } from '../services/contexts.js';
import type { McpSchemaForm, SchemaFormSubmitEvent } from '../../../widgets/kit/schema-form/schema-form.js';
import '../../../widgets/kit/schema-form/schema-form.js';
import { ModalController, ModalDialogElement } from './modal-controller.js';
import { shellStyles } from '../shell.styles.js';
import { dialogStyles, fitScreenStyles } from './dialog.styles.js';
import { modalDialog } from './modal-dialog.js';

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
    dialogStyles,
    fitScreenStyles,
    css`
      /* The form above ends with its own submit button: the dialog's buttons sit closer to it. */
      .actions {
        margin-top: var(--mcp-spacing-md, 0.5rem);
      }
    `,
  ];

  static override properties = { pending: { state: true }, problems: { state: true } };

  declare pending: Pending | undefined;
  declare problems: ArgumentProblem[];
  /** The host's argument validator, from its context. */
  private readonly validator = consume(this, validatorContext);
  private readonly pageA11y = consume(this, a11yContext);
  protected readonly modal = new ModalController<ElicitationResult>(this, {
    escapeAnswer: () => ({ action: 'cancel' }),
    a11y: () => this.pageA11y.value,
    initialFocus: 'mcp-schema-form',
  });
  private readonly l10n = new ShellLocalize(this);
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
    const validator = this.validator.value;
    if (validator && schema && typeof schema === 'object') {
      const verdict = await validator.validate(schema, event.value);
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
    return modalDialog(
      { role: 'dialog', title: 'elicit-title', about: 'elicit-message', onCancel: this.modal.onCancel },
      html`${
        p
          ? html`<h2 id="elicit-title">${this.t('elicit.title', { server: p.serverName })}</h2>
              <p id="elicit-message" class="grow">${typeof p.request.message === 'string' ? p.request.message : ''}</p>
              <p class="muted">${this.t('elicit.onlyTo', { server: p.serverName })}</p>
              <mcp-schema-form
                class="grow"
                .schema=${p.request.requestedSchema}
                .errors=${this.problems}
                submit-label=${this.t('elicit.send')}
                .i18n=${this.l10n.i18n}
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
      }`,
    );
  }
}

if (!customElements.get('mcp-elicitation-dialog'))
  customElements.define('mcp-elicitation-dialog', McpElicitationDialog);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-elicitation-dialog': McpElicitationDialog;
  }
}
