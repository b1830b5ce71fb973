import { LitElement, css, html, nothing } from 'lit';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';
import { isTeamMode, TeamApi } from './team-api.js';
import type { McpTeamAdmin } from './team-admin.js';

/**
 * <mcp-person-menu>: in team mode, who is signed in (name and roles), Sign out, and for admins the Team admin
 * screen. Renders nothing in personal mode.
 */
export class McpPersonMenu extends LitElement {
  static override properties = { api: { state: true }, problem: { state: true }, busy: { state: true } };
  static override styles = [
    shellStyles,
    css`
      :host {
        display: inline-block;
        position: relative;
      }
      details > summary {
        cursor: pointer;
        list-style: none;
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
        border: 1px solid var(--mcp-border, #737d88);
        border-radius: var(--mcp-radius-md, 6px);
      }
      .panel {
        position: absolute;
        right: 0;
        z-index: 10;
        min-width: 14rem;
        margin-top: var(--mcp-spacing-sm, 0.25rem);
        padding: var(--mcp-spacing-md, 0.5rem);
        display: grid;
        gap: var(--mcp-spacing-sm, 0.25rem);
        background: var(--mcp-surface, #fff);
        color: var(--mcp-text, inherit);
        border: 1px solid var(--mcp-border, #737d88);
        border-radius: var(--mcp-radius-md, 6px);
        box-shadow: 0 4px 12px #0003;
      }
      .who {
        font-weight: var(--mcp-font-weight-medium, 600);
        overflow-wrap: anywhere;
      }
      .roles,
      .problem {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
      .problem {
        color: var(--mcp-danger, #b42318);
      }
    `,
  ];

  declare api: TeamApi | undefined;
  declare problem: string;
  declare busy: boolean;
  private readonly l10n = new ShellLocalize(this);

  constructor() {
    super();
    this.problem = '';
    this.busy = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The Admin screen's code is loaded only for admins, in team mode.
    if (isTeamMode())
      void TeamApi.connect().then(
        async (api) => {
          if (api?.person.admin) await import('./team-admin.js');
          this.api = api;
        },
        () => {},
      );
  }

  private async signOut(): Promise<void> {
    this.busy = true;
    try {
      window.location.assign(await this.api!.signOut());
    } catch (error) {
      this.problem = this.l10n.t('team.signOutFailed', { reason: (error as Error).message });
      this.busy = false;
    }
  }

  private openAdmin(): void {
    const admin = this.renderRoot.querySelector<McpTeamAdmin>('mcp-team-admin');
    admin?.open();
  }

  override render() {
    const api = this.api;
    if (!api) return nothing;
    const t = (key: string, v?: Record<string, unknown>) => this.l10n.t(key, v);
    const person = api.person;
    const name = person.name ?? person.email ?? person.sub;
    return html`<details>
        <summary aria-label=${t('team.menuLabel', { name })}>${name}</summary>
        <div class="panel">
          <span class="who">${person.email ?? person.sub}</span>
          <span class="roles">${t('team.roles', { roles: person.roles.join(', ') })}</span>
          ${
            person.admin
              ? html`<button type="button" data-action="team-admin" @click=${() => this.openAdmin()}>
                  ${t('team.admin')}
                </button>`
              : nothing
          }
          <button type="button" data-action="sign-out" ?disabled=${this.busy} @click=${() => void this.signOut()}>
            ${this.busy ? t('team.signingOut') : t('team.signOut')}
          </button>
          ${this.problem ? html`<span class="problem" role="alert">${this.problem}</span>` : nothing}
        </div>
      </details>
      ${person.admin ? html`<mcp-team-admin .api=${api}></mcp-team-admin>` : nothing}`;
  }
}

if (!customElements.get('mcp-person-menu')) customElements.define('mcp-person-menu', McpPersonMenu);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-person-menu': McpPersonMenu;
  }
}
