import { LitElement, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { A11yHelperInterface } from '../../core/shared/types.js';
import { deepActiveElement } from '../services/a11y-helper.js';

/**
 * The dialog accessibility the confirmation dialog established (MCP-WP-11.5.12), reusable by other
 * host dialogs: `showModal()`, a focus trap, an announcement, Escape = the dialog's "no" answer,
 * and focus returned to whatever opened it. Requests are queued so only one dialog shows at a time.
 * A request may carry an AbortSignal: aborted while queued, it is never shown; aborted while shown,
 * the dialog closes with the "no" answer and says why.
 */
export class ModalController<Answer> implements ReactiveController {
  /** An A11yHelper set by hand (a dialog used on its own); otherwise the page's (`options.a11y`). */
  a11y: A11yHelperInterface | undefined;
  private resolve: ((answer: Answer) => void) | undefined;
  private returnFocus: HTMLElement | null = null;
  private releaseTrap: (() => void) | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: {
      escapeAnswer: () => Answer;
      initialFocus: string;
      onClose?: () => void;
      /** The page's A11yHelper (a shell dialog takes it from the a11y context). */
      a11y?: () => A11yHelperInterface | undefined;
    },
  ) {
    host.addController(this);
  }

  /** The A11yHelper in effect: the one set by hand, else the page's. */
  get helper(): A11yHelperInterface | undefined {
    return this.a11y ?? this.options.a11y?.();
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    if (this.resolve) this.finish(this.options.escapeAnswer());
  }

  /**
   * Runs `prepare` (which sets the host's state), shows the dialog and resolves with the answer.
   * `withdraw.signal` aborted means the asker went away; `withdraw.announcement` is then announced.
   */
  open(
    prepare: () => void,
    announcement: string,
    withdraw?: { signal?: AbortSignal; announcement: string },
  ): Promise<Answer> {
    const answer = this.queue.then(() => this.show(prepare, announcement, withdraw));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  /** True while a dialog is showing. */
  get isOpen(): boolean {
    return this.resolve !== undefined;
  }

  private async show(
    prepare: () => void,
    announcement: string,
    withdraw?: { signal?: AbortSignal; announcement: string },
  ): Promise<Answer> {
    const signal = withdraw?.signal;
    if (signal?.aborted) return this.options.escapeAnswer();
    this.returnFocus = deepActiveElement();
    prepare();
    this.host.requestUpdate();
    await this.host.updateComplete;
    const root = this.host.shadowRoot ?? this.host;
    const dialog = root.querySelector('dialog')!;
    if (!dialog.open) dialog.showModal();
    this.releaseTrap = this.helper?.setFocusTrap(this.host);
    (root.querySelector(this.options.initialFocus) as HTMLElement | null)?.focus();
    this.helper?.announce(announcement, 'assertive');
    return new Promise<Answer>((resolve) => {
      this.resolve = resolve;
      signal?.addEventListener(
        'abort',
        () => {
          if (this.resolve !== resolve) return;
          this.helper?.announce(withdraw!.announcement, 'assertive');
          this.finish(this.options.escapeAnswer());
        },
        { once: true },
      );
    });
  }

  /** Closes the dialog with `answer` and returns focus to the trigger. */
  finish(answer: Answer): void {
    const root = this.host.shadowRoot ?? this.host;
    const dialog = root.querySelector('dialog');
    if (dialog?.open) dialog.close();
    this.releaseTrap?.();
    this.releaseTrap = undefined;
    const resolve = this.resolve;
    this.resolve = undefined;
    this.options.onClose?.();
    const target = this.returnFocus;
    this.returnFocus = null;
    if (target?.isConnected) target.focus();
    resolve?.(answer);
  }

  /** Bind to the `<dialog>`'s `cancel` event: Escape gives the dialog's "no" answer. */
  readonly onCancel = (event: Event): void => {
    event.preventDefault();
    this.finish(this.options.escapeAnswer());
  };
}

/**
 * Base of the host's dialogs: each owns a ModalController as `modal`, and hands it the page's A11yHelper
 * (focus trap, announcements) as its `a11y` option — a shell dialog from the a11y context; one set as
 * `a11y` by hand goes to it instead.
 */
export abstract class ModalDialogElement extends LitElement {
  protected abstract readonly modal: {
    a11y: A11yHelperInterface | undefined;
    readonly helper: A11yHelperInterface | undefined;
  };

  set a11y(helper: A11yHelperInterface | undefined) {
    this.modal.a11y = helper;
  }

  /** The A11yHelper the dialog uses (set by hand, or the page's). */
  get a11y(): A11yHelperInterface | undefined {
    return this.modal.helper;
  }
}
