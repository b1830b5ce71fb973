import { LitElement, svg, html, css, nothing } from 'lit';
import type { I18nInterface } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { baseStyles } from '../styles/styles.js';

/** One point: when a call finished and how long it took. */
export interface LatencyPoint {
  time: number;
  latency: number;
  label: string;
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Latency over time as an SVG line chart. The chart is an image with a text summary
 * (count, median, slowest); the activity table beside it is the full text alternative.
 */
export class McpLatencyChart extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      svg {
        width: 100%;
        height: auto;
        max-height: 10rem;
        border: 1px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-md, 4px);
        background: var(--mcp-background, #fff);
      }
      .line {
        fill: none;
        stroke: var(--mcp-primary-color, #0b5cad);
        stroke-width: 2;
      }
      .dot {
        fill: var(--mcp-primary-color, #0b5cad);
      }
      .axis {
        stroke: var(--mcp-border, #8c959f);
        stroke-width: 1;
      }
      text {
        fill: var(--mcp-text-secondary, #4d5661);
        font-size: 10px;
      }
    `,
  ];

  static override properties = { points: { attribute: false }, i18n: { attribute: false } };

  declare points: LatencyPoint[];
  /** The host's I18n dependency; English without it. */
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });

  constructor() {
    super();
    this.points = [];
  }

  /** The text the chart stands for. */
  summary(): string {
    const values = this.points.map((p) => p.latency);
    if (!values.length) return this.l10n.t('chart.noCalls');
    const slowest = this.points.reduce((a, b) => (b.latency > a.latency ? b : a));
    return this.l10n.t('chart.summary', {
      count: values.length,
      median: Math.round(median(values)),
      slowest: Math.round(slowest.latency),
      label: slowest.label,
    });
  }

  override render() {
    const points = this.points.slice(-100);
    if (points.length === 0) return html`<p class="muted">${this.l10n.t('chart.empty')}</p>`;
    const width = 300;
    const height = 100;
    const pad = 24;
    const max = Math.max(1, ...points.map((p) => p.latency));
    const t0 = points[0]!.time;
    const span = Math.max(1, points[points.length - 1]!.time - t0);
    const x = (p: LatencyPoint) => (points.length === 1 ? width / 2 : pad + ((p.time - t0) / span) * (width - pad - 4));
    const y = (p: LatencyPoint) => height - pad + 4 - (p.latency / max) * (height - pad - 4);
    const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(p).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
    return html`<figure>
        <svg
          viewBox="0 0 ${width} ${height}"
          role="img"
          aria-label=${this.l10n.t('chart.label', { summary: this.summary() })}
        >
          ${svg`<line class="axis" x1=${pad} y1=${height - pad + 4} x2=${width} y2=${height - pad + 4}></line>
          <line class="axis" x1=${pad} y1="0" x2=${pad} y2=${height - pad + 4}></line>
          <text x="2" y="10">${Math.round(max)} ms</text><text x="2" y=${height - pad + 4}>0</text>
          <path class="line" d=${path}></path>
          ${points.map((p) => svg`<circle class="dot" cx=${x(p)} cy=${y(p)} r="2.5"></circle>`)}`}
        </svg>
        <figcaption class="muted">${this.summary()}</figcaption> </figure
      >${nothing}`;
  }
}

defineElement('mcp-latency-chart', McpLatencyChart);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-latency-chart': McpLatencyChart;
  }
}
