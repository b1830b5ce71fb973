import { LitElement, html, svg, css, nothing } from 'lit';
import { HISTORY_LIMIT } from '../../../core/history/activity-history.js';
import { serverHealth, sparklinePath, type ServerHealth } from '../../../core/history/health.js';
import type { Unsubscribe } from '../../../core/shared/types.js';
import { addShellMessages } from '../../i18n/messages.js';
import { ShellLocalize } from '../../i18n/shell-localize.js';
import { consume, historyContext } from '../../services/contexts.js';
import { HEALTH_CATALOGS } from './messages.js';

addShellMessages(HEALTH_CATALOGS);

/** The sparkline's box, in SVG units (drawn 3.5em × 1.125em). */
const WIDTH = 56;
const HEIGHT = 18;
/** How often the line moves on when nothing happens: calls older than an hour leave it. */
const REFRESH_MS = 60_000;

/**
 * <mcp-health-line>: a server's last hour in one line of a status tile — a latency sparkline (failed calls
 * marked) and "12 calls · 1 error in the last hour". Read from the host's history, so it shows calls made
 * from any tile, app or agent; loaded after first paint (status-tile.ts imports it).
 */
export class McpHealthLine extends LitElement {
  static override styles = css`
    :host {
      display: flex;
      align-items: center;
      gap: var(--mcp-spacing-sm, 0.25rem);
      min-width: 0;
      font-size: var(--mcp-font-size-sm, 0.8125rem);
      color: var(--mcp-text-secondary, #4d5661);
    }
    svg {
      flex: none;
      width: 3.5em;
      height: 1.125em;
      overflow: visible;
      background: var(--mcp-surface, #f4f6f8);
      border-bottom: 1px solid var(--mcp-border, #8c959f);
    }
    .line {
      fill: none;
      stroke: var(--mcp-primary-color, #0b5cad);
      stroke-width: 1.5;
      stroke-linejoin: round;
      vector-effect: non-scaling-stroke;
    }
    .dot {
      fill: var(--mcp-primary-color, #0b5cad);
    }
    .failed {
      fill: var(--mcp-error-dark, #a4161a);
    }
    .text {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .errors {
      color: var(--mcp-error-dark, #a4161a);
      font-weight: var(--mcp-font-weight-medium, 600);
    }
  `;

  static override properties = { server: {}, tick: { state: true } };

  /** The server's name. */
  declare server: string;
  declare tick: number;
  private readonly l10n = new ShellLocalize(this);
  private readonly history = consume(this, historyContext);
  private unsubscribe: Unsubscribe | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor() {
    super();
    this.server = '';
    this.tick = 0;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.follow();
    this.timer = setInterval(() => this.tick++, REFRESH_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.timer);
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('server')) this.follow();
  }

  private follow(): void {
    this.unsubscribe?.();
    const history = this.history.value;
    this.unsubscribe = history && this.server ? history.subscribe(this.server, () => this.tick++) : undefined;
  }

  /** The numbers the line shows, as of now. */
  health(): ServerHealth | undefined {
    const history = this.history.value;
    return history && this.server
      ? serverHealth(history.list(this.server), Date.now(), undefined, HISTORY_LIMIT)
      : undefined;
  }

  private ms(value: number): string {
    const i18n = this.l10n.i18n;
    const options: Intl.NumberFormatOptions = { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 };
    return i18n ? i18n.formatNumber(value, options) : `${Math.round(value)} ms`;
  }

  override render() {
    const health = this.health();
    if (!health) return nothing;
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    if (!health.calls) return html`<span class="text">${t('health.none')}</span>`;
    const label = t('health.latency', { median: this.ms(health.median), slowest: this.ms(health.slowest) });
    const summary = t(health.partial ? 'health.partial' : 'health.summary', {
      calls: t('health.calls', { count: health.calls }),
      errors: health.errors ? t('health.errors', { count: health.errors }) : t('health.noErrors'),
      limit: HISTORY_LIMIT,
    });
    return html`${this.sparkline(health, label)}<span class=${health.errors ? 'text errors' : 'text'}
        >${summary}</span
      >`;
  }

  /** The latency line (a dot for a single call), failed calls marked; nothing when no call has a latency. */
  private sparkline(health: ServerHealth, label: string) {
    if (!health.points.length) return nothing;
    const { line, failures } = sparklinePath(health.points, WIDTH, HEIGHT);
    const [x, y] = line.split(' ')[0]!.split(',');
    return html`<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label=${label}>
      <title>${label}</title>
      ${
        health.points.length > 1
          ? svg`<polyline class="line" points=${line}></polyline>`
          : svg`<circle class="dot" cx=${x!} cy=${y!} r="2"></circle>`
      }
      ${failures.map((f) => svg`<circle class="failed" cx=${f.x} cy=${f.y} r="2"></circle>`)}
    </svg>`;
  }
}

if (!customElements.get('mcp-health-line')) customElements.define('mcp-health-line', McpHealthLine);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-health-line': McpHealthLine;
  }
}
