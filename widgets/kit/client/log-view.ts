import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { DependenciesObject, LogEntry, LogLevel, Unsubscribe } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { FrameThrottle } from '../widget/frame-throttle.js';
import { flowLayoutWithOverhang } from '../widget/virtual-list.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';
import { downloadText } from '../tool-runner/long-text.js';
import { errorText } from '../tool-runner/tool-text.js';
import { LOG_LEVEL_ORDER, filterLog, logDataText } from './log-filter.js';
import { logViewStyles } from './log-view.styles.js';

export { LOG_LEVEL_ORDER, filterLog, logDataText } from './log-filter.js';

/** Rows are rendered 100 px (three or four rows) beyond each edge of the box's view, not the virtualizer's 1,000 px. */
const LOG_LAYOUT = flowLayoutWithOverhang(100);
/** Up to this many rows the log is a plain list; beyond, a virtualised one. */
const PLAIN_LIST_ROWS = 100;
/** Rows that fill the 24rem box at any text size (a row is a line of text and more): the box is then fixed. */
const FULL_BOX_ROWS = 24;
const seqKey = (e: LogEntry | undefined): unknown => e?.seq;

/**
 * <mcp-log-view>: a server's log messages (`notifications/message`), live. The server's level is set
 * with `logging/setLevel`; the view filters by level and text and exports what it shows as JSON.
 * Entries come from the host (`MCPBridge.getLog`, kept across widget switches) and `mcp:server:log`.
 * Log data is untrusted and shown as text. A long log's rows are virtualised (only those near the view are
 * in the DOM) and a flood of messages is read at most once a frame and ten times a second, so every kept message
 * stays reachable by scrolling, search and export without stalling the page.
 *
 * @cssproperty --mcp-log-height - The most the list of messages grows to (24rem).
 */
export class McpLogView extends LitElement {
  static override styles = [baseStyles, logViewStyles];

  static override properties = {
    deps: { attribute: false },
    serverName: { attribute: 'server-name' },
    entries: { state: true },
    level: { state: true },
    minimum: { state: true },
    query: { state: true },
    note: { state: true },
    problem: { state: true },
  };

  declare deps: DependenciesObject | undefined;
  declare serverName: string;
  declare entries: LogEntry[];
  /** The level the server was set to (undefined: its default). */
  declare level: LogLevel | undefined;
  /** The least severe level shown. */
  declare minimum: LogLevel;
  declare query: string;
  declare note: string;
  declare problem: string | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.deps?.I18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private offs: Unsubscribe[] = [];
  /**
   * Reads of the log after `mcp:server:log`: a flood costs one read and one render per frame, and no more
   * than ten a second (a person cannot follow more; the rest of the time is the page's).
   */
  private readonly reads = new FrameThrottle(() => this.read(), 100);
  private rows = new WeakMap<LogEntry, TemplateResult>();
  private rowsLocale: string | undefined;
  private timeFormat: Intl.DateTimeFormat | undefined;

  constructor() {
    super();
    this.serverName = '';
    this.entries = [];
    this.minimum = 'debug';
    this.query = '';
    this.note = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The first time format of a page loads the browser's date data (40–130 ms here): when the view opens,
    // not in the frame that shows the first message of a flood.
    this.localeFormat();
    this.follow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const off of this.offs) off();
    this.offs = [];
    this.reads.cancel();
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('deps') || changed.has('serverName')) && this.isConnected) this.follow();
  }

  private follow(): void {
    for (const off of this.offs) off();
    this.offs = [];
    const bus = this.deps?.EventBus;
    const mine = (d: { serverName?: unknown } | undefined) => d?.serverName === this.serverName;
    if (bus) {
      this.offs.push(
        bus.on('mcp:server:log', (d) => {
          if (mine(d)) this.reads.request();
        }),
        bus.on('mcp:server:log-level', (d: { serverName?: string; level?: LogLevel }) => {
          if (mine(d)) this.level = d.level;
        }),
      );
    }
    this.read();
  }

  private read(): void {
    this.reads.done();
    try {
      this.entries = this.deps?.MCPBridge.getLog?.(this.serverName) ?? [];
      this.level = this.deps?.MCPBridge.getLoggingLevel?.(this.serverName);
    } catch (error) {
      // e.g. the widget's permissions refuse it: say so instead of failing to render
      this.problem = errorText(error).message;
    }
  }

  private async setLevel(level: LogLevel): Promise<void> {
    const bridge = this.deps?.MCPBridge;
    if (!bridge?.setLoggingLevel) return;
    this.problem = undefined;
    try {
      await bridge.setLoggingLevel(this.serverName, level);
      this.level = level;
      this.note = this.t('log.levelSet', { level: this.t(`log.level.${level}`) });
    } catch (error) {
      this.problem = this.t('log.levelFailed', { message: errorText(error).message });
    }
  }

  private export(shown: LogEntry[]): void {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const rows = shown.map((e) => ({
      time: new Date(e.time).toISOString(),
      level: e.level,
      ...(e.logger ? { logger: e.logger } : {}),
      data: e.data,
    }));
    downloadText(
      JSON.stringify({ server: this.serverName, exported: new Date().toISOString(), entries: rows }, null, 2),
      `${this.serverName.replace(/[^\w.-]+/g, '_') || 'server'}-log-${stamp}.json`,
    );
    this.note = this.t('log.exported', { count: shown.length });
  }

  /** The time format for the current locale; a new locale also starts the cache of rows again. */
  private localeFormat(): Intl.DateTimeFormat {
    const locale = this.l10n.locale;
    if (locale !== this.rowsLocale || !this.timeFormat) {
      this.rows = new WeakMap();
      this.rowsLocale = locale;
      this.timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: 'numeric', second: 'numeric' });
    }
    return this.timeFormat;
  }

  /**
   * One entry's cells, made once per entry and locale: a flood re-renders the visible rows every frame, and
   * formatting each row's time and text again each time is work nobody sees.
   */
  private cells(e: LogEntry): TemplateResult {
    const timeFormat = this.localeFormat();
    let cells = this.rows.get(e);
    if (!cells) {
      cells = html`<time class="small muted" datetime=${new Date(e.time).toISOString()}
          >${timeFormat.format(e.time)}</time
        >
        <span class="level">${this.t(`log.level.${e.level}`)}</span>
        <span
          ><span class="small muted">${e.logger ?? ''}</span> <span class="data">${logDataText(e.data)}</span></span
        >`;
      this.rows.set(e, cells);
    }
    return cells;
  }

  /** One row; it says its place in the whole list (`aria-posinset` of `aria-setsize`), in view or not. */
  private row(e: LogEntry | undefined, i: number, size: number): TemplateResult {
    if (!e) return html``;
    return html`<li
      aria-setsize=${size}
      aria-posinset=${i + 1}
      data-level=${e.level}
      class=${LOG_LEVEL_ORDER.indexOf(e.level) >= 4 ? 'sev-high' : ''}
    >
      ${this.cells(e)}
    </li>`;
  }

  /**
   * The rows in a box that scrolls them. Up to `PLAIN_LIST_ROWS` are a plain list, every row in the DOM (the
   * browser's own find sees them all); beyond that a virtualised list, with only the rows in and near the view
   * in the DOM, so a full log, or a flood that changes it every frame, costs a few rows of rendering and
   * layout, not a thousand. The box stays the same element, so it keeps its scroll position from one to the
   * other.
   */
  private list(shown: LogEntry[]): TemplateResult {
    const size = shown.length;
    const label = this.t('log.list', { name: this.serverName });
    return html`<div class=${size >= FULL_BOX_ROWS ? 'rows full' : 'rows'} tabindex="0">
      ${
        size <= PLAIN_LIST_ROWS
          ? html`<ol aria-label=${label}>
              ${repeat(shown, seqKey, (e, i) => this.row(e, i, size))}
            </ol>`
          : html`<mcp-virtual-list
              role="list"
              aria-label=${label}
              .layout=${LOG_LAYOUT}
              .items=${shown}
              .keyFunction=${seqKey}
              .renderItem=${(e: LogEntry | undefined, i: number) => this.row(e, i, size)}
            ></mcp-virtual-list>`
      }
    </div>`;
  }

  override render() {
    const t = this.t;
    const bridge = this.deps?.MCPBridge;
    if (!bridge?.getLog) return html`<p class="muted">${t('log.unsupported')}</p>`;
    const shown = filterLog(this.entries, this.minimum, this.query);
    // Sequence numbers count every message the server sent; the first kept one says how many came before it.
    const dropped = this.entries.length ? this.entries[0].seq - 1 : 0;
    const levelName = (l: LogLevel) => t(`log.level.${l}`);
    return html`<div class="bar">
        <label
          >${t('log.serverLevel')}
          <select
            data-control="server-level"
            ?disabled=${!bridge.setLoggingLevel}
            @change=${(e: Event) => void this.setLevel((e.target as HTMLSelectElement).value as LogLevel)}
          >
            <option value="" ?selected=${!this.level} disabled>${t('log.serverDefault')}</option>
            ${LOG_LEVEL_ORDER.map((l) => html`<option value=${l} ?selected=${this.level === l}>${levelName(l)}</option>`)}
          </select>
        </label>
        <label
          >${t('log.show')}
          <select
            data-control="minimum"
            @change=${(e: Event) => (this.minimum = (e.target as HTMLSelectElement).value as LogLevel)}
          >
            ${LOG_LEVEL_ORDER.map((l) => html`<option value=${l} ?selected=${this.minimum === l}>${t('log.atLeast', { level: levelName(l) })}</option>`)}
          </select>
        </label>
        <label
          >${t('log.search')}
          <input
            type="search"
            data-control="search"
            .value=${this.query}
            @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)}
          />
        </label>
        <button
          type="button"
          data-action="export-log"
          ?disabled=${shown.length === 0}
          @click=${() => this.export(shown)}
          >${t('log.export')}</button
        >
      </div>
      <p class="small muted">${t('log.count', { shown: shown.length, total: this.entries.length })}</p>
      ${
        dropped > 0
          ? html`<p class="small muted" data-role="log-dropped">
              ${t('log.dropped', { count: dropped, total: this.entries.length })}
            </p>`
          : nothing
      }
      <p class="small" role="status">${this.note}</p>
      ${this.problem ? html`<p class="error-text" role="alert">✗ ${this.problem}</p>` : nothing}
      ${
        shown.length === 0
          ? html`<p class="muted">${this.entries.length ? t('log.noMatch') : t('log.none')}</p>`
          : this.list(shown)
      }`;
  }
}

defineElement('mcp-log-view', McpLogView);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-log-view': McpLogView;
  }
}
