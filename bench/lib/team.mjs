// Helpers for bench/team.bench.mjs: the TypeScript team fixtures loaded through tsx (so the bench runs with
// plain `node`, as bench/run.mjs starts every bench), an MCP client as a signed-in member, a PostgreSQL
// cluster made durable, and one timed browser sign-in.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { tsImport } from 'tsx/esm/api';

/** test/support/team-fixture.ts (startTeam, TEST_ROLES, …), compiled on the fly by tsx. */
export function loadTeamFixture() {
  return tsImport('../../test/support/team-fixture.ts', import.meta.url);
}

/** A throwaway PostgreSQL (test/support/postgres.ts), or `{ reason }` when it cannot be had here. */
export async function startDurablePostgres() {
  let fixture;
  try {
    fixture = await tsImport('../../test/support/postgres.ts', import.meta.url);
  } catch (error) {
    return { reason: `test/support/postgres.ts cannot be loaded: ${error.message}` };
  }
  let pg;
  try {
    pg = await fixture.startPostgres();
  } catch (error) {
    return { reason: error.message.split('\n')[0] };
  }
  // The fixture runs PostgreSQL without fsync or synchronous commit (fast tests); an audit write is only
  // comparable with the file store's fsync when a commit is on disk, so both are turned back on
  // (TEAM_BENCH_PG_DURABLE=0 keeps the fixture's settings, to see what the commits' fsync costs).
  if (process.env.TEAM_BENCH_PG_DURABLE !== '0') {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes'])
      await pg.sql(`ALTER SYSTEM SET ${setting} = on`);
    await pg.sql('SELECT pg_reload_conf()');
  }
  const settings = (
    await pg.sql(
      "SELECT string_agg(name || '=' || setting, ', ') FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')",
    )
  ).trim();
  const url = await pg.database('bench_team');
  return { pg, url, settings };
}

/** The rows in `audit_records` of the bench's database on `pg` (null when there is no such table). */
export async function auditRowCount(pg) {
  try {
    return Number((await pg.sql('SELECT count(*) FROM audit_records', 'bench_team')).trim());
  } catch {
    return null;
  }
}

/** An MCP SDK client on `<origin>/mcp/<server>` that sends `headers` on every request. */
export async function mcpClient(origin, server, headers) {
  const client = new Client({ name: 'bench-team', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${origin}/mcp/${server}`), { requestInit: { headers } }),
  );
  return client;
}

/**
 * Runs in every document of a sign-in context (an init script): on the dashboard's origin, checks each
 * animation frame for the first card whose header shows its tool count, and keeps that frame's wall-clock
 * time (epoch ms) in `globalThis.__benchCardsAt`.
 */
function watchCards({ origin, tools }) {
  if (globalThis.location.origin !== origin) return;
  const pattern = new RegExp(`(^|\\D)${tools} tools?\\b`);
  const check = () => {
    const cards =
      globalThis.document.querySelector('mcp-dashboard')?.shadowRoot?.querySelectorAll('mcp-widget-card') ?? [];
    for (const card of cards) {
      const alert = card.shadowRoot?.querySelector('[role="alert"]');
      if (alert) globalThis.__benchCardError = alert.textContent.trim();
      if (pattern.test(card.shadowRoot?.querySelector('header')?.textContent ?? '')) {
        globalThis.__benchCardsAt = performance.timeOrigin + performance.now();
        return;
      }
    }
    globalThis.requestAnimationFrame(check);
  };
  globalThis.requestAnimationFrame(check);
}

/**
 * One sign-in in a fresh browser context: open `<base>/`, follow the redirect to the provider's login form,
 * sign in as `person`; resolves with the ms from the browser's request of `<base>/oidc/callback` to the frame
 * where the first card shows `tools` tools, and the same measured on the Node side (request event → that frame).
 */
export async function timedSignIn(browser, { base, issuer, person, tools }) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(watchCards, { origin: base, tools });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    let callback;
    let callbackSeen;
    page.on('request', (request) => {
      if (!callback && request.url().startsWith(`${base}/oidc/callback`)) {
        callback = request;
        callbackSeen = performance.timeOrigin + performance.now();
      }
    });
    await page.goto(`${base}/`);
    await page.waitForURL((url) => url.origin === issuer);
    await page.locator('input[name="login"]').fill(person.sub);
    await page.locator('input[name="password"]').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const handle = await page.waitForFunction(
      () => globalThis.__benchCardsAt ?? (globalThis.__benchCardError ? { error: globalThis.__benchCardError } : 0),
      undefined,
      { polling: 50, timeout: 60_000 },
    );
    const at = await handle.jsonValue();
    if (typeof at !== 'number') throw new Error(`a card showed an error: ${at.error}`);
    if (!callback) throw new Error('the browser never requested /oidc/callback');
    if (problems.length > 0) throw new Error(`the page reported errors: ${problems.join('; ')}`);
    const started = callback.timing().startTime;
    return { ms: at - (started > 0 ? started : callbackSeen), nodeMs: at - callbackSeen };
  } finally {
    await context.close();
  }
}
