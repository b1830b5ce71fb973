import { LitElement, html, css, nothing } from 'lit';
import { deepActiveElement } from '../services/a11y-helper.js';
import { a11yContext, consume } from '../services/contexts.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';
import { dialogStyles, fitScreenStyles } from './dialog.styles.js';
import { modalDialog } from './modal-dialog.js';

/** What the prompt shows while a ceremony runs. */
export interface PasskeyPromptInfo {
  serverName: string;
  toolName: string;
  /** The tool's `auth.promptMessage` (server text, shown as text). */
  promptMessage?: string;
}

/** Thrown when the user presses Cancel in the prompt. */
export class PromptCancelledError extends Error {
  constructor() {
    super('You cancelled the passkey step.');
    this.name = 'PromptCancelledError';
  }
}

/**
 * <mcp-passkey-prompt>: the modal shown while the browser's passkey ceremony runs (MCPlet §7.2
 * phase 4). It shows the tool's `auth.promptMessage`, what is happening (first-time registration or
 * authentication), and a Cancel button that aborts the ceremony. Use `run(info, task)`.
 */
export class McpPasskeyPrompt extends LitElement {
  static override styles = [
    shellStyles,
    dialogStyles,
    fitScreenStyles,
    css`
      /* Narrower than the other dialogs, and as wide as its words need; the title does not break inside words. */
      dialog {
        max-width: min(32rem, 95vw);
        width: auto;
      }
      h2 {
        word-break: normal;
      }
      .message {
        font-weight: var(--mcp-font-weight-medium, 600);
        font-size: var(--mcp-font-size-lg, 1rem);
        word-break: break-word;
      }
    `,
  ];

  static override properties = { info: { state: true }, phase: { state: true } };

  declare info: PasskeyPromptInfo | undefined;
  declare phase: string;
  private readonly l10n = new ShellLocalize(this);
  private readonly a11y = consume(this, a11yContext);
  private cancel: (() => void) | undefined;

  constructor() {
    super();
    this.phase = '';
  }

  /** A shell message in the user's language (the ceremony words its phases and errors with it). */
  t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  /** Updates the status line (e.g. "Registering your passkey…"). */
  setPhase(phase: string): void {
    this.phase = phase;
    this.a11y.value?.announce(phase, 'polite');
  }

  /**
   * Shows the prompt and runs `task`; Cancel calls `onCancel` (which aborts the ceremony) and the
   * promise rejects with PromptCancelledError. Closes when the task settles.
   */
  async run<T>(info: PasskeyPromptInfo, task: () => Promise<T>, onCancel: () => void): Promise<T> {
    const returnFocus = deepActiveElement();
    this.info = info;
    this.phase = this.t('passkey.waiting');
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector('dialog')!;
    dialog.showModal();
    const release = this.a11y.value?.setFocusTrap(this);
    (this.renderRoot.querySelector('[data-action="cancel-passkey"]') as HTMLElement | null)?.focus();
    this.a11y.value?.announce(
      this.t('passkey.announce', { what: info.promptMessage ?? `${info.serverName}:${info.toolName}` }),
      'assertive',
    );
    const cancelled = new Promise<never>((_, reject) => {
      this.cancel = () => {
        onCancel();
        reject(new PromptCancelledError());
      };
    });
    try {
      return await Promise.race([task(), cancelled]);
    } finally {
      this.cancel = undefined;
      if (dialog.open) dialog.close();
      release?.();
      this.info = undefined;
      if (returnFocus?.isConnected) returnFocus.focus();
    }
  }

  private onCancelEvent(event: Event): void {
    event.preventDefault();
    this.cancel?.();
  }

  override render() {
    const info = this.info;
    const t = (key: string, variables?: Record<string, unknown>) => this.t(key, variables);
    return modalDialog(
      { role: 'alertdialog', title: 'passkey-title', about: 'passkey-message', onCancel: this.onCancelEvent },
      html`${
        info
          ? html`<h2 id="passkey-title"
                ><span aria-hidden="true">🔐</span>
                ${t('passkey.title', { server: info.serverName, tool: info.toolName })}</h2
              >
              <p id="passkey-message" class="message grow">${info.promptMessage ?? t('passkey.defaultMessage')}</p>
              <p class="muted" role="status">${this.phase}</p>
              <p class="muted">${t('passkey.explain')}</p>
              <div class="actions"
                ><button type="button" data-action="cancel-passkey" @click=${() => this.cancel?.()}
                  >${t('passkey.cancel')}</button
                ></div
              >`
          : nothing
      }`,
    );
  }
}

if (!customElements.get('mcp-passkey-prompt')) customElements.define('mcp-passkey-prompt', McpPasskeyPrompt);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-passkey-prompt': McpPasskeyPrompt;
  }
}
