// The axe walk of test/browser/a11y-policy-views*.test.ts: the invocation-policy views — MCPlet badges in the tool
// list and runner, the result check, the confirmation dialog with policy details (a remembered read, a strict
// passkey action), the passkey prompt, host notices and the audit panel — checked with axe-core (WCAG 2.1 A + AA).
import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { PromptCancelledError } from '../../src/shell/dialogs/passkey-prompt.js';
import { expectNoViolations } from './axe.js';
import {
  answerDialog,
  confirmDialog,
  dialogOpen,
  fillAndInvoke,
  readyCard,
  searchTools,
  selectTool,
} from './dashboard.js';
import { deepQueryText, deepText } from './dom.js';
import { waitFor } from './gateway.js';
import { passkeyPrompt, SERVER } from './mcplet.js';
import type { DashboardEnv } from './setup.js';

/** The MCPlet demo server. */
export { SERVER };
/** The config's servers: the MCPlet demo server alone. */
export const SERVERS = { [SERVER]: { command: 'node', args: ['examples/mcplet-demo-server/server.mjs'] } };

/** The dashboard section: the demo's pool, and passkeys verified by the demo server. */
export const POLICY = {
  pools: { 'notes-pool': { description: 'demo notes' } },
  passkeys: { enabled: true, verifiers: [SERVER] },
};

/** Shows the passkey prompt as the ceremony does, with a task that waits until cancelled. */
export function showPasskeyPrompt(dashboard: McpDashboard): { settled: Promise<unknown>; cancelled: () => boolean } {
  let aborted = false;
  const settled = passkeyPrompt(dashboard)
    .run(
      { serverName: SERVER, toolName: 'delete_note', promptMessage: 'Confirm deleting this note with your passkey' },
      () => new Promise<never>(() => {}),
      () => {
        aborted = true;
      },
    )
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  return { settled, cancelled: () => aborted };
}

async function toolRows(card: McpWidgetCard): Promise<void> {
  deepQueryText<HTMLButtonElement>('[role="tab"]', 'Tools', card.shadowRoot!)?.click();
  await searchTools(card.shadowRoot!, '');
  await waitFor(
    () => deepQueryText('button.tool-item', 'Delete a note', card.shadowRoot!),
    10_000,
    'the MCPlet tool rows',
  );
}

/** Walks the policy views and runs axe on each. */
export async function walk(dashboard: McpDashboard, label: string): Promise<void> {
  const card = await readyCard(dashboard, SERVER);
  expect(card.phase, card.error).to.equal('ready');
  await toolRows(card);
  await expectNoViolations(`${label}: tool list with MCPlet badges`);

  // A read tool: the dialog offers "Remember"; the result is checked against its schema.
  const read = await selectTool(card, 'Search notes');
  await fillAndInvoke(read, { query: 'plan' });
  const dialogText = await dialogOpen(dashboard);
  expect(
    confirmDialog(dashboard).shadowRoot!.querySelector('[data-action="remember"]'),
    'the read dialog offers Remember',
  ).to.exist;
  expect(dialogText).to.contain('C6');
  await expectNoViolations(`${label}: confirmation dialog with policy details (read)`);
  // "Remember my answer" open: scopes and durations.
  (confirmDialog(dashboard).shadowRoot!.querySelector('[data-action="remember"]') as HTMLInputElement).click();
  await confirmDialog(dashboard).updateComplete;
  expect(confirmDialog(dashboard).shadowRoot!.querySelector('[data-scope="server-reads"]'), 'the scopes are shown').to
    .exist;
  await expectNoViolations(`${label}: confirmation dialog with the remember scopes`);
  answerDialog(dashboard, 'confirm');
  await waitFor(() => deepText(read.shadowRoot!).includes('Matches its result schema'), 15_000, 'the result check');
  await expectNoViolations(`${label}: runner with MCPlet badges and the result check`);

  // A strict passkey action: the dialog says a passkey comes next.
  const remove = await selectTool(card, 'Delete a note');
  await fillAndInvoke(remove, { id: 'n2' });
  await dialogOpen(dashboard);
  expect(deepText(confirmDialog(dashboard).shadowRoot!))
    .to.contain('Continue with passkey')
    .and.contain('K1');
  await expectNoViolations(`${label}: confirmation dialog with policy details (passkey action)`);
  answerDialog(dashboard, 'cancel');

  // The passkey prompt while the browser waits for the authenticator.
  const prompt = showPasskeyPrompt(dashboard);
  await waitFor(() => passkeyPrompt(dashboard).shadowRoot?.querySelector('dialog')?.open, 5000, 'the passkey prompt');
  passkeyPrompt(dashboard).setPhase(passkeyPrompt(dashboard).t('passkey.phase.register'));
  await expectNoViolations(`${label}: passkey prompt`);
  (passkeyPrompt(dashboard).shadowRoot!.querySelector('[data-action="cancel-passkey"]') as HTMLButtonElement).click();
  expect(await prompt.settled).to.be.instanceOf(PromptCancelledError);

  // Host notices: a blocked widget operation and a widget's warning.
  dashboard.services!.bus.emit('mcp:host:violation', {
    serverName: SERVER,
    widgetId: `server-panel:${SERVER}`,
    operation: 'clipboard',
    message: 'Widget "server-panel:mcplet-demo" has no permission for "clipboard".',
  });
  dashboard.services!.bus.emit('mcp:host:notification', {
    widgetId: `server-panel:${SERVER}`,
    title: 'Sync',
    body: 'Two notes changed elsewhere.',
    level: 'warning',
  });
  await waitFor(
    () => dashboard.shadowRoot!.querySelector('mcp-host-notices')!.shadowRoot!.querySelectorAll('li').length >= 2,
    5000,
    'the notices',
  );
  await expectNoViolations(`${label}: host notices`);

  // The audit panel with what this walk recorded.
  const panel = (await dashboard.openAudit())!;
  await waitFor(() => panel.entries.length > 0, 5000, 'audit entries');
  await expectNoViolations(`${label}: audit panel`);
  (panel.shadowRoot!.querySelector('[data-action="close-audit"]') as HTMLButtonElement).click();

  // Saved calls: a call offered for saving, one saved call with a result.
  const saved = (await dashboard.savedCalls!.open({
    name: 'Search plan',
    serverName: SERVER,
    toolName: 'search_notes',
    args: { query: 'plan' },
  }))!;
  await saved.store!.importText(
    JSON.stringify({
      format: 'mcp-dashboard.saved-calls',
      version: 1,
      calls: [{ name: `Walk ${label}`, serverName: SERVER, toolName: 'search_notes', arguments: { query: 'pass' } }],
    }),
  );
  await saved.updateComplete;
  await expectNoViolations(`${label}: saved calls with a draft`);
  (saved.shadowRoot!.querySelector('[data-action="discard-draft"]') as HTMLButtonElement).click();
  (saved.shadowRoot!.querySelector('[data-action="close-saved"]') as HTMLButtonElement).click();
}

/** Puts the language back to English (the locale is kept with the dashboard's configuration). */
export const resetLocale = ({ dashboard }: DashboardEnv) => dashboard.services?.configuration.set('i18n.locale', 'en');
