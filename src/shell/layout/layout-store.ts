import type { Configuration } from '../../core/services/configuration.js';
import { compact } from '../../core/layout/grid-engine.js';
import { DEFAULT_DASHBOARD_ID, defaultDashboard } from '../../core/layout/default-layout.js';
import type { DashboardLayout, LayoutFile, TeamDashboard, Tile } from '../../core/shared/layout/layout-types.js';
import type { Unsubscribe } from '../../core/shared/types.js';

/** Configuration key (IndexedDB) of the user's own layout state, kept apart from the team's files. */
export const USER_LAYOUT_KEY = 'layout.user';

/** What is stored per user: edited copies of dashboards (team or default), dashboards they made, and which tab is open. */
export interface UserLayoutState {
  version: 1;
  /** Keyed by dashboard id; a team dashboard's id here means the user changed it (reset removes it). */
  dashboards: Record<string, DashboardLayout>;
  /** Ids of dashboards the user made or imported (not a team's, not the default), in tab order. */
  own: string[];
  /** Team or default dashboards the user removed. */
  hidden?: string[];
  active?: string;
}

/** A dashboard as shown: where it comes from and whether the user changed it. */
export interface ShownDashboard extends DashboardLayout {
  origin: 'team' | 'default' | 'user';
  /** For team dashboards: the file it came from. */
  file?: string;
  changed: boolean;
}

function isDashboard(value: unknown): value is DashboardLayout {
  const d = value as DashboardLayout | undefined;
  return Boolean(
    d &&
    typeof d.id === 'string' &&
    typeof d.name === 'string' &&
    Array.isArray(d.tiles) &&
    d.tiles.every((t) => t && typeof t.id === 'string' && typeof t.x === 'number'),
  );
}

/**
 * The dashboards and their tiles: team dashboards from the config's `dashboard.layouts`
 * (served by the gateway), or the default one for the servers in the config; over them, the user's
 * own changes, kept separately in IndexedDB (Configuration key `layout.user`) so "Reset to team
 * layout" can drop them. Every change is one step the user can undo.
 */
export class LayoutStore {
  private team: TeamDashboard[] = [];
  private base: DashboardLayout[] = [];
  private state: UserLayoutState = { version: 1, dashboards: {}, own: [] };
  private undoStack: Array<{ state: UserLayoutState; what: string }> = [];
  private readonly listeners = new Set<() => void>();
  private servers: Array<{ name: string; widget?: string }> = [];

  constructor(private readonly configuration: Configuration) {}

  /** Reads the user's state and sets the base: the team's dashboards, or the default for `servers`. */
  load(team: TeamDashboard[], servers: Array<{ name: string; widget?: string }>, defaultName = 'Overview'): void {
    this.team = team;
    this.servers = servers;
    // Dashboards an admin published from the page come after the default one unless files provision the team's.
    const provisioned = team.some((d) => !d.published && !d.file.startsWith('published by '));
    this.base = provisioned ? team : [defaultDashboard(servers, defaultName), ...team];
    const stored = this.configuration.get<UserLayoutState>(USER_LAYOUT_KEY);
    if (
      stored &&
      stored.version === 1 &&
      stored.dashboards &&
      typeof stored.dashboards === 'object' &&
      Array.isArray(stored.own)
    ) {
      const dashboards: Record<string, DashboardLayout> = {};
      for (const [id, d] of Object.entries(stored.dashboards)) if (isDashboard(d)) dashboards[id] = d;
      this.state = {
        version: 1,
        dashboards,
        own: stored.own.filter((id) => typeof id === 'string' && dashboards[id]),
        hidden: Array.isArray(stored.hidden) ? stored.hidden : [],
        active: stored.active,
      };
    }
    this.notify();
  }

  /** The servers the default layout was made for (names and chosen widget types). */
  get serverList(): ReadonlyArray<{ name: string; widget?: string }> {
    return this.servers;
  }

  /** Whether the config named team layouts. */
  get hasTeam(): boolean {
    return this.team.length > 0;
  }

  /** Every dashboard, in tab order: the base ones (team or default) then the user's own. */
  dashboards(): ShownDashboard[] {
    const hidden = new Set(this.state.hidden ?? []);
    const base: ShownDashboard[] = this.base
      .filter((d) => !hidden.has(d.id))
      .map((d) => {
        const mine = this.state.dashboards[d.id];
        const team = this.team.find((t) => t.id === d.id);
        return { ...(mine ?? d), origin: team ? 'team' : 'default', file: team?.file, changed: Boolean(mine) };
      });
    const own: ShownDashboard[] = this.state.own.map((id) => ({
      ...this.state.dashboards[id]!,
      origin: 'user',
      changed: true,
    }));
    return [...base, ...own];
  }

  /** The dashboard shown (the stored choice when it still exists). */
  active(): ShownDashboard | undefined {
    const all = this.dashboards();
    return all.find((d) => d.id === this.state.active) ?? all[0];
  }

  /** Opens another dashboard (remembered; not an undoable change). */
  setActive(id: string): void {
    if (!this.dashboards().some((d) => d.id === id) || this.state.active === id) return;
    this.state = { ...this.state, active: id };
    this.persist();
    this.notify();
  }

  /** Follows every change. */
  onChange(callback: () => void): Unsubscribe {
    this.listeners.add(callback);
    return () => this.listeners.delete(callback);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private persist(): void {
    void this.configuration.set(USER_LAYOUT_KEY, structuredClone(this.state)).catch((error: unknown) => {
      console.warn('[mcp-dashboard] the layout could not be saved', error);
    });
  }

  private commit(next: UserLayoutState, what: string, undoable: boolean): void {
    if (undoable) {
      this.undoStack.push({ state: this.state, what });
      if (this.undoStack.length > 50) this.undoStack.shift();
    }
    this.state = next;
    this.persist();
    this.notify();
  }

  /** Replaces one dashboard's tiles (compacted); `what` is what undo will say it undid. */
  setTiles(
    dashboardId: string,
    tiles: Tile[],
    what: string,
    options: { undoable?: boolean; compact?: boolean } = {},
  ): void {
    const current = this.dashboards().find((d) => d.id === dashboardId);
    if (!current) return;
    const { origin: _o, file: _f, changed: _c, ...plain } = current;
    const next: DashboardLayout = { ...plain, tiles: options.compact === false ? tiles : compact(tiles) };
    this.commit(
      { ...this.state, dashboards: { ...this.state.dashboards, [dashboardId]: next } },
      what,
      options.undoable !== false,
    );
  }

  /** True when there is a change to undo. */
  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  /** Undoes the last change; returns what it was, or undefined when there is none. */
  undo(): string | undefined {
    const last = this.undoStack.pop();
    if (!last) return undefined;
    this.state = { ...last.state, active: this.state.active };
    this.persist();
    this.notify();
    return last.what;
  }

  /** Adds an empty dashboard (a new tab) and opens it. */
  addDashboard(name: string): string {
    const taken = new Set(this.dashboards().map((d) => d.id));
    let id =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'dashboard';
    if (!/^[a-z0-9]/.test(id)) id = `d-${id}`;
    for (let n = 2; taken.has(id); n++) id = `${id.replace(/-\d+$/, '')}-${n}`;
    this.commit(
      {
        ...this.state,
        dashboards: { ...this.state.dashboards, [id]: { id, name, tiles: [] } },
        own: [...this.state.own, id],
        active: id,
      },
      `add dashboard ${name}`,
      true,
    );
    return id;
  }

  /** Removes a dashboard (a team or default one is hidden for this user; reset brings it back). */
  removeDashboard(id: string): void {
    const shown = this.dashboards().find((d) => d.id === id);
    if (!shown || this.dashboards().length < 2) return;
    const dashboards = { ...this.state.dashboards };
    delete dashboards[id];
    const own = this.state.own.filter((x) => x !== id);
    const hidden = shown.origin === 'user' ? this.state.hidden : [...(this.state.hidden ?? []), id];
    this.commit(
      { ...this.state, dashboards, own, hidden, active: this.state.active === id ? undefined : this.state.active },
      `remove dashboard ${shown.name}`,
      true,
    );
  }

  /** Renames a dashboard. */
  renameDashboard(id: string, name: string): void {
    const current = this.dashboards().find((d) => d.id === id);
    if (!current || !name.trim()) return;
    const { origin: _o, file: _f, changed: _c, ...plain } = current;
    this.commit(
      { ...this.state, dashboards: { ...this.state.dashboards, [id]: { ...plain, name: name.trim() } } },
      `rename dashboard to ${name.trim()}`,
      true,
    );
  }

  /** Drops the user's changes: every team (or default) dashboard as the team wrote it; the user's own dashboards stay. */
  resetToTeam(): void {
    const dashboards: Record<string, DashboardLayout> = {};
    for (const id of this.state.own) dashboards[id] = this.state.dashboards[id]!;
    this.commit({ ...this.state, dashboards, hidden: [] }, 'reset to the team layout', true);
  }

  /**
   * The team's dashboards changed (an admin published one): they become the base, and this person's own copy of
   * `published` is dropped so they see what was published.
   */
  rebase(team: TeamDashboard[], published: string): void {
    const dashboards = { ...this.state.dashboards };
    delete dashboards[published];
    this.state = {
      ...this.state,
      dashboards,
      own: this.state.own.filter((id) => id !== published),
      hidden: (this.state.hidden ?? []).filter((id) => id !== published),
      active: published,
    };
    this.persist();
    this.load(team, this.servers);
  }

  /** The layout file for these dashboards (all by default). */
  exportFile(ids?: string[]): LayoutFile {
    const chosen = this.dashboards().filter((d) => !ids || ids.includes(d.id));
    return {
      version: 1,
      dashboards: chosen.map(({ id, name, tiles }) => ({ id, name, tiles: structuredClone(tiles) })),
    };
  }

  /** Adds (or replaces, by id) the dashboards of a checked layout file; opens the first. */
  importFile(file: LayoutFile): string[] {
    const dashboards = { ...this.state.dashboards };
    const own = [...this.state.own];
    const baseIds = new Set(this.base.map((d) => d.id));
    for (const d of file.dashboards) {
      dashboards[d.id] = { id: d.id, name: d.name, tiles: compact(d.tiles) };
      if (!baseIds.has(d.id) && !own.includes(d.id)) own.push(d.id);
    }
    const hidden = (this.state.hidden ?? []).filter((id) => !file.dashboards.some((d) => d.id === id));
    this.commit(
      { ...this.state, dashboards, own, hidden, active: file.dashboards[0]?.id },
      `import ${file.dashboards.map((d) => d.name).join(', ')}`,
      true,
    );
    return file.dashboards.map((d) => d.id);
  }
}

export { DEFAULT_DASHBOARD_ID };
