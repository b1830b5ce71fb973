import type { I18nInterface } from '../../core/shared/types.js';
import { ModalController, ModalDialogElement } from '../dialogs/modal-controller.js';
import { ShellLocalize } from '../i18n/shell-localize.js';

/**
 * What the host dialogs an app's requests open share (open a link, save its files, use a device): one request at a
 * time in `request`, the host's strings, and a modal that answers `escapeAnswer` when closed without a choice.
 */
export abstract class AppAskDialog<Request, Answer> extends ModalDialogElement {
  static override properties = { request: { state: true } };

  declare request: Request | undefined;
  /** The host's I18n; English without it. */
  i18n: I18nInterface | undefined;
  private readonly l10n = new ShellLocalize(this, { i18n: () => this.i18n });
  protected readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  protected readonly modal: ModalController<Answer>;

  constructor(options: { escapeAnswer: () => Answer; initialFocus: string }) {
    super();
    this.modal = new ModalController<Answer>(this, { ...options, onClose: () => (this.request = undefined) });
  }

  /** Shows `request`, announcing `announcement`; resolves with the person's answer. */
  protected ask(request: Request, announcement: string): Promise<Answer> {
    return this.modal.open(() => (this.request = request), announcement);
  }
}
