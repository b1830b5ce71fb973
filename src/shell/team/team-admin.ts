import { LitElement, css, html, nothing } from 'lit';
import { modalBoxStyles } from '../dialogs/dialog.styles.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';
import type { AuditRow } from '../../core/shared/team/audit-row.js';
import type { TeamApi } from './team-api.js';

interface PersonRow {
  sub: string;
  email: string | null;
  name: string | null;
  roles: string[];
  lastSignIn: string;
}
interface SessionRow {
  id: string;
  sub: string;
  email: string | null;
  createdAt: string;
  lastSeen: string;
  userAgent: string;
  current: boolean;
}

/**
 * <mcp-team-admin>: team mode's Admin screen, a modal dialog with the people seen (last sign-in, roles), the
 * live browser sessions (revoke one), and the team's audit log (filter by person, server and call; export as
 * JSON lines or CSV). It reads the gateway's admin routes with the page's team token.
 */
export class McpTeamAdmin extends LitElement {
  static override properties = {
    api: { attribute: false },
    people: { state: true },
    sessions: { state: true },
    rows: { state: true },
    problem: { state: true },
    loading: { state: true },
    configProblem: { state: true },
  };
  static override styles = [
    shellStyles,
    modalBoxStyles,
    css`
      dialog {
        width: min(72rem, 96vw);
        max-height: 90vh;
      }
      header {
        display: flex;
        justify-content: space-between;
        align-items: center;
      }
      h2,
      h3 {
        margin: var(--mcp-spacing-md, 0.5rem) 0;
      }
      .table {
        overflow-x: auto;
      }
      table {
        border-collapse: collapse;
        width: 100%;
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
      th,
      td {
        text-align: start;
        padding: 0.25rem 0.5rem;
        border-bottom: 1px solid var(--mcp-border, #ccc);
        vertical-align: top;
        /* A long value wraps where it must; a column is never narrower than its longest word. */
        overflow-wrap: break-word;
      }
      td.time {
        white-space: nowrap;
      }
      form {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: end;
      }
      label {
        display: grid;
        gap: 0.125rem;
      }
      .problem {
        color: var(--mcp-danger, #b42318);
      }
    `,
  ];

  declare api: TeamApi | undefined;
  declare people: PersonRow[];
  declare sessions: SessionRow[];
  declare rows: AuditRow[];
  declare problem: string;
  declare loading: boolean;
  /** Why the last edit of the gateway's config was not applied. */
  declare configProblem: string;
  private readonly l10n = new ShellLocalize(this);
  private query = new URLSearchParams();

  constructor() {
    super();
    this.people = [];
    this.sessions = [];
    this.rows = [];
    this.problem = '';
    this.loading = false;
    this.configProblem = '';
  }

  /** Opens the screen and loads what it shows. */
  open(): void {
    this.renderRoot.querySelector('dialog')?.showModal();
    void this.load();
  }

  private async load(): Promise<void> {
    const api = this.api;
    if (!api) return;
    this.loading = true;
    this.problem = '';
    try {
      const [status, people, sessions, audit] = await Promise.all([
        api.json<{ configProblem: string | null }>('/api/team/status'),
        api.json<{ people: PersonRow[] }>('/api/team/people'),
        api.json<{ sessions: SessionRow[] }>('/api/team/sessions?all=1'),
        api.json<{ rows: AuditRow[] }>(`/api/audit?limit=500&${this.query}`),
      ]);
      this.configProblem = status.configProblem ?? '';
      this.people = people.people;
      this.sessions = sessions.sessions;
      this.rows = audit.rows;
    } catch (error) {
      this.problem = this.l10n.t('team.loadFailed', { reason: (error as Error).message });
    } finally {
      this.loading = false;
    }
  }

  private async revoke(id: string): Promise<void> {
    try {
      await this.api!.request('DELETE', `/api/team/sessions/${encodeURIComponent(id)}`);
    } catch (error) {
      this.problem = this.l10n.t('team.loadFailed', { reason: (error as Error).message });
    }
    await this.load();
  }

  private filter(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    this.query = new URLSearchParams();
    for (const key of ['sub', 'server', 'name']) {
      const value = String(data.get(key) ?? '').trim();
      if (value) this.query.set(key, value);
    }
    void this.load();
  }

  /** Downloads the filtered audit log (the route needs the page token, so it is fetched, then saved). */
  private async export(format: 'jsonl' | 'csv'): Promise<void> {
    try {
      const response = await this.api!.request('GET', `/api/audit?format=${format}&limit=100000&${this.query}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `mcp-dashboard-audit.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      this.problem = this.l10n.t('team.loadFailed', { reason: (error as Error).message });
    }
  }

  override render() {
    const t = (key: string, v?: Record<string, unknown>) => this.l10n.t(key, v);
    const when = (iso: string) => (iso ? new Date(iso).toLocaleString(this.l10n.locale) : '');
    return html`<dialog aria-labelledby="team-admin-title">
      <header>
        <h2 id="team-admin-title">${t('team.adminTitle')}</h2>
        <button type="button" @click=${() => this.renderRoot.querySelector('dialog')?.close()}
          >${t('team.close')}</button
        >
      </header>
      ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}
      ${
        this.configProblem
          ? html`<p class="problem" role="alert">${t('team.configProblem', { problem: this.configProblem })}</p>`
          : nothing
      }
      ${this.loading ? html`<p role="status">${t('team.loading')}</p>` : nothing}
      <section aria-labelledby="team-people">
        <h3 id="team-people">${t('team.people')}</h3>
        <div class="table"
          ><table>
            <thead
              ><tr
                ><th>${t('team.col.person')}</th><th>${t('team.col.roles')}</th><th>${t('team.col.lastSignIn')}</th></tr
              ></thead
            >
            <tbody
              >${this.people.map((p) => html`<tr><td>${p.name ?? p.sub} &lt;${p.email ?? p.sub}&gt;</td><td>${p.roles.join(', ')}</td><td class="time">${when(p.lastSignIn)}</td></tr>`)}</tbody
            >
          </table></div
        >
      </section>
      <section aria-labelledby="team-sessions">
        <h3 id="team-sessions">${t('team.sessions')}</h3>
        <div class="table"
          ><table>
            <thead
              ><tr
                ><th>${t('team.col.person')}</th><th>${t('team.col.started')}</th><th>${t('team.col.lastSeen')}</th
                ><th>${t('team.col.browser')}</th><th></th></tr
            ></thead>
            <tbody
              >${this.sessions.map(
                (s) =>
                  html`<tr data-session=${s.id}
                    ><td>${s.email ?? s.sub}</td><td class="time">${when(s.createdAt)}</td
                    ><td class="time">${when(s.lastSeen)}</td><td>${s.userAgent}</td>
                    <td
                      >${s.current ? t('team.thisSession') : html`<button type="button" aria-label=${t('team.revokeLabel', { name: s.email ?? s.sub, time: when(s.createdAt) })} @click=${() => void this.revoke(s.id)}>${t('team.revoke')}</button>`}</td
                    ></tr
                  >`,
              )}</tbody
            >
          </table></div
        >
      </section>
      <section aria-labelledby="team-audit">
        <h3 id="team-audit">${t('team.audit')}</h3>
        <form @submit=${(e: SubmitEvent) => this.filter(e)}>
          <label>${t('team.filterPerson')}<input name="sub" /></label>
          <label>${t('team.filterServer')}<input name="server" /></label>
          <label>${t('team.filterCall')}<input name="name" /></label>
          <button type="submit">${t('team.apply')}</button>
          <button type="button" @click=${() => void this.export('jsonl')}>${t('team.exportJsonl')}</button>
          <button type="button" @click=${() => void this.export('csv')}>${t('team.exportCsv')}</button>
        </form>
        <p role="status">${this.rows.length ? t('team.rowCount', { count: this.rows.length }) : t('team.noRows')}</p>
        <div class="table"
          ><table>
            <thead
              ><tr
                ><th>${t('team.col.time')}</th><th>${t('team.col.person')}</th><th>${t('team.col.server')}</th
                ><th>${t('team.col.call')}</th><th>${t('team.col.outcome')}</th><th>${t('team.col.rule')}</th></tr
              ></thead
            >
            <tbody
              >${this.rows.map(
                (r) =>
                  html`<tr data-seq=${r.seq}
                    ><td class="time">${when(r.time)}</td><td>${r.email || r.sub}</td><td>${r.server}</td
                    ><td>${r.method} ${r.name}</td><td>${t(`team.outcome.${r.outcome}`)}</td><td>${r.rule}</td></tr
                  >`,
              )}</tbody
            >
          </table></div
        >
      </section>
    </dialog>`;
  }
}

if (!customElements.get('mcp-team-admin')) customElements.define('mcp-team-admin', McpTeamAdmin);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-team-admin': McpTeamAdmin;
  }
}
