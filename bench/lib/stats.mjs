// Small statistics helpers for benchmarks: percentiles (linear interpolation between closest ranks),
// median, and a summary object.

/** The p-th percentile (0–100) of `values`, interpolating between the two closest ranks. */
export function percentile(values, p) {
  if (values.length === 0) throw new Error('percentile of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** The median of `values`. */
export function median(values) {
  return percentile(values, 50);
}

/** min / p50 / p95 / max / mean of `values`, rounded to `digits`. */
export function summarize(values, digits = 3) {
  const round = (x) => Number(x.toFixed(digits));
  return {
    n: values.length,
    min: round(Math.min(...values)),
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    max: round(Math.max(...values)),
    mean: round(values.reduce((a, b) => a + b, 0) / values.length),
  };
}

/** Rounds to a sensible number of digits for a report. */
export function round(value, digits = 2) {
  return Number(value.toFixed(digits));
}
