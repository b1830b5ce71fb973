// What choosing a command-palette entry does: jump to a server's tile (and show a tool, a resource or a prompt in
// it), switch dashboards, open a screen or change a setting, or run a saved call (through its panel, so the
// policy's dialog applies as for any call).
import type { ThemeModePreference } from '../../core/shared/types.js';
import type { AppBarAction } from '../app-bar/app-bar-action-event.js';
import type { McpWidgetCard } from '../card/widget-card.js';
import type { LayoutStore } from '../layout/layout-store.js';
import type { SavedCallsHost } from '../saved-calls/saved-calls-host.js';
import type { PaletteEntry } from './palette-entries.js';

/** What the palette's actions reach in the dashboard. */
export interface PaletteHost {
  renderRoot: HTMLElement | DocumentFragment;
  updateComplete: Promise<boolean>;
  layoutStore(): LayoutStore | undefined;
  savedCalls: SavedCallsHost | undefined;
  /** What the app bar's buttons do. */
  runAction(action: AppBarAction): void;
  /** Stores a preference (theme mode, language) through Configuration. */
  setPreference(key: 'mode' | 'locale', value: string): void;
  /** Opens the Settings menu of the app bar. */
  openSettings(): void;
  /** Wall-screen mode, full screen (the palette's Enter is the gesture the browser asks for). */
  enterWallScreen(): void;
  announce(message: string): void;
}

/** The screens and settings the palette offers, in the person's words (the app bar's own labels). */
export function paletteSettings(t: (key: string) => string): Array<{ name: string; label: string }> {
  const screens: Array<[string, string]> = [
    ['widgets', 'header.widgets'],
    ['saved-calls', 'header.savedCalls'],
    ['servers', 'header.servers'],
    ['audit', 'header.audit'],
    ['appearance', 'header.appearance'],
    ['settings', 'header.settings'],
  ];
  const modes = ['light', 'dark', 'high-contrast', 'auto'];
  return [
    ...screens.map(([name, key]) => ({ name, label: t(key).replace(/\u2026$/, '') })),
    ...modes.map((m) => ({ name: `mode:${m}`, label: `${t('header.theme')}: ${t(`mode.${m}`)}` })),
    { name: 'wall', label: t('wall.name') },
  ];
}

const ACTIONS = new Set<string>(['widgets', 'saved-calls', 'servers', 'audit', 'appearance']);

/** Shows the dashboard that holds `server`'s tile (the current one first), scrolls to it and focuses its card. */
export async function revealServer(host: PaletteHost, server: string): Promise<McpWidgetCard | undefined> {
  const store = host.layoutStore();
  if (!store) return undefined;
  const active = store.active();
  const boards = [...(active ? [active] : []), ...store.dashboards().filter((d) => d.id !== active?.id)];
  // A server panel (a card) is a better place to land than a one-line status tile.
  for (const wantCard of [true, false]) {
    for (const board of boards) {
      const tile = board.tiles.find(
        (t) => (t.kind === 'widget' || (!wantCard && t.kind === 'status')) && t.server === server,
      );
      if (!tile) continue;
      store.setActive(board.id);
      await host.updateComplete;
      const el = host.renderRoot.querySelector<HTMLElement>(`mcp-tile[data-tile-id="${CSS.escape(tile.id)}"]`);
      el?.scrollIntoView({ block: 'start' });
      const card = el?.querySelector('mcp-widget-card') ?? undefined;
      (card ?? el?.querySelector<HTMLElement>('mcp-status-tile'))?.focus();
      return card;
    }
  }
  return undefined;
}

/** The card's widget once it is mounted (a card still connecting is waited for, a few seconds at most). */
async function widgetOf(card: McpWidgetCard): Promise<HTMLElement | undefined> {
  for (let i = 0; i < 50; i += 1) {
    const el = card.widgetElement();
    if (el) return el;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** Does what `entry` names. */
export async function runPaletteEntry(host: PaletteHost, entry: PaletteEntry, t: (key: string) => string) {
  switch (entry.kind) {
    case 'setting': {
      const name = entry.name!;
      if (ACTIONS.has(name)) host.runAction(name as AppBarAction);
      else if (name === 'settings') host.openSettings();
      else if (name === 'wall') host.enterWallScreen();
      else if (name.startsWith('mode:')) host.setPreference('mode', name.slice(5) as ThemeModePreference);
      return;
    }
    case 'dashboard': {
      host.layoutStore()?.setActive(entry.name!);
      await host.updateComplete;
      host.renderRoot.querySelector<HTMLElement>(`#tab-${CSS.escape(entry.name!)}`)?.focus();
      return;
    }
    case 'saved-call': {
      const panel = await host.savedCalls?.open();
      const call = panel?.store?.get(entry.name!);
      if (panel && call) await panel.run(call);
      return;
    }
    default: {
      const card = await revealServer(host, entry.server!);
      if (!card) {
        host.announce(t('palette.notOnDashboard'));
        return;
      }
      if (entry.kind === 'server') return;
      const widget = (await widgetOf(card)) as
        | (HTMLElement & {
            showTool?: (name: string) => Promise<HTMLElement | undefined>;
            showTab?: (tab: string) => Promise<void>;
          })
        | undefined;
      if (entry.kind === 'tool' && widget?.showTool) {
        const runner = await widget.showTool(entry.name!);
        runner?.scrollIntoView({ block: 'nearest' });
        runner?.focus();
      } else if ((entry.kind === 'resource' || entry.kind === 'prompt') && widget?.showTab)
        await widget.showTab(entry.kind === 'resource' ? 'resources' : 'prompts');
    }
  }
}
