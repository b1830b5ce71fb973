// Drives the Widgets panel of a real <mcp-dashboard> like a user: search, pick, install, consent.
import { executeServerCommand } from '@web/test-runner-commands';
import { executeLongCommand } from './long-command.js';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetStore } from '../../src/shell/registry/widget-store.js';
import type { McpConsentDialog } from '../../src/shell/registry/consent-dialog.js';
import { waitFor } from './gateway.js';

/** A registry started for a test file. */
export interface TestRegistry {
  id: string;
  url: string;
  flakyUrl?: string;
  cases: string[];
  publisher: string;
  publicKey: string;
}

/** Builds a registry folder with `packs` (and the tampering cases) and serves it with `mcpwp serve`. */
export async function startRegistry(options: {
  packs: string[];
  tampered?: boolean;
  flaky?: boolean;
}): Promise<TestRegistry> {
  return executeLongCommand<TestRegistry, typeof options>('registry-start', options);
}

/** Stops a registry. */
export async function stopRegistry(registry: TestRegistry | undefined): Promise<void> {
  if (registry) await executeServerCommand('registry-stop', { id: registry.id });
}

/** Publishes a packed example version into a running registry. */
export async function publishToRegistry(registry: TestRegistry, pack: string): Promise<void> {
  await executeServerCommand('registry-publish', { id: registry.id, pack });
}

/** Removes a version from a running registry (simulates a registry rolled back by an attacker). */
export async function unpublishFromRegistry(registry: TestRegistry, name: string, version: string): Promise<void> {
  await executeServerCommand('registry-unpublish', { id: registry.id, name, version });
}

/** Opens the Widgets panel and waits for the registry host. */
export async function openStore(dashboard: McpDashboard): Promise<McpWidgetStore> {
  await waitFor(() => dashboard.registryHost?.client, 20_000, 'the registry host');
  if (!dashboard.storeOpen) dashboard.storeOpen = true;
  await dashboard.updateComplete;
  const store = dashboard.shadowRoot!.querySelector('mcp-widget-store')!;
  await store.updateComplete;
  return store;
}

/** The consent dialog. */
export function consentDialog(dashboard: McpDashboard): McpConsentDialog {
  return dashboard.shadowRoot!.querySelector('mcp-consent-dialog')!;
}

/** Waits for the consent dialog; returns its text. */
export async function consentOpen(dashboard: McpDashboard): Promise<string> {
  const dialog = consentDialog(dashboard);
  await waitFor(() => dialog.shadowRoot?.querySelector('dialog')?.open, 10_000, 'the consent dialog');
  return dialog.shadowRoot!.textContent ?? '';
}

/** Answers the consent dialog, optionally choosing servers first. */
export async function answerConsent(dashboard: McpDashboard, ok: boolean, servers?: string[]): Promise<void> {
  const root = consentDialog(dashboard).shadowRoot!;
  if (servers)
    for (const box of root.querySelectorAll<HTMLInputElement>('input[name="server"]'))
      box.checked = servers.includes(box.value);
  (root.querySelector(`[data-action="${ok ? 'confirm' : 'cancel'}"]`) as HTMLButtonElement).click();
}

/** Searches and selects a package; resolves when its check finished. Returns the check error, if any. */
export async function selectPackage(
  store: McpWidgetStore,
  name: string,
  version?: string,
): Promise<string | undefined> {
  const root = store.shadowRoot!;
  const input = root.querySelector<HTMLInputElement>('input[name="q"]')!;
  input.value = name;
  root.querySelector<HTMLFormElement>('form[role="search"]')!.requestSubmit();
  const hit = await waitFor(
    () =>
      [...root.querySelectorAll<HTMLButtonElement>('button.hit')].find(
        (b) =>
          store.results?.some((h) => h.name === name) &&
          b.textContent!.includes(store.results!.find((h) => h.name === name)!.displayName ?? name),
      ),
    10_000,
    `search hit ${name}`,
  );
  hit.click();
  await waitFor(() => store.selected?.hit.name === name && !store.selected.loading, 10_000, `the check of ${name}`);
  if (version && store.selected!.version !== version) {
    const select = root.querySelector<HTMLSelectElement>('select[aria-label="Version"]')!;
    select.value = version;
    select.dispatchEvent(new Event('change'));
    await waitFor(
      () => store.selected?.version === version && !store.selected.loading,
      10_000,
      `the check of ${name} ${version}`,
    );
  }
  await store.updateComplete;
  return store.selected!.error;
}

/** Clicks Install on the selected package. */
export function clickInstall(store: McpWidgetStore): void {
  const button = [...store.shadowRoot!.querySelectorAll<HTMLButtonElement>('.details button')].find(
    (b) => b.textContent!.trim() === 'Install',
  );
  if (!button) throw new Error('no Install button');
  button.click();
}

/** Waits for the outcome of the panel's last action: the success text or the failure text. */
export async function outcome(store: McpWidgetStore): Promise<{ ok: boolean; text: string }> {
  await waitFor(() => !store.busy && (store.message || store.failure), 30_000, 'the outcome');
  await store.updateComplete;
  return store.failure ? { ok: false, text: store.failure } : { ok: true, text: store.message! };
}

/**
 * A user's whole install attempt: search, select, read the check; if it passed, Install and consent.
 * Returns the message the user ends up reading.
 */
export async function attemptInstall(
  dashboard: McpDashboard,
  store: McpWidgetStore,
  name: string,
  options: { version?: string; servers?: string[] } = {},
): Promise<{ ok: boolean; text: string; stage: 'check' | 'install' }> {
  store.message = undefined;
  store.failure = undefined;
  const error = await selectPackage(store, name, options.version);
  if (error) return { ok: false, text: error, stage: 'check' };
  clickInstall(store);
  const consented = await Promise.race([consentOpen(dashboard).then(() => true), outcome(store).then(() => false)]);
  if (consented) await answerConsent(dashboard, true, options.servers);
  return { ...(await outcome(store)), stage: 'install' };
}
