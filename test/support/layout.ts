// Helpers for the dashboard-of-tiles tests: mount a profile, find tiles, edit mode, announcements.
import { sendKeys } from '@web/test-runner-commands';
import '../../src/shell/dashboard.js';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpTile } from '../../src/shell/layout/tile.js';
import type { Tile } from '../../src/core/shared/layout/layout-types.js';
import { waitFor, type TestGateway } from './gateway.js';

/** The test servers of the layout tests: server-everything and the layout fixture with MCP App views. */
export const SERVERS = {
  everything: { command: 'mcp-server-everything', args: ['stdio'] },
  apps: { command: 'node', args: ['test/fixtures/layout-app-server.mjs'] },
};

let counter = 0;

/** A fresh profile name (IndexedDB database) for one test. */
export function profileName(prefix: string): string {
  return `${prefix}-${Date.now()}-${++counter}`;
}

/** A dashboard on `gateway` with the IndexedDB profile `dbName` (the same name = the same user after a reload). */
export async function mount(gateway: TestGateway, dbName: string): Promise<McpDashboard> {
  const el = document.createElement('mcp-dashboard');
  el.baseUrl = gateway.origin;
  el.token = gateway.token;
  el.dbName = dbName;
  document.body.append(el);
  await waitFor(() => el.layout.store?.active(), 20_000, 'the layout');
  return el;
}

export function tiles(dashboard: McpDashboard): McpTile[] {
  return [...dashboard.shadowRoot!.querySelectorAll<McpTile>('section[role="tabpanel"]:not([hidden]) mcp-tile')];
}

export function tileEl(dashboard: McpDashboard, id: string): McpTile {
  return dashboard.shadowRoot!.querySelector<McpTile>(`mcp-tile[data-tile-id="${id}"]`)!;
}

export function stored(dashboard: McpDashboard, id: string): Tile {
  return dashboard.layout.store!.active()!.tiles.find((t) => t.id === id)!;
}

export async function settle(dashboard: McpDashboard): Promise<void> {
  await dashboard.updateComplete;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

/** The last thing the A11yHelper announced politely. */
export async function announced(text: RegExp): Promise<string> {
  return waitFor(
    () => {
      const said = document.querySelector('[data-mcp-announcer="polite"]')?.textContent ?? '';
      return text.test(said) ? said : '';
    },
    5000,
    `an announcement like ${text}`,
  );
}

export async function editMode(dashboard: McpDashboard): Promise<void> {
  (dashboard.shadowRoot!.querySelector('[data-action="edit-layout"]') as HTMLButtonElement).click();
  await settle(dashboard);
}

/** Shift + an arrow key, as a person presses them. */
export async function shiftPress(key: string): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: key });
  await sendKeys({ up: 'Shift' });
}

export function centre(el: Element): [number, number] {
  const r = el.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
}
