import { readdir } from 'node:fs/promises';
import type { ClientBase } from 'pg';

/** The migrations a gateway ships, by the name node-pg-migrate records (the file name without its extension). */
export async function shippedMigrations(dir: string): Promise<string[]> {
  const files = await readdir(dir);
  return files
    .filter((f) => /\.(sql|js|cjs|mjs|ts)$/.test(f))
    .map((f) => f.replace(/\.[^.]+$/, ''))
    .sort();
}

/**
 * The migrations applied to the database that this gateway does not ship: a newer version on the same database
 * (a rolling upgrade, docs/decisions/rolling-upgrades.md). Such a gateway keeps working — a newer version's
 * migrations keep the previous version working — and says so once at start.
 */
export async function newerMigrations(db: ClientBase, table: string, dir: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`SELECT name FROM ${table} ORDER BY name`);
  const known = new Set(await shippedMigrations(dir));
  return rows.map((row) => row.name).filter((name) => !known.has(name));
}

/** The one start-up line for newer migrations, or undefined when there are none. */
export function newerMigrationsNotice(names: readonly string[]): string | undefined {
  if (!names.length) return undefined;
  return `mcp-dashboard: the database has migrations newer than this gateway (${names.join(', ')}): a newer version shares it; this one keeps serving (docs/deploy.md, "Upgrading")`;
}
