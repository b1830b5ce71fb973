import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TeamDashboard } from '../../../src/core/shared/layout/layout-types.js';
import { validateLayoutFile } from '../../../src/core/shared/layout/layout-validate.js';
import { readBody, safeDecode, sendJson } from '../http/http-io.js';
import type { Person } from './browser-sessions.js';
import { TEAM_WIDE, type PersonState } from './person-state.js';

const PREFIX = 'layouts/';

/**
 * Team dashboards an admin published from the page (Team admin → edit a dashboard → "Publish for the team"),
 * kept in the team's store beside the ones provisioned from files (`dashboard.layouts`): a published dashboard
 * replaces the file's one with the same id, or is added after them. Removing it brings the file's one back.
 */
export class PublishedLayouts {
  private readonly byId = new Map<string, TeamDashboard>();
  /** Told when an admin here published or removed one (the other replicas read them again). */
  onChange: (() => void) | undefined;

  private constructor(private readonly state: PersonState) {}

  static async load(state: PersonState): Promise<PublishedLayouts> {
    const layouts = new PublishedLayouts(state);
    await layouts.refresh();
    return layouts;
  }

  /** Reads the published dashboards from the store again (another replica changed them). */
  async refresh(): Promise<void> {
    const kept = Object.entries(await this.state.all(TEAM_WIDE)).filter(([key]) => key.startsWith(PREFIX));
    this.byId.clear();
    for (const [key, value] of kept) this.byId.set(key.slice(PREFIX.length), value as TeamDashboard);
  }

  /** The team's dashboards: the files' (as `/api/layouts` serves them), with the published ones over them. */
  merge(fromFiles: TeamDashboard[]): TeamDashboard[] {
    const merged = fromFiles.map((d) => this.byId.get(d.id) ?? d);
    for (const [id, d] of this.byId) if (!fromFiles.some((f) => f.id === id)) merged.push(d);
    return merged;
  }

  /** `PUT|DELETE /api/team/layouts/<id>` (admins). True when it answered. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    person: Person,
    fromFiles: () => TeamDashboard[],
  ): Promise<boolean> {
    const match = /^\/api\/team\/layouts\/([^/]{1,200})$/.exec(path);
    if (!match || (req.method !== 'PUT' && req.method !== 'DELETE')) return false;
    if (!person.admin) {
      sendJson(res, 403, { error: `Only admins publish team dashboards; your roles: ${person.roles.join(', ')}.` });
      return true;
    }
    const id = safeDecode(match[1]!);
    if (req.method === 'DELETE') {
      await this.state.set(TEAM_WIDE, `${PREFIX}${id}`, undefined);
      this.onChange?.();
      this.byId.delete(id);
      sendJson(res, 200, { dashboards: this.merge(fromFiles()) });
      return true;
    }
    const parsed = await readBody(req, 512 * 1024);
    if (!parsed.ok) {
      sendJson(res, parsed.status, { error: parsed.message });
      return true;
    }
    const dashboard = (parsed.value as { dashboard?: unknown } | null)?.dashboard;
    const checked = validateLayoutFile({ version: 1, dashboards: [dashboard] });
    if (!checked.ok) {
      sendJson(res, 400, { error: `The dashboard is not valid: ${checked.problems.join('; ')}` });
      return true;
    }
    const published: TeamDashboard = {
      ...checked.layout.dashboards[0]!,
      id,
      file: `published by ${person.email ?? person.sub}`,
      published: true,
    };
    await this.state.set(TEAM_WIDE, `${PREFIX}${id}`, published);
    this.onChange?.();
    this.byId.set(id, published);
    sendJson(res, 200, { dashboards: this.merge(fromFiles()) });
    return true;
  }
}
