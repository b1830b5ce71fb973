import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { describeDatabase, reason } from '../audit/pg-store.js';
import { printError } from '../terminal/terminal-text.js';

/** What one replica tells the others at once (docs/decisions/team-replica-events.md). */
export type TeamEvent = { kind: 'session-ended'; digest: string } | { kind: 'layouts-changed' };

/** The channel every replica listens on. */
export const CHANNEL = 'mcp_dashboard_events';

/** Events between the replicas of one team: PostgreSQL `LISTEN`/`NOTIFY`, or nothing with the embedded store. */
export interface TeamEvents {
  /** Tells every other replica (best effort: what must hold is also checked against the store). */
  publish(event: TeamEvent): void;
  /** Called for every event another replica published. */
  onEvent(handler: (event: TeamEvent) => void): void;
  close(): Promise<void>;
}

/** One replica (the embedded store): there is nobody to tell. */
class NoEvents implements TeamEvents {
  publish(): void {}
  onEvent(): void {}
  async close(): Promise<void> {}
}

/**
 * `LISTEN`/`NOTIFY` on the team's PostgreSQL: one connection of its own that listens (and publishes), opened again
 * after it is lost (every 1 s, then up to every 10 s). Events of this replica come back to it and are skipped.
 */
class PgEvents implements TeamEvents {
  private readonly id = randomBytes(6).toString('base64url');
  private readonly handlers: ((event: TeamEvent) => void)[] = [];
  private client: Client | undefined;
  private closed = false;
  private retryMs = 1_000;

  constructor(
    private readonly url: string,
    private readonly description: string,
  ) {}

  async connect(): Promise<void> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.url, application_name: 'mcp-dashboard events' });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
    this.retryMs = 1_000;
  }

  private lost(client: Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    const retry = () => {
      if (this.closed) return;
      this.connect().catch((error: unknown) => {
        printError(`mcp-dashboard: cannot listen for other replicas' events on ${this.description}: ${reason(error)}`);
        this.retryMs = Math.min(this.retryMs * 2, 10_000);
        setTimeout(retry, this.retryMs).unref();
      });
    };
    setTimeout(retry, this.retryMs).unref();
  }

  private receive(payload: string | undefined): void {
    let event: (TeamEvent & { from?: string }) | undefined;
    try {
      event = JSON.parse(payload ?? '') as TeamEvent & { from?: string };
    } catch {
      return;
    }
    if (!event || event.from === this.id) return;
    for (const handler of this.handlers) handler(event);
  }

  publish(event: TeamEvent): void {
    const client = this.client;
    if (!client) return;
    client
      .query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ ...event, from: this.id })])
      .catch((error: unknown) =>
        printError(`mcp-dashboard: could not tell the other replicas (${event.kind}): ${reason(error)}`),
      );
  }

  onEvent(handler: (event: TeamEvent) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => {});
  }
}

/** The events of the team's storage: PostgreSQL when a URL is set (a failure to listen stops the start), else none. */
export async function openTeamEvents(databaseUrl: string | undefined): Promise<TeamEvents> {
  if (!databaseUrl) return new NoEvents();
  const events = new PgEvents(databaseUrl, describeDatabase(databaseUrl));
  await events.connect();
  return events;
}
