// A library package: other widgets depend on it; loading it registers <mcp-acme-sparkline>.
import { LitElement, css, svg, html } from 'lit';
import { defineElement } from 'mcp-dashboard/widgets/kit';

/** <mcp-acme-sparkline .values=${[…]} label="…">: a line of numbers, with a text summary for screen readers. */
export class AcmeSparkline extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
    }
    svg {
      width: 8rem;
      height: 2rem;
      stroke: currentColor;
      fill: none;
      stroke-width: 1.5;
    }
  `;
  static override properties = { values: { attribute: false }, label: {} };

  declare values: number[];
  declare label: string;

  constructor() {
    super();
    this.values = [];
    this.label = 'values';
  }

  override render() {
    const v = this.values.slice(-40);
    const max = Math.max(1, ...v);
    const step = v.length > 1 ? 100 / (v.length - 1) : 0;
    const points = v.map((n, i) => `${(i * step).toFixed(1)},${(30 - (n / max) * 28).toFixed(1)}`).join(' ');
    const summary = v.length
      ? `${this.label}: ${v.length} values, last ${v[v.length - 1]}, max ${max}`
      : `${this.label}: no values yet`;
    return html`<svg viewBox="0 0 100 32" role="img" aria-label=${summary}>
      ${svg`<polyline points=${points}></polyline>`}
    </svg>`;
  }
}

defineElement('mcp-acme-sparkline', AcmeSparkline);
