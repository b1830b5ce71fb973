import type { Configuration, RemotePreferences } from '../../core/services/configuration.js';
import type { ConsentStore } from '../../core/policy/consent-store.js';

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

/** The preference that holds a person's remembered answers (persistent consents) in team mode. */
export const TEAM_CONSENTS_KEY = 'team.consents';

/**
 * Team mode: the person's remembered answers follow them. The gateway's copy replaces this browser's persistent
 * consents at start; each change is saved back. (The gateway still decides every call by the person's roles: a
 * remembered answer only spares the person a dialog.)
 */
export async function followConsents(configuration: Configuration, consents: ConsentStore): Promise<void> {
  const remote = configuration.get<unknown>(TEAM_CONSENTS_KEY);
  if (remote !== undefined) await consents.syncFrom(remote).catch(() => {});
  let last = JSON.stringify(consents.persistent());
  consents.onChange(() => {
    const now = JSON.stringify(consents.persistent());
    if (now === last) return;
    last = now;
    void configuration.set(TEAM_CONSENTS_KEY, consents.persistent()).catch(() => {});
  });
}
