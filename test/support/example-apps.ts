// The MCP Apps example servers published on npm (@modelcontextprotocol/server-*), as a person opens them in the
// served dashboard: the card's Tools tab → the app's tool → Open app → allow; then what the app shows in its tile.
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { repoRoot } from './gateway-process.mjs';

const HELLO_PDF = join(repoRoot, 'test', 'fixtures', 'apps', 'hello.pdf');

/** One published example app: its server, the tool whose card opens it, and what a person sees once it runs. */
export interface ExampleApp {
  /** The server's name in the config (the card's title). */
  name: string;
  /** The server's command (a bin of its package) and extra arguments after --stdio. */
  command: string;
  args?: string[];
  /** The tool button's accessible name on the card. */
  tool: string;
  /** Form fields to fill before Open app, by label. */
  fill?: Record<string, string>;
  /** Text the app renders in its view once it works (or, offline, the message the view or its tile shows). */
  shows: RegExp;
  /** A selector inside the view that must be there and have a size (a canvas, an svg). */
  draws?: string;
  /** The app needs the internet for its data; offline it shows `shows` as its message. */
  needsInternet?: boolean;
  /** Its tile must fit the height the app reports (checked with tileFit). */
  fits?: boolean;
  /** One interaction inside the view: a button to press, and what the view then shows instead of before. */
  interact?: { button: string; shows: RegExp };
  /**
   * What it declares in `_meta.ui.permissions` that the dashboard asks about: the frame's feature the test's Allow
   * gives it, and the dialog's title.
   */
  permission?: { feature: string; asks: string };
  /** It listens: pressing `button` starts the microphone, and the width of its level meter (`level`) moves. */
  listens?: { button: string; level: string };
}

const ASKS_DEVICES = 'Let an app use your devices?';
const ASKS_CLIPBOARD = 'Let an app write to your clipboard?';

const GET_TIME = /Server Time:?\s*\d{4}-\d\d-\d\dT/;

/** Every published example app, in the order the e2e test opens them. */
export const EXAMPLE_APPS: readonly ExampleApp[] = [
  ...['vanillajs', 'react', 'vue', 'svelte', 'preact', 'solid'].map((f) => ({
    name: `basic-${f}`,
    command: `mcp-server-basic-${f}`,
    tool: 'Get Time',
    shows: GET_TIME,
    fits: true,
    // The app calls its server again (basic-vue's failed on an opaque origin: Vue reads window.parent).
    interact: { button: 'Get Server Time', shows: GET_TIME },
  })),
  { name: 'budget-allocator', command: 'mcp-budget-allocator-server', tool: 'Get Budget Data', shows: /Allocated:/ },
  {
    name: 'cohort-heatmap',
    command: 'mcp-cohort-heatmap-server',
    tool: 'Get Cohort Retention Data',
    shows: /Cohort/i,
  },
  {
    name: 'customer-segmentation',
    command: 'mcp-customer-segmentation-server',
    tool: 'Get Customer Data',
    shows: /Customer Segmentation/,
    draws: 'canvas, svg',
  },
  {
    name: 'scenario-modeler',
    command: 'mcp-scenario-modeler-server',
    tool: 'Get Scenario Data',
    shows: /12-month projection/i,
  },
  { name: 'system-monitor', command: 'mcp-system-monitor-server', tool: 'Get System Info', shows: /Hostname/ },
  {
    name: 'sheet-music',
    command: 'mcp-sheet-music-server',
    tool: 'Play Sheet Music',
    shows: /Twinkle/,
    draws: 'svg',
  },
  { name: 'shadertoy', command: 'mcp-shadertoy-server', tool: 'ShaderToy Renderer', shows: /^/, draws: 'canvas' },
  { name: 'threejs', command: 'mcp-threejs-server', tool: 'Show Three.js Scene', shows: /^/, draws: 'canvas' },
  {
    name: 'pdf',
    command: 'mcp-pdf-server',
    args: [HELLO_PDF],
    tool: 'Display PDF',
    fill: { url: HELLO_PDF },
    shows: /hello\.pdf/,
    draws: 'canvas',
    // It copies text: it declares clipboardWrite.
    permission: { feature: 'clipboard-write', asks: ASKS_CLIPBOARD },
  },
  {
    name: 'transcript',
    command: 'mcp-transcript-server',
    tool: 'Transcribe Speech',
    shows: /speech will appear/,
    // Microphone and clipboard, asked together; Chromium's fake microphone beeps, and the app's level meter moves.
    permission: { feature: 'microphone', asks: ASKS_DEVICES },
    listens: { button: 'Start', level: '#mic-level' },
  },
  {
    name: 'video-resource',
    command: 'mcp-video-resource-server',
    tool: 'Play Video via Resource',
    shows: /Error loading video/,
    needsInternet: true,
  },
  {
    name: 'map',
    command: 'mcp-map-server',
    tool: 'Show Map',
    shows: /Failed to load CesiumJS/,
    needsInternet: true,
  },
  {
    name: 'wiki-explorer',
    command: 'mcp-wiki-explorer-server',
    tool: 'Get First-Degree Links',
    // Offline its tool answers `{ links: [], error: 'fetch failed' }` as a success; the app draws an empty
    // graph with its controls and says nothing (its own gap, not the host's).
    shows: /\u21ba/,
    needsInternet: true,
  },
];

/**
 * The config's mcpServers for these apps (stdio, `--stdio`). `shared`: one process per server for every page session
 * (the examples' tools keep nothing per client), instead of one per session and a warm spare.
 */
export function exampleAppServers(
  apps: readonly ExampleApp[],
  { shared = false } = {},
): Record<string, { command: string; args: string[]; shared?: boolean }> {
  return Object.fromEntries(
    apps.map((a) => [
      a.name,
      { command: a.command, args: ['--stdio', ...(a.args ?? [])], ...(shared ? { shared } : {}) },
    ]),
  );
}

/**
 * Answers every confirmation the page asks while `run` runs: the Open app call, then the app's own calls
 * (allowed while the view is open, as a person would for a viewer that polls), and a device an app asks for
 * (Allow: the browser's fake microphone). Resolves with the dialogs' titles.
 */
export async function allowingDialogs<T>(page: Page, run: () => Promise<T>): Promise<{ result: T; asked: string[] }> {
  const asked: string[] = [];
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const dialog = page.getByRole('alertdialog');
      if (await dialog.isVisible().catch(() => false)) {
        const title = await dialog
          .locator('h2')
          .first()
          .innerText()
          .catch(() => '?');
        const button = dialog.getByRole('button', {
          name: /^(Allow while this view is open|Allow once|Allow|Confirm)$/,
        });
        await button
          .first()
          .click({ timeout: 2_000 })
          .then(() => asked.push(title))
          .catch(() => undefined);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    return { result: await run(), asked };
  } finally {
    stop = true;
    await loop;
  }
}

/** Opens `app` from its card; resolves with its tile (the newest) once its Open app call was confirmed. */
export async function openExampleApp(page: Page, app: ExampleApp): Promise<Locator> {
  const card = page.locator('mcp-widget-card').filter({ has: page.locator(`h2:text-is("${app.name}")`) });
  await card.getByRole('tab', { name: /Tools/ }).click({ timeout: 30_000 });
  // The tool list renders only the rows near the screen: bring the card there first.
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: app.tool }).first().click();
  for (const [label, value] of Object.entries(app.fill ?? {}))
    await card
      .getByRole('textbox', { name: new RegExp(`^${label}`) })
      .first()
      .fill(value);
  const before = await page.locator('mcp-app-tile').count();
  await card.getByRole('button', { name: 'Open app' }).click();
  const tile = page.locator('mcp-app-tile').nth(before);
  await tile.waitFor({ timeout: 20_000 });
  return tile;
}

/** The app's own document inside the tile (sandbox proxy → view). */
export function viewIn(tile: Locator): FrameLocator {
  return tile.frameLocator('mcp-app-frame iframe').frameLocator('iframe');
}

/** What the tile's chrome says (title, status, the tool's outcome, notes), as one line. */
export async function tileText(tile: Locator): Promise<string> {
  return (await tile.locator('mcp-app-frame section').innerText()).replace(/\s+/g, ' ');
}

/** How the app's tile fits the app: heights in px, and whether anything scrolls inside the tile or the view. */
export interface TileFit {
  /** The view's frame (the height the app reported, as applied). */
  view: number;
  /** The app's own document at its natural height (what it would report). */
  content: number;
  /** The frame element with its chrome (title, status) and the tile that holds it. */
  frame: number;
  tile: number;
  /** One grid row with its gap. */
  row: number;
  /** The frame still fills the tile (the app has reported no height). */
  fill: boolean;
  tileScrolls: boolean;
  viewScrolls: boolean;
}

/** Measures how `tile` (an mcp-app-tile) holds its app now. */
export async function tileFit(tile: Locator): Promise<TileFit> {
  const outer = await tile.evaluate((el) => {
    const frame = el.shadowRoot!.querySelector('mcp-app-frame')!;
    const iframe = frame.shadowRoot!.querySelector('iframe')!;
    const holder = el.closest('mcp-tile')!;
    const body = holder.shadowRoot!.querySelector<HTMLElement>('.body')!;
    return {
      view: iframe.getBoundingClientRect().height,
      frame: frame.getBoundingClientRect().height,
      tile: holder.getBoundingClientRect().height,
      row: 3.25 * parseFloat(getComputedStyle(document.documentElement).fontSize),
      fill: frame.hasAttribute('fill'),
      tileScrolls: body.scrollHeight > body.clientHeight + 1,
    };
  });
  const inner = await viewIn(tile)
    .locator('html')
    .evaluate((html) => {
      const before = html.style.height;
      html.style.height = 'max-content';
      const content = html.getBoundingClientRect().height;
      html.style.height = before;
      return { content, viewScrolls: html.scrollHeight > html.clientHeight + 1 };
    });
  return { ...outer, ...inner };
}

/** True when the tile shows the whole app: the frame is the app's height, the tile holds it with less than a row to spare. */
export function fitsApp(fit: TileFit): boolean {
  return (
    !fit.fill &&
    !fit.tileScrolls &&
    !fit.viewScrolls &&
    Math.abs(fit.view - fit.content) <= 2 &&
    fit.tile >= fit.frame + 1.5 &&
    fit.tile < fit.frame + 2 + fit.row
  );
}
