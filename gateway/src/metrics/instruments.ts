import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The gateway's Prometheus instruments (docs/operations.md, "Metrics"), one set per process like the process
 * metrics beside them: the relay counts tool calls and errors, the audit log times its writes, and `/metrics`
 * (http/metrics-route.ts) sets the gauges of what is open when it is scraped.
 */
export const registry = new Registry();

/** Latency buckets in seconds: a ping-sized call up to a two-minute tool. */
const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** An audit write is one local file append or one PostgreSQL transaction. */
const WRITE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** `tools/call` requests by outcome: answered (`ok`), answered with an error, or refused by team mode. */
export const toolCalls = new Counter({
  name: 'mcpd_tool_calls_total',
  help: 'tools/call requests relayed to MCP servers, by server, tool and outcome (ok, error, refused).',
  labelNames: ['server', 'tool', 'outcome'] as const,
  registers: [registry],
});

/** Time from a `tools/call` reaching the relay to its answer leaving for the page. */
export const toolCallDuration = new Histogram({
  name: 'mcpd_tool_call_duration_seconds',
  help: 'Time from a tools/call reaching the relay to its answer leaving for the client, by server and tool.',
  labelNames: ['server', 'tool'] as const,
  buckets: CALL_BUCKETS,
  registers: [registry],
});

/** Errors of the relay itself (not a tool's own error): a server that exited, refused, or lost its session. */
export const relayErrors = new Counter({
  name: 'mcpd_relay_errors_total',
  help: 'Requests the relay answered with an error of its own, by server and kind (the JSON-RPC error code class).',
  labelNames: ['server', 'kind'] as const,
  registers: [registry],
});

/** Open relay sessions per server (set when scraped). */
export const sessions = new Gauge({
  name: 'mcpd_sessions',
  help: 'Open MCP relay sessions, by server.',
  labelNames: ['server'] as const,
  registers: [registry],
});

/** Running stdio child processes per server (set when scraped). */
export const children = new Gauge({
  name: 'mcpd_children',
  help: 'Running stdio child processes (sessions, warm spares), by server.',
  labelNames: ['server'] as const,
  registers: [registry],
});

/** Team mode: live browser sessions in the team's store (set when scraped). */
export const browserSessions = new Gauge({
  name: 'mcpd_browser_sessions',
  help: "Team mode: live browser sessions in the team's store (every replica's, with PostgreSQL).",
  registers: [registry],
});

/** How long one audit record takes to be written. */
export const auditWriteDuration = new Histogram({
  name: 'mcpd_audit_write_duration_seconds',
  help: 'Time to write one audit record, by store (file or postgres).',
  labelNames: ['store'] as const,
  buckets: WRITE_BUCKETS,
  registers: [registry],
});

/** The PostgreSQL pools this process opened (audit, sessions, state, tokens): ended ones drop out when read. */
const pools = new Set<Pool>();

/** Counts `pool` in `mcpd_db_pool_connections` until it ends. */
export function trackPool(pool: Pool): void {
  pools.add(pool);
}

new Gauge({
  name: 'mcpd_db_pool_connections',
  help: 'Team mode on PostgreSQL: connections of the gateway pools, by state (total, idle, waiting = queued clients).',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      if ((pool as Pool & { ended?: boolean }).ended) {
        pools.delete(pool);
        continue;
      }
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    if (pools.size === 0) return;
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

let processMetrics = false;

/** Adds prom-client's process metrics (CPU, memory, event loop, handles) once, when metrics are first served. */
export function startProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

/** Tool names a server may keep as labels; more than this many and the rest count as `other`. */
const MAX_TOOLS_PER_SERVER = 200;
const knownTools = new Map<string, Set<string>>();

/** Remembers the tools a server listed: only those become label values. */
export function learnTools(server: string, names: readonly string[]): void {
  let known = knownTools.get(server);
  if (!known) knownTools.set(server, (known = new Set()));
  for (const name of names) if (known.size < MAX_TOOLS_PER_SERVER || known.has(name)) known.add(name);
}

/** The label of a tool: its name when its server listed it, else `other` (bounded cardinality). */
export function toolLabel(server: string, name: unknown): string {
  return typeof name === 'string' && knownTools.get(server)?.has(name) ? name : 'other';
}
