import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromePath, playwrightChromeArgs } from '../support/chrome.mjs';
import { allowingDialogs, openExampleApp, tileText, viewIn } from '../support/example-apps.js';
import { repoRoot, startGatewayProcess } from '../support/gateway-process.mjs';

// What a person sees: an MCP App (test/fixtures/notes-app-server.mjs) keeps a note in its own localStorage; the
// gateway is stopped and started again with the same config, the browser (one profile on disk, closed between
// runs) opens the dashboard and the app again — and the app shows the note. The sentinel: the same app with the
// sandbox on another port (`--sandbox-port`) is another origin and finds nothing — as after every restart before
// the gateway remembered the port.

const dir = await mkdtemp(join(tmpdir(), 'app-storage-restart-'));
after(() => rm(dir, { recursive: true, force: true }));
const NOTE = 'milk, eggs, a note that outlives a restart';

/** A port free right now (the dashboard's `--port`, fixed so the page keeps its origin too). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

const configFile = join(dir, 'config.json');
await writeFile(
  configFile,
  JSON.stringify({
    mcpServers: {
      notes: { command: process.execPath, args: ['test/fixtures/notes-app-server.mjs'], cwd: repoRoot },
    },
  }),
);
const profile = join(dir, 'profile');
const home = join(dir, 'config-home');

/**
 * One run: the gateway starts with the config (fixed --port, the test's config home), the browser starts on the
 * profile and opens Notes from its card; `use` gets the app's view. Both stop afterwards.
 */
async function run<T>(
  port: number,
  extraArgs: string[],
  use: (view: ReturnType<typeof viewIn>) => Promise<T>,
): Promise<T> {
  const gateway = await startGatewayProcess({ configFile, port, env: { XDG_CONFIG_HOME: home }, extraArgs });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath(),
    headless: true,
    // As a person's Chromium: a view of another site gets storage of its own (see playwrightChromeArgs).
    args: playwrightChromeArgs({ storagePartitioning: true }),
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(await gateway.launchUrl());
    const { result } = await allowingDialogs(page, async () => {
      const tile = await openExampleApp(page, {
        name: 'notes',
        command: 'node',
        tool: 'Keep a note',
        shows: /Saved note/,
      });
      const view = viewIn(tile);
      await view.getByText('Saved note:').waitFor({ timeout: 20_000 });
      await tile.getByRole('status').filter({ hasText: 'Ready' }).waitFor({ timeout: 20_000 });
      assert.doesNotMatch(await tileText(tile), /refus|blocked|error/i);
      return use(view);
    });
    return result;
  } finally {
    await context.close();
    await gateway.stop();
  }
}

const savedNote = (view: ReturnType<typeof viewIn>) => view.locator('#saved').innerText();
const originOf = (view: ReturnType<typeof viewIn>) => view.locator('#origin').innerText();

test('an MCP App shows the note it saved after the gateway restarts with the same config; on another sandbox port it finds none', async () => {
  const port = await freePort();
  const before = await run(port, [], async (view) => {
    assert.equal(await savedNote(view), '(none)', 'a fresh profile: nothing saved yet');
    await view.getByRole('textbox', { name: 'Note' }).fill(NOTE);
    await view.getByRole('button', { name: 'Save note' }).click();
    await view.locator('#saved').filter({ hasText: NOTE }).waitFor();
    return originOf(view);
  });
  assert.match(before, /^http:\/\/app--[a-z2-7]{24}\.localhost:\d+$/);

  const after = await run(port, [], async (view) => ({ note: await savedNote(view), origin: await originOf(view) }));
  assert.equal(after.note, NOTE, 'the app finds what it saved');
  assert.equal(after.origin, before, 'the app runs on the same origin after the restart');

  // The sentinel: the same app, profile and page origin, but the sandbox on another port — as every restart was.
  const other = await freePort();
  const moved = await run(port, ['--sandbox-port', String(other)], async (view) => ({
    note: await savedNote(view),
    origin: await originOf(view),
  }));
  assert.equal(moved.origin, before.replace(/:\d+$/, `:${other}`));
  assert.equal(moved.note, '(none)', 'another origin: the note is not there');
});
