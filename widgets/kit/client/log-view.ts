import { LitElement, html, css, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { DependenciesObject, LogEntry, LogLevel, Unsubscribe } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';
import { downloadText } from '../tool-runner/long-text.js';
import { errorText } from '../tool-runner/tool-text.js';

/** The MCP log levels, least severe first (RFC 5424). */
export const LOG_LEVEL_ORDER: readonly LogLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** A log message's data as text (never as HTML): strings as they are, anything else as JSON. */
export function logDataText(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data, null, 2) ?? String(data);
  } catch {
    return String(data);
  }
}

/** Entries at `minimum` or more severe whose text, logger or level contains `query` (case-insensitive). */
export function filterLog(entries: readonly LogEntry[], minimum: LogLevel, query: string): LogEntry[] {
  const floor = LOG_LEVEL_ORDER.indexOf(minimum);
  const needle = query.trim().toLowerCase();
  return entries.filter((e) => {
    if (LOG_LEVEL_ORDER.indexOf(e.level) < floor) return false;
    if (!needle) return true;
    return `${e.level} ${e.logger ?? ''} ${logDataText(e.data)}`.toLowerCase().includes(needle);
  });
}

/**
 * <mcp-log-view>: a server's log messages (`notifications/message`), live. The server's level is set
 * with `logging/setLevel`; the view filters by level and text and exports what it shows as JSON.
 * Entries come from the host (`MCPBridge.getLog`, kept across widget switches) and `mcp:server:log`.
 * Log data is untrusted and shown as text.
 */
export class McpLogView extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: end;
      }
      label {
        display: grid;
        gap: 2px;
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        font-weight: 600;
      }
      ol {
        list-style: none;
        margin: var(--mcp-spacing-md, 0.5rem) 0 0;
        padding: 0;
        max-height: 24rem;
        overflow: auto;
        display: grid;
        gap: 2px;
      }
      li {
        display: grid;
        grid-template-columns: auto auto 1fr;
        gap: var(--mcp-spacing-sm, 0.25rem);
        border-bottom: 1px solid var(--mcp-border, #d0d7de);
        padding: 2px 0;
        /* A full log is a thousand rows in a 24rem scroller: rows out of view are not laid out or painted. */
        content-visibility: auto;
        contain-intrinsic-size: auto 1.75rem;
      }
      .level {
        font-weight: 700;
        text-transform: uppercase;
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
      .sev-high .level {
        color: var(--mcp-error-dark, #991b1b);
      }
      .data {
        white-space: pre-wrap;
        word-break: break-word;
        font-family: var(--mcp-font-family-mono, ui-monospace, monospace);
      }
      .small {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
    `,
  ];

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
  /** The frame that will read the log: a flood of messages costs one read and one render per frame. */
  private readFrame: number | undefined;
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
    this.follow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const off of this.offs) off();
    this.offs = [];
    this.cancelRead();
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
          if (mine(d)) this.readNextFrame();
        }),
        bus.on('mcp:server:log-level', (d: { serverName?: string; level?: LogLevel }) => {
          if (mine(d)) this.level = d.level;
        }),
      );
    }
    this.read();
  }

  private readNextFrame(): void {
    if (this.readFrame !== undefined) return;
    this.readFrame = requestAnimationFrame(() => {
      this.readFrame = undefined;
      this.read();
    });
  }

  private cancelRead(): void {
    if (this.readFrame !== undefined) cancelAnimationFrame(this.readFrame);
    this.readFrame = undefined;
  }

  private read(): void {
    this.cancelRead();
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

  /**
   * One entry's row, made once per entry and locale: a flood re-renders the list every frame, and building
   * a thousand rows (each with a formatted time) again each time held the main thread for seconds.
   */
  private row(e: LogEntry): TemplateResult {
    const locale = this.l10n.locale;
    if (locale !== this.rowsLocale) {
      this.rows = new WeakMap();
      this.rowsLocale = locale;
      this.timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: 'numeric', second: 'numeric' });
    }
    let row = this.rows.get(e);
    if (!row) {
      const level = this.t(`log.level.${e.level}`);
      row = html`<li data-level=${e.level} class=${LOG_LEVEL_ORDER.indexOf(e.level) >= 4 ? 'sev-high' : ''}>
        <time class="small muted" datetime=${new Date(e.time).toISOString()}>${this.timeFormat!.format(e.time)}</time>
        <span class="level">${level}</span>
        <span><span class="small muted">${e.logger ?? ''}</span> <span class="data">${logDataText(e.data)}</span></span>
      </li>`;
      this.rows.set(e, row);
    }
    return row;
  }

  override render() {
    const t = this.t;
    const bridge = this.deps?.MCPBridge;
    if (!bridge?.getLog) return html`<p class="muted">${t('log.unsupported')}</p>`;
    const shown = filterLog(this.entries, this.minimum, this.query);
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
      <p class="small" role="status">${this.note}</p>
      ${this.problem ? html`<p class="error-text" role="alert">✗ ${this.problem}</p>` : nothing}
      ${
        shown.length === 0
          ? html`<p class="muted">${this.entries.length ? t('log.noMatch') : t('log.none')}</p>`
          : html`<ol aria-label=${t('log.list', { name: this.serverName })}>
              ${repeat(
                shown,
                (e) => e.seq,
                (e) => this.row(e),
              )}
            </ol>`
      }`;
  }
}

defineElement('mcp-log-view', McpLogView);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-log-view': McpLogView;
  }
}
