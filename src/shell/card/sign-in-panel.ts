import { LitElement, html, css, nothing } from 'lit';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import { signOut, startSignIn } from '../../core/shared/gateway-api/gateway-oauth.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, consume, gatewayContext } from '../services/contexts.js';
import { shellStyles } from '../shell.styles.js';

/** How often the server summary is read while a sign-in is waiting for its callback. */
const WAIT_POLL_MS = 1000;
/** The gateway forgets a sign-in after this long (gateway/src/oauth/oauth-gateway.ts). */
const WAIT_LIMIT_MS = 10 * 60_000;

/** Only http(s) addresses are ever opened (server data is untrusted; the URL comes from the authorization server's metadata). */
function httpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A remote server's sign-in, inside its card: **Sign in** when the server asked for authorization
 * (opens the authorization page in a new tab and waits until the gateway's callback has the tokens),
 * **Sign out** when signed in. The gateway is the OAuth client; this element never sees a token.
 *
 * @event mcp-signed-in - the gateway now holds tokens for the server (the card reconnects)
 * @event mcp-signed-out - the gateway forgot the server's tokens (the card disconnects)
 */
export class McpSignInPanel extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
      }
      .needed {
        border-left: 4px solid var(--mcp-warning-dark, #8a4b00);
        padding-left: var(--mcp-spacing-md, 0.5rem);
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: var(--mcp-spacing-md, 0.5rem);
      }
      p {
        margin: var(--mcp-spacing-sm, 0.25rem) 0;
        word-break: break-word;
      }
    `,
  ];

  static override properties = {
    server: { attribute: false },
    needed: { type: Boolean },
    embedded: { type: Boolean },
    phase: { state: true },
    problem: { state: true },
    signInUrl: { state: true },
  };

  declare server: GatewayServerSummary;
  /** The card's connect (or a call) failed because the server needs the user to sign in. */
  declare needed: boolean;
  /** Inside the connection doctor, which already says why signing in is needed: only the button (and the scopes asked for). */
  declare embedded: boolean;
  declare phase: 'idle' | 'starting' | 'waiting';
  declare problem: string | undefined;
  declare signInUrl: string | undefined;
  private readonly gateway = consume(this, gatewayContext);
  private readonly a11y = consume(this, a11yContext);
  private readonly l10n = new ShellLocalize(this);
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private waitTimer: ReturnType<typeof setTimeout> | undefined;
  private waitStarted = 0;
  private signedInBefore: string | null = null;

  constructor() {
    super();
    this.needed = false;
    this.embedded = false;
    this.phase = 'idle';
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopWaiting();
  }

  /**
   * Sign in: a tab is opened at once (while the click still allows it), the gateway prepares the
   * authorization request, and the tab goes there. If the browser refused the tab, a link is shown.
   */
  async signIn(): Promise<void> {
    const gateway = this.gateway.value;
    if (!gateway || this.phase !== 'idle') return;
    this.problem = undefined;
    this.phase = 'starting';
    this.signedInBefore = this.server.auth?.signedInAt ?? null;
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    let started;
    try {
      started = await startSignIn(gateway, this.server.name);
    } catch (error) {
      tab?.close();
      this.phase = 'idle';
      this.problem = this.t('signIn.failed', { message: (error as Error).message });
      this.a11y.value?.announce(this.problem, 'assertive');
      return;
    }
    if (started.authorized) {
      tab?.close();
      this.phase = 'idle';
      this.finished();
      return;
    }
    const url = httpUrl(started.authorizationUrl);
    if (!url) {
      tab?.close();
      this.phase = 'idle';
      this.problem = this.t('signIn.badUrl');
      return;
    }
    this.signInUrl = url;
    if (tab) tab.location.replace(url);
    this.phase = 'waiting';
    this.a11y.value?.announce(this.t('signIn.waiting'), 'polite');
    this.waitStarted = Date.now();
    this.waitTimer = setTimeout(() => void this.checkSignedIn(), WAIT_POLL_MS);
  }

  /** Reads the server summary until the gateway reports tokens (or a failure, or the sign-in expires). */
  private async checkSignedIn(): Promise<void> {
    const gateway = this.gateway.value;
    if (this.phase !== 'waiting' || !gateway) return;
    try {
      const latest = (await gateway.listServers()).find((s) => s.name === this.server.name);
      if (latest) this.server = latest;
    } catch {
      // the gateway may be restarting; keep waiting
    }
    const auth = this.server.auth;
    if (auth?.state === 'signed-in' && auth.signedInAt !== null && auth.signedInAt !== this.signedInBefore) {
      this.stopWaiting();
      this.finished();
      return;
    }
    if (auth?.state === 'failed' && auth.message) {
      this.stopWaiting();
      this.problem = this.t('signIn.failed', { message: auth.message });
      this.a11y.value?.announce(this.problem, 'assertive');
      return;
    }
    if (Date.now() - this.waitStarted > WAIT_LIMIT_MS) {
      this.stopWaiting();
      this.problem = this.t('signIn.expired');
      return;
    }
    this.waitTimer = setTimeout(() => void this.checkSignedIn(), WAIT_POLL_MS);
  }

  private stopWaiting(): void {
    clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
    this.phase = 'idle';
    this.signInUrl = undefined;
  }

  private finished(): void {
    this.a11y.value?.announce(this.t('signIn.done', { name: this.server.name }), 'polite');
    this.dispatchEvent(new Event('mcp-signed-in', { bubbles: true, composed: true }));
  }

  /** Sign out: the gateway forgets the server's tokens and registration and ends its sessions. */
  async signOut(): Promise<void> {
    const gateway = this.gateway.value;
    if (!gateway) return;
    try {
      await signOut(gateway, this.server.name);
    } catch (error) {
      this.problem = this.t('signIn.failed', { message: (error as Error).message });
      return;
    }
    this.problem = undefined;
    this.a11y.value?.announce(this.t('signIn.signedOut', { name: this.server.name }), 'polite');
    this.dispatchEvent(new Event('mcp-signed-out', { bubbles: true, composed: true }));
  }

  override render() {
    const auth = this.server?.auth;
    if (!auth && !this.needed) return nothing;
    const name = this.server.name;
    const t = this.t;
    const problem = this.problem ? html`<p class="error-text" role="alert">✗ ${this.problem}</p>` : nothing;
    if (auth?.mode === 'machine') {
      return auth.state === 'failed' && auth.message
        ? html`<p class="error-text" role="alert">✗ ${auth.message}</p><p class="muted">${t('signIn.machine')}</p>`
        : nothing;
    }
    if (this.phase === 'waiting') {
      return html`<div class="needed" role="status"
        ><p>${t('signIn.waiting')}</p>
        <div class="row">
          ${this.signInUrl ? html`<a href=${this.signInUrl} target="_blank" rel="noopener noreferrer">${t('signIn.openAgain')}</a>` : nothing}
          <button type="button" @click=${() => this.stopWaiting()}>${t('signIn.cancel')}</button>
        </div></div
      >`;
    }
    const wantsSignIn = this.needed || auth?.state === 'required' || auth?.state === 'failed';
    if (wantsSignIn) {
      const scope = auth?.scope;
      const why = this.embedded
        ? scope
          ? html`<p class="muted">${t('signIn.scopeAsked', { scope })}</p>`
          : nothing
        : html`<p>${scope ? t('signIn.neededScope', { scope }) : t('signIn.needed')}</p>`;
      return html`<div class=${this.embedded ? '' : 'needed'}
        >${why}
        ${auth?.state === 'failed' && auth.message && !this.problem ? html`<p class="error-text">✗ ${auth.message}</p>` : nothing}
        ${problem}
        <div class="row"
          ><button
            type="button"
            class="primary"
            aria-label=${t('signIn.buttonLabel', { name })}
            aria-disabled=${this.phase === 'starting' ? 'true' : 'false'}
            @click=${() => void this.signIn()}
            >${t('signIn.button')}</button
          >
          ${this.phase === 'starting' ? html`<span class="muted" role="status">${t('signIn.starting')}</span>` : nothing}</div
        ></div
      >`;
    }
    if (auth?.state === 'signed-in') {
      return html`<div class="row"
          ><span class="muted"
            >${auth.scope ? t('signIn.signedInScope', { scope: auth.scope }) : t('signIn.signedIn')}</span
          >
          <button type="button" aria-label=${t('signIn.signOutLabel', { name })} @click=${() => void this.signOut()}
            >${t('signIn.signOut')}</button
          ></div
        >${problem}`;
    }
    return problem;
  }
}

if (!customElements.get('mcp-sign-in-panel')) customElements.define('mcp-sign-in-panel', McpSignInPanel);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-sign-in-panel': McpSignInPanel;
  }
}
