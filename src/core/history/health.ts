// A server's health over a recent window, from the host's history: how many tool calls finished, how
// many failed, and their latencies in time order (the status tile's sparkline). Pure, so the numbers a
// tile shows are checked without a browser.

import type { HistoryEntry } from '../shared/types/history.js';

/** The window a status tile summarises: the last hour. */
export const HEALTH_WINDOW_MS = 60 * 60 * 1000;

/** One finished call: when, how long, and whether it failed. */
export interface HealthPoint {
  time: number;
  latency: number;
  failed: boolean;
}

/** What a status tile shows of a server's recent calls. */
export interface ServerHealth {
  /** Tool calls that ended inside the window with an answer or an error (withdrawn calls are not counted). */
  calls: number;
  /** Of those, the ones that failed: an error result, a transport error, a refusal by the policy. */
  errors: number;
  /** Calls with a measured latency, oldest first (a refusal before sending has none). */
  points: HealthPoint[];
  /** Median and slowest latency of `points`, in milliseconds (0 when there are none). */
  median: number;
  slowest: number;
  /** True when the history may not reach back over the whole window (it keeps a bounded number of entries). */
  partial: boolean;
}

/**
 * Sums up `entries` (a server's history, newest first as `HistoryInterface.list` gives it) over the
 * `windowMs` before `now`. `limit` is the history's cap per server: a full history whose oldest entry is
 * inside the window may have dropped older calls, and the summary says so.
 */
export function serverHealth(
  entries: readonly HistoryEntry[],
  now: number,
  windowMs = HEALTH_WINDOW_MS,
  limit = Number.POSITIVE_INFINITY,
): ServerHealth {
  const since = now - windowMs;
  const points: HealthPoint[] = [];
  let calls = 0;
  let errors = 0;
  for (const entry of entries) {
    if (entry.kind !== 'tool' || entry.time < since || entry.time > now) continue;
    if (entry.outcome !== 'ok' && entry.outcome !== 'error') continue;
    const failed = entry.outcome === 'error';
    calls += 1;
    if (failed) errors += 1;
    const latency = entry.latency;
    // A refusal is recorded with latency 0: nothing was sent, so it has no place on the latency line.
    if (typeof latency === 'number' && Number.isFinite(latency) && latency >= 0 && !(failed && latency === 0))
      points.push({ time: entry.time, latency, failed });
  }
  points.sort((a, b) => a.time - b.time);
  const latencies = points.map((p) => p.latency).sort((a, b) => a - b);
  const mid = Math.floor(latencies.length / 2);
  const median = !latencies.length
    ? 0
    : latencies.length % 2
      ? latencies[mid]!
      : (latencies[mid - 1]! + latencies[mid]!) / 2;
  const oldest = entries.at(-1);
  return {
    calls,
    errors,
    points,
    median,
    slowest: latencies.at(-1) ?? 0,
    partial: entries.length >= limit && oldest !== undefined && oldest.time > since,
  };
}

/**
 * The sparkline's path: `points` (oldest first) spread evenly across a `width` × `height` box in the order
 * they happened, latency up the y axis from 0 to the slowest call. Evenly, not by clock time: calls come
 * in bursts, and on an hour-long time axis a burst of calls is one vertical stroke. Returns the polyline's
 * points and the coordinates of every failed call (drawn as marks).
 */
export function sparklinePath(
  points: readonly HealthPoint[],
  width: number,
  height: number,
): { line: string; failures: { x: number; y: number }[] } {
  const top = Math.max(1, ...points.map((p) => p.latency));
  const round = (n: number) => Math.round(n * 10) / 10;
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  const coords = points.map((p, i) => ({
    x: round(points.length > 1 ? i * step : width / 2),
    // One pixel of margin so the line's stroke is not clipped at the top or bottom.
    y: round(height - 1 - (p.latency / top) * (height - 2)),
  }));
  return {
    line: coords.map((c) => `${c.x},${c.y}`).join(' '),
    failures: coords.filter((_, i) => points[i]!.failed),
  };
}
