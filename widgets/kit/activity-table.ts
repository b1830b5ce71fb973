import { LitElement, html, css, nothing } from 'lit';
import type { ActivityEntry } from './activity.js';
import { defineElement } from './define.js';
import { TEXT_STEP } from './long-text.js';
import { prettyJson } from './result-view.js';
import { baseStyles } from './styles.js';
import './long-text.js';

/**
 * The activity of one server as a table: time, what, outcome (icon + text), latency, and the
 * request and response to inspect (MCP-WP §12 activity log).
 */
export class McpActivityTable extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host { display: block; }
      table { border-collapse: collapse; width: 100%; font-size: var(--mcp-font-size-sm, 0.8125rem); }
      th, td { text-align: left; border-bottom: 1px solid var(--mcp-border, #8c959f); padding: 2px var(--mcp-spacing-sm, 0.25rem); vertical-align: top; }
      .outcome-error { color: var(--mcp-error-dark, #a4161a); }
      .outcome-ok { color: var(--mcp-success-dark, #0d6b3c); }
      pre { max-height: 16rem; overflow: auto; }
    `,
  ];

  static override properties = { entries: { attribute: false }, caption: {} };

  declare entries: ActivityEntry[];
  declare caption: string;
  /** Pretty JSON per entry, made once: a response can be megabytes and the table re-renders on every call. */
  private readonly texts = new WeakMap<ActivityEntry, string>();

  constructor() {
    super();
    this.entries = [];
    this.caption = 'Activity, newest first';
  }

  private inspect(entry: ActivityEntry) {
    let text = this.texts.get(entry);
    if (text === undefined) this.texts.set(entry, (text = prettyJson({ request: entry.request, response: entry.response })));
    return html`<details><summary>Request / response</summary>
      ${text.length <= TEXT_STEP ? html`<pre tabindex="0">${text}</pre>` : html`<mcp-long-text .text=${text} file-name=${`activity-${entry.id}.json`}></mcp-long-text>`}
    </details>`;
  }

  /** One line about the newest entry, for the live region (MCP-WP-11.5.4). */
  private latest(): string {
    const e = this.entries[0];
    if (!e) return '';
    return `Latest: ${e.kind} ${e.name}, ${e.outcome}${e.latency !== undefined ? `, ${Math.round(e.latency)} ms` : ''}${e.message ? ` \u2014 ${e.message}` : ''}.`;
  }

  override render() {
    // The live region is always there, so each new entry is announced without moving focus.
    return html`<p class="visually-hidden" aria-live="polite" data-live="activity">${this.latest()}</p>${this.renderTable()}`;
  }

  private renderTable() {
    if (!this.entries.length) return html`<p class="muted">No activity yet. Tool calls, reads and prompts appear here.</p>`;
    return html`<table>
      <caption class="visually-hidden">${this.caption}</caption>
      <thead><tr><th scope="col">Time</th><th scope="col">What</th><th scope="col">Outcome</th><th scope="col">Latency</th><th scope="col">Details</th></tr></thead>
      <tbody>
        ${this.entries.map(
          (e) => html`<tr>
            <td>${new Date(e.time).toLocaleTimeString()}</td>
            <td>${e.kind} <code>${e.name}</code></td>
            <td class="outcome-${e.outcome}">${e.outcome === 'error' ? '\u2717 ' : e.outcome === 'ok' ? '\u2713 ' : ''}${e.outcome}</td>
            <td>${e.latency !== undefined ? `${Math.round(e.latency)} ms` : ''}</td>
            <td>${e.message ? html`<div>${e.message}</div>` : nothing}${e.request !== undefined || e.response !== undefined ? this.inspect(e) : nothing}</td>
          </tr>`,
        )}
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
