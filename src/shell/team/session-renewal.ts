import { LitElement, css, html } from 'lit';
import { dialogStyles } from '../dialogs/dialog.styles.js';
import { shellStyles } from '../shell.styles.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { readTeamSession } from './team-api.js';

/** How often the page asks whether the person has signed in again. */
const POLL_MS = 1500;

/**
 * <mcp-session-ended>: team mode, the person's sign-in has ended (idle, too old, revoked) while the page is open.
 * Signing in again happens in another window, so this page — what was typed, open dialogs, running calls — stays
 * as it is; the page takes its new token as soon as the session is back.
 */
export class McpSessionEnded extends LitElement {
  static override styles = [
    shellStyles,
    dialogStyles,
    css`
      dialog {
        max-width: min(28rem, 95vw);
      }
    `,
  ];
  private readonly l10n = new ShellLocalize(this);

  override firstUpdated(): void {
    this.renderRoot.querySelector('dialog')?.showModal();
  }

  override render() {
    const t = (key: string) => this.l10n.t(key);
    return html`<dialog aria-labelledby="ended-title" @cancel=${(e: Event) => e.preventDefault()}>
      <h2 id="ended-title">${t('team.sessionEnded')}</h2>
      <p>${t('team.sessionEndedHelp')}</p>
      <div class="actions">
        <button type="button" class="primary" @click=${() => window.open('/oidc/login?return=/signed-in', '_blank')}>
          ${t('team.signInAgain')}
        </button>
      </div>
    </dialog>`;
  }
}

if (!customElements.get('mcp-session-ended')) customElements.define('mcp-session-ended', McpSessionEnded);

let renewal: Promise<string> | undefined;

/** Team mode: waits until the person has signed in again (prompting them once), and gives the new page token. */
export function renewTeamSession(): Promise<string> {
  renewal ??= (async () => {
    const prompt = document.createElement('mcp-session-ended');
    document.body.append(prompt);
    try {
      for (;;) {
        const token = (await readTeamSession())?.token;
        if (token) return token;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } finally {
      prompt.remove();
      renewal = undefined;
    }
  })();
  return renewal;
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-session-ended': McpSessionEnded;
  }
}
