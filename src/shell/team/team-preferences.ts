import type { RemotePreferences } from '../../core/services/configuration.js';

/** The preference that holds a person's saved calls in team mode (a saved-calls file's text; results stay in each browser). */
export const TEAM_SAVED_CALLS_KEY = 'team.savedCalls';

/**
 * Team mode: the person's preferences and layouts on the gateway (`/api/team/preferences`), so a second browser
 * shows them. `fetchWith` is the page's gateway fetch (it adds the token and renews an ended session).
 */
export function teamPreferences(
  fetchWith: () => (input: string, init?: RequestInit) => Promise<Response>,
): RemotePreferences {
  return {
    async load() {
      const response = await fetchWith()('/api/team/preferences', { cache: 'no-store' });
      if (!response.ok) throw new Error(`your saved preferences could not be read (HTTP ${response.status})`);
      return ((await response.json()) as { values: Record<string, unknown> }).values;
    },
    async save(key, value) {
      const response = await fetchWith()(`/api/team/preferences/${encodeURIComponent(key)}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(value === undefined ? {} : { value }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        throw new Error(body.error ?? `HTTP ${response.status}`);
      }
    },
  };
}
