import { LitElement, html, css, nothing } from 'lit';
import type { I18nInterface } from '../../../src/core/shared/types.js';
import type { ActivityEntry } from './activity.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { TEXT_STEP } from '../tool-runner/long-text.js';
import { prettyJson } from '../tool-runner/result-view.js';
import { baseStyles } from '../styles/styles.js';
import { recordTableStyles } from '../styles/facts.styles.js';
import '../tool-runner/long-text.js';

/**
 * The activity of one server as a table: time, what, outcome (icon + text), latency, and the
 * request and response to inspect (MCP-WP §12 activity log).
 */
export class McpActivityTable extends LitElement {
  static override styles = [
    baseStyles,
    recordTableStyles,
    css`
      :host {
        display: block;
      }
      pre {
        max-height: 16rem;
        overflow: auto;
      }
    `,
  ];

  static override properties = { entries: { attribute: false }, caption: {}, i18n: { attribute: false } };

  declare entries: ActivityEntry[];
  declare caption: string;
  /** The host's I18n dependency; English without it. */
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  /** Pretty JSON per entry, made once: a response can be megabytes and the table re-renders on every call. */
  private readonly texts = new WeakMap<ActivityEntry, string>();

  constructor() {
    super();
    this.entries = [];
    this.caption = '';
  }

  /** The entry's own message, worded in the user's language where the kit made it. */
  private message(e: ActivityEntry): string | undefined {
    if (e.kind === 'tool' && e.outcome === 'cancelled')
      return this.t(e.message?.includes('told to stop') ? 'activity.cancelledRunning' : 'activity.cancelledBefore');
    return e.messageKey ? this.t(e.messageKey, e.messageVars) : e.message;
  }

  /** A kind the kit has no word for (a newer event kind) is shown as the host named it. */
  private kind(e: ActivityEntry): string {
    const key = `kind.${e.kind}`;
    const word = this.t(key);
    return word === key ? e.kind : word;
  }

  /** Who asked, when the host knows. */
  private askedBy(e: ActivityEntry) {
    const s = e.source;
    if (!s || !['user', 'widget', 'app', 'agent', 'server', 'host'].includes(s.surface)) return nothing;
    return html`<div class="muted by">${this.t(`activity.by.${s.surface}`, { id: s.id })}</div>`;
  }

  private inspect(entry: ActivityEntry) {
    let text = this.texts.get(entry);
    if (text === undefined)
      this.texts.set(entry, (text = prettyJson({ request: entry.request, response: entry.response })));
    return html`<details
      ><summary>${this.t('activity.requestResponse')}</summary>
      ${text.length <= TEXT_STEP ? html`<pre tabindex="0">${text}</pre>` : html`<mcp-long-text .text=${text} file-name=${`activity-${entry.id}.json`} .i18n=${this.i18n}></mcp-long-text>`}
    </details>`;
  }

  /** One line about the newest entry, for the live region (MCP-WP-11.5.4). */
  private latest(): string {
    const e = this.entries[0];
    if (!e) return '';
    const message = this.message(e);
    return this.t('activity.latest', {
      kind: this.kind(e),
      name: e.name,
      outcome: this.t(`outcome.${e.outcome}`),
      latency: e.latency !== undefined ? this.t('activity.latestMs', { ms: Math.round(e.latency) }) : '',
      message: message ? ` \u2014 ${message}` : '',
    });
  }

  override render() {
    // The live region is always there, so each new entry is announced without moving focus.
    return html`<p class="visually-hidden" aria-live="polite" data-live="activity">${this.latest()}</p
      >${this.renderTable()}`;
  }

  private renderTable() {
    const t = this.t;
    if (!this.entries.length) return html`<p class="muted">${t('activity.none')}</p>`;
    return html`<table>
      <caption class="visually-hidden">${this.caption || t('activity.caption')}</caption>
      <thead
        ><tr
          ><th scope="col">${t('activity.time')}</th><th scope="col">${t('activity.what')}</th
          ><th scope="col">${t('activity.outcome')}</th><th scope="col">${t('activity.latency')}</th
          ><th scope="col">${t('activity.details')}</th></tr
        ></thead
      >
      <tbody>
        ${this.entries.map((e) => {
          const message = this.message(e);
          return html`<tr>
            <td>${this.l10n.formatDate(e.time, { timeStyle: 'medium' })}</td>
            <td>${this.kind(e)} <code>${e.name}</code>${this.askedBy(e)}</td>
            <td class="outcome-${e.outcome}"
              >${e.outcome === 'error' ? '\u2717 ' : e.outcome === 'ok' ? '\u2713 ' : ''}${t(`outcome.${e.outcome}`)}</td
            >
            <td>${e.latency !== undefined ? t('activity.ms', { ms: Math.round(e.latency) }) : ''}</td>
            <td
              >${message ? html`<div>${message}</div>` : nothing}${e.request !== undefined || e.response !== undefined ? this.inspect(e) : nothing}</td
            >
          </tr>`;
        })}
      </tbody>
    </table>`;
  }
}

defineElement('mcp-activity-table', McpActivityTable);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-activity-table': McpActivityTable;
  }
}
