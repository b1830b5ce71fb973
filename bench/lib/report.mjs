// Turns the aggregated results of a run into the Markdown report (and the charts it links to).
import { barChartSvg } from './chart.mjs';

const cell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');

/** 1234.5 → "1,234.5"; small numbers keep more digits. */
export function formatValue(value) {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

/** "× 2.31" when value and baseline share a unit and the baseline is not zero. */
function ratio(figure) {
  if (!figure.baseline || figure.baseline.unit !== figure.unit || figure.baseline.value === 0) return '';
  return `× ${(figure.value / figure.baseline.value).toFixed(2)}`;
}

/** Every chart group in the results: name → figures. */
export function chartGroups(results) {
  const groups = new Map();
  for (const bench of results.benches) {
    for (const figure of bench.figures ?? []) {
      if (!figure.chart) continue;
      if (!groups.has(figure.chart))
        groups.set(figure.chart, { title: figure.chartTitle ?? figure.chart, figures: [] });
      groups.get(figure.chart).figures.push(figure);
    }
  }
  return groups;
}

/** SVG files to write next to the report: `<chart>.svg` → contents. */
export function renderCharts(results) {
  const files = new Map();
  for (const [name, group] of chartGroups(results)) files.set(`${name}.svg`, barChartSvg(group));
  return files;
}

/** The Markdown report; charts are linked as `<chartPrefix><chart>.svg` beside it. */
export function renderMarkdown(results, { chartPrefix = '' } = {}) {
  const m = results.machine;
  const lines = [];
  lines.push('# Benchmark report', '');
  lines.push(
    `Run ${results.finishedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} with \`${results.command}\` at commit \`${results.commit}\`${results.partial ? ` (only: ${results.benches.map((b) => b.bench).join(', ')})` : ''}. ` +
      'Benchmarks report numbers; they never pass or fail on time. How each one works and how to run it: [bench/README.md](../README.md).',
    '',
  );
  for (const m of results.merged ?? [])
    lines.push(
      `Merged later (\`BENCH_MERGE=1\`): **${m.bench}**, run ${m.at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} at commit \`${m.commit}\`, load average at its end ${m.load.join(' ')}.`,
      '',
    );
  lines.push('## Machine', '');
  lines.push('| | |', '|---|---|');
  lines.push(`| CPU | ${cell(m.cpuModel)}${m.cpuMHz ? ` (${m.cpuMHz} MHz)` : ''}, ${m.cores} cores available |`);
  lines.push(`| Memory | ${m.memoryGiB} GiB |`);
  lines.push(`| OS | ${cell(m.os)} |`);
  lines.push(`| Node | ${m.node} |`);
  lines.push(
    `| Chromium | ${cell(m.chromium)} (headless, driven by playwright-core ${m.packages['playwright-core'] ?? '?'}) |`,
  );
  lines.push(
    `| Load average (1/5/15 min) | at start ${m.loadAverage.join(' / ')}; at end ${results.loadAverageAtEnd.join(' / ')} |`,
  );
  lines.push(
    `| Packages | ${Object.entries(m.packages)
      .map(([k, v]) => `${k} ${v ?? '?'}`)
      .join(', ')} |`,
  );
  lines.push('');
  if (m.loadAverage[0] > m.cores) {
    lines.push(
      `> The machine was busy (load ${m.loadAverage[0]} on ${m.cores} cores) when the run started; timings carry that noise. Compare figures with their same-run baselines rather than across runs.`,
      '',
    );
  }

  const charts = chartGroups(results);
  for (const bench of results.benches) {
    lines.push(`## ${bench.title ?? bench.bench}`, '');
    if (bench.error) {
      lines.push(`**This benchmark failed:** ${cell(bench.error)}`, '');
      continue;
    }
    if (bench.notes) lines.push(bench.notes, '');
    for (const [name, group] of charts) {
      if (group.figures.some((f) => bench.figures.includes(f)))
        lines.push(`![${group.title}](${chartPrefix}${name}.svg)`, '');
    }
    if (bench.figures.length > 0) {
      lines.push('| Figure | Value | Baseline (same run) | Ratio | Samples | Notes |', '|---|---:|---|---:|---:|---|');
      for (const f of bench.figures) {
        const baseline = f.baseline
          ? `${formatValue(f.baseline.value)} ${f.baseline.unit} — ${cell(f.baseline.label)}`
          : '';
        lines.push(
          `| ${cell(f.label)} | ${formatValue(f.value)} ${cell(f.unit)} | ${baseline} | ${ratio(f)} | ${f.samples ?? ''} | ${cell(f.notes)} |`,
        );
      }
      lines.push('');
    }
    if ((bench.errors ?? []).length > 0) {
      lines.push('Did not complete in this run:', '');
      for (const e of bench.errors) lines.push(`- ${e.label} — ${cell(e.reason)}`);
      lines.push('');
    }
    if ((bench.absent ?? []).length > 0) {
      lines.push('Not measured in this run:', '');
      for (const a of bench.absent) lines.push(`- ${a.label} — ${a.reason}`);
      lines.push('');
    }
    lines.push(`<sub>${bench.file}, ${(bench.durationMs / 1000).toFixed(0)} s</sub>`, '');
  }
  return `${lines.join('\n')}\n`;
}
