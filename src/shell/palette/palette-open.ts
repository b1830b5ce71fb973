// The dashboard's command palette and wall screen, loaded on first use (the start-up bundle has a byte budget):
// what the palette lists, what its choices reach, and entering wall-screen mode with their strings added.
import type { McpDashboard } from '../dashboard.js';
import { addShellMessages } from '../i18n/messages.js';
import { wallScreenFromUrl, WallScreenController, type WallScreenOptions } from '../layout/wall-screen.js';
import { PREFERENCE_KEYS } from '../services/preferences.js';
import type { McpCommandPalette } from './command-palette.js';
import './command-palette.js';
import { paletteSettings, runPaletteEntry, type PaletteHost } from './palette-actions.js';
import { paletteEntries, type PaletteEntry } from './palette-entries.js';
import { PALETTE_CATALOGS } from './palette-messages.js';

addShellMessages(PALETTE_CATALOGS);

/** Opens `palette` over what the dashboard knows now: its servers and their lists, saved calls, dashboards, settings. */
export async function openPalette(dashboard: McpDashboard, palette: McpCommandPalette): Promise<McpCommandPalette> {
  const services = dashboard.services!;
  const saved = (await dashboard.savedCalls?.list().catch(() => [])) ?? [];
  palette.entries = () =>
    paletteEntries({
      servers: dashboard.servers ?? [],
      lists: (name) => services.bridge.getServer(name)?.info,
      savedCalls: saved,
      dashboards: dashboard.layoutStore()?.dashboards() ?? [],
      settings: paletteSettings((key) => dashboard.t(key)),
    });
  await palette.show();
  return palette;
}

/** Does what the chosen entry names. */
export function paletteChose(dashboard: McpDashboard, entry: PaletteEntry): Promise<void> {
  return runPaletteEntry(paletteHost(dashboard), entry, (k) => dashboard.t(k));
}

/** What the palette's choices reach (palette-actions.ts). */
function paletteHost(dashboard: McpDashboard): PaletteHost {
  return {
    renderRoot: dashboard.renderRoot,
    updateComplete: dashboard.updateComplete,
    layoutStore: () => dashboard.layoutStore(),
    enterWallScreen: () => void enterWallScreen(dashboard, {}, true),
    savedCalls: dashboard.savedCalls,
    runAction: (action) => dashboard.runAction(action),
    setPreference: (key, value) =>
      void dashboard.services?.configuration.set(PREFERENCE_KEYS[key], value).catch(() => {}),
    openSettings: () => dashboard.renderRoot.querySelector('mcp-app-bar')?.openMenu(),
    announce: (message) => dashboard.announce(message),
  };
}

/** Wall-screen mode on `dashboard` (one controller per dashboard). */
export function enterWallScreen(
  dashboard: McpDashboard,
  options: WallScreenOptions = {},
  fullScreen = false,
): WallScreenController {
  dashboard.wall ??= new WallScreenController(dashboard);
  dashboard.wall.enter(options, fullScreen);
  return dashboard.wall;
}

/** `?wall` / `?kiosk` in the page's address: a wall screen from the start. */
export function wallScreenFromAddress(dashboard: McpDashboard): void {
  const options = wallScreenFromUrl(window.location.search);
  if (options) enterWallScreen(dashboard, options);
}
