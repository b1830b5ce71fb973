import { expect } from '@open-wc/testing';
import type { HistoryEntry } from '../shared/types/history.js';
import { HEALTH_WINDOW_MS, serverHealth, sparklinePath } from './health.js';

const NOW = 10_000_000;
let id = 0;
function entry(minutesAgo: number, outcome: HistoryEntry['outcome'], latency?: number, kind = 'tool'): HistoryEntry {
  return {
    id: ++id,
    time: NOW - minutesAgo * 60_000,
    serverName: 's',
    kind,
    name: 'echo',
    outcome,
    ...(latency === undefined ? {} : { latency }),
  };
}

describe('serverHealth (the status tile’s last hour)', () => {
  it('counts finished calls and errors of the last hour, latencies oldest first, median and slowest', () => {
    // Newest first, as the history lists them.
    const entries = [
      entry(1, 'ok', 40),
      entry(1, 'started'),
      entry(5, 'error', 300),
      entry(10, 'ok', 20),
      entry(20, 'error', 0), // refused before sending: an error, no latency point
      entry(30, 'cancelled', 5), // withdrawn: not a call
      entry(40, 'ok', 10, 'resource'), // a read, not a tool call
      entry(61, 'ok', 999), // outside the hour
    ];
    const health = serverHealth(entries, NOW);
    expect(health.calls).to.equal(4);
    expect(health.errors).to.equal(2);
    expect(health.points.map((p) => [p.latency, p.failed])).to.deep.equal([
      [20, false],
      [300, true],
      [40, false],
    ]);
    expect(health.median).to.equal(40);
    expect(health.slowest).to.equal(300);
    expect(health.partial).to.equal(false);
  });

  it('nothing in the hour: zero calls, no points', () => {
    const health = serverHealth([entry(90, 'ok', 5)], NOW);
    expect(health).to.deep.include({ calls: 0, errors: 0, median: 0, slowest: 0 });
    expect(health.points).to.deep.equal([]);
  });

  it('a history at its cap whose oldest entry is inside the hour is marked partial', () => {
    const full = [entry(2, 'ok', 5), entry(3, 'ok', 6)];
    expect(serverHealth(full, NOW, HEALTH_WINDOW_MS, 2).partial).to.equal(true);
    expect(serverHealth(full, NOW, HEALTH_WINDOW_MS, 3).partial).to.equal(false);
    expect(serverHealth([entry(2, 'ok', 5), entry(70, 'ok', 6)], NOW, HEALTH_WINDOW_MS, 2).partial).to.equal(false);
  });

  it('the sparkline spreads the calls evenly in order, the slowest reaches the top; failures are marked', () => {
    const points = [
      { time: NOW - 3000, latency: 0, failed: false },
      { time: NOW - 2000, latency: 50, failed: true },
      { time: NOW - 1000, latency: 100, failed: false },
    ];
    const { line, failures } = sparklinePath(points, 100, 20);
    expect(line).to.equal('0,19 50,10 100,1');
    expect(failures).to.deep.equal([{ x: 50, y: 10 }]);
    expect(sparklinePath(points.slice(0, 1), 100, 20).line, 'one call: a dot in the middle').to.equal('50,19');
  });
});
