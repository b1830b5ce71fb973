// A small SVG bar chart for the report: one row per figure, a bar for the figure and, when it has
// one, a second bar for the baseline measured in the same run. Plain SVG, no script, readable on
// GitHub and in any browser.

const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** A "nice" axis maximum at or above `value` (1, 2, 2.5, 5 × 10^n). */
function niceMax(value) {
  if (value <= 0) return 1;
  const exp = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * exp >= value) return step * exp;
  return 10 * exp;
}

const format = (value) =>
  value >= 100 ? Math.round(value).toLocaleString('en-US') : value >= 10 ? value.toFixed(1) : value.toFixed(2);

/**
 * Renders `figures` (same unit) as horizontal bars.
 * @param {{ title: string, figures: Array<{ label: string, value: number, unit: string, baseline?: { label: string, value: number } }> }} options
 */
export function barChartSvg({ title, figures }) {
  const unit = figures[0]?.unit ?? '';
  const labelWidth = 250;
  const plotWidth = 430;
  const right = 80;
  const rowHeight = figures.some((f) => f.baseline) ? 40 : 24;
  const top = 56;
  const width = labelWidth + plotWidth + right;
  const height = top + rowHeight * figures.length + 40;
  const max = niceMax(Math.max(...figures.flatMap((f) => [f.value, f.baseline?.value ?? 0])));
  const x = (v) => labelWidth + (v / max) * plotWidth;
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img" aria-labelledby="title">`,
  );
  out.push(`<title id="title">${escape(title)}</title>`);
  out.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  out.push(`<text x="12" y="22" font-size="15" font-weight="600" fill="#1b1f24">${escape(title)}</text>`);
  const baselineLabel = figures.find((f) => f.baseline)?.baseline.label;
  out.push(
    `<rect x="12" y="32" width="12" height="10" fill="#2563eb"/><text x="28" y="41" fill="#1b1f24">dashboard</text>`,
  );
  if (baselineLabel)
    out.push(
      `<rect x="110" y="32" width="12" height="10" fill="#9ca3af"/><text x="126" y="41" fill="#1b1f24">baseline: ${escape(baselineLabel)}</text>`,
    );
  for (let i = 0; i <= 4; i++) {
    const v = (max / 4) * i;
    const gx = x(v);
    out.push(`<line x1="${gx}" y1="${top - 4}" x2="${gx}" y2="${top + rowHeight * figures.length}" stroke="#e5e7eb"/>`);
    out.push(
      `<text x="${gx}" y="${top + rowHeight * figures.length + 16}" text-anchor="middle" fill="#57606a">${max >= 10 ? Math.round(v).toLocaleString('en-US') : format(v)}</text>`,
    );
  }
  out.push(
    `<text x="${labelWidth + plotWidth / 2}" y="${height - 6}" text-anchor="middle" fill="#57606a">${escape(unit)}</text>`,
  );
  figures.forEach((figure, i) => {
    const y = top + i * rowHeight;
    const barHeight = figure.baseline ? (rowHeight - 12) / 2 : rowHeight - 8;
    out.push(
      `<text x="${labelWidth - 8}" y="${y + rowHeight / 2 + 4}" text-anchor="end" fill="#1b1f24">${escape(figure.label)}</text>`,
    );
    out.push(
      `<rect x="${labelWidth}" y="${y + 4}" width="${Math.max(1, x(figure.value) - labelWidth)}" height="${barHeight}" fill="#2563eb"><title>${escape(`${figure.label}: ${format(figure.value)} ${unit}`)}</title></rect>`,
    );
    out.push(
      `<text x="${x(figure.value) + 4}" y="${y + 4 + barHeight - 2}" fill="#1b1f24">${format(figure.value)}</text>`,
    );
    if (figure.baseline) {
      const by = y + 4 + barHeight + 2;
      out.push(
        `<rect x="${labelWidth}" y="${by}" width="${Math.max(1, x(figure.baseline.value) - labelWidth)}" height="${barHeight}" fill="#9ca3af"><title>${escape(`${figure.baseline.label}: ${format(figure.baseline.value)} ${unit}`)}</title></rect>`,
      );
      out.push(
        `<text x="${x(figure.baseline.value) + 4}" y="${by + barHeight - 2}" fill="#57606a">${format(figure.baseline.value)}</text>`,
      );
    }
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
