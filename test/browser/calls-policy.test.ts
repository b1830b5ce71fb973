import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpAppFrame } from '../../src/shell/mcp-apps/mcp-app-frame.js';
import { deepQuery, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import {
  answerDialog,
  confirmDialog,
  dialogOpen,
  fillAndInvoke,
  selectTool,
  cancelOpenDialogs,
  dialogIsOpen,
} from '../support/dashboard.js';
import { framesIn } from '../support/apps.js';
import { evalInView, waitInView } from '../support/views.js';
import { createScratchDir, removeScratchDir } from '../support/scratch.js';
import { useDashboard } from '../support/setup.js';

// Annotation-aware policy end to end: real server-everything, server-filesystem and the
// cohort-heatmap MCP App server, through the real gateway, in real Chromium.

const dialogQuery = <T extends Element>(dashboard: McpDashboard, selector: string) =>
  confirmDialog(dashboard).shadowRoot!.querySelector(selector) as T | null;

async function runnerText(runner: HTMLElement, text: string, timeoutMs = 15_000): Promise<string> {
  return waitFor(
    () => (deepText(runner.shadowRoot!).includes(text) ? deepText(runner.shadowRoot!) : undefined),
    timeoutMs,
    `"${text}" in the tool runner`,
  );
}

/** Ticks "Remember my answer" and picks a scope (and duration) in the open dialog. */
async function rememberIn(dashboard: McpDashboard, scope: string, duration?: 'session' | 'persistent'): Promise<void> {
  dialogQuery<HTMLInputElement>(dashboard, '[data-action="remember"]')!.click();
  await confirmDialog(dashboard).updateComplete;
  dialogQuery<HTMLInputElement>(dashboard, `[data-scope="${scope}"]`)!.click();
  await confirmDialog(dashboard).updateComplete;
  if (duration) dialogQuery<HTMLInputElement>(dashboard, `[data-duration="${duration}"]`)!.click();
  await confirmDialog(dashboard).updateComplete;
}

describe('Calls that respect the user\u2019s time: annotation-aware policy end to end', () => {
  let scratch: string;
  const calls: Array<{ serverName: string; toolName: string; args: unknown }> = [];
  const results: string[] = [];
  let dialogsShown = 0;

  before(async () => {
    scratch = await createScratchDir();
  });
  const env = useDashboard({
    mcpServers: () => ({
      everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true },
      files: { command: 'mcp-server-filesystem', args: [scratch] },
      cohort: { command: 'mcp-cohort-heatmap-server', args: ['--stdio'] },
    }),
  });

  before(async () => {
    for (const name of ['everything', 'files', 'cohort']) expect((await env.card(name)).phase).to.equal('ready');
    env.dashboard.services!.bus.on('mcp:tool:calling', (d: { serverName: string; toolName: string; args: unknown }) =>
      calls.push(d),
    );
    env.dashboard.services!.bus.on('mcp:tool:result', (d: { toolName: string }) => results.push(d.toolName));
    // Count every dialog that opens (observed, not polled: a short one is not missed).
    const dialog = confirmDialog(env.dashboard).shadowRoot!.querySelector('dialog')!;
    new MutationObserver(() => {
      if (dialog.open) dialogsShown += 1;
    }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
  });

  after(() => removeScratchDir(scratch));

  afterEach(() => cancelOpenDialogs(env.dashboard));

  it('a read-only standard tool (echo, readOnlyHint: true) asks once, says what it declares, and runs 4 more times without a dialog once remembered', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'Echo Tool');
    const before = calls.length;
    const shownBefore = dialogsShown;
    await fillAndInvoke(runner, { message: 'one' });
    const text = (await dialogOpen(env.dashboard)).replace(/\s+/g, ' ');
    expect(text).to.contain('policy C11');
    expect(text).to.contain('Read-only: yes').and.contain('Destructive: no');
    expect(text).to.contain('claims the server everything makes');
    expect(text).to.not.contain('does not say');
    await rememberIn(env.dashboard, 'tool');
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, 'Echo: one');
    for (const word of ['two', 'three', 'four', 'five']) {
      await fillAndInvoke(runner, { message: word });
      await runnerText(runner, `Echo: ${word}`);
    }
    expect(dialogsShown - shownBefore, 'one dialog for five calls').to.equal(1);
    expect(calls.slice(before).map((c) => c.toolName)).to.deep.equal(['echo', 'echo', 'echo', 'echo', 'echo']);
    const consent = env.dashboard.services!.policy.consents.list().find((c) => c.toolName === 'echo')!;
    expect(consent).to.include({ scope: 'tool', duration: 'persistent', rule: 'C11' });
  });

  it('Forget in the audit log ends the consent: the next echo asks again', async () => {
    const panel = (await env.dashboard.openAudit())!;
    const item = await waitFor(
      () =>
        [...panel.shadowRoot!.querySelectorAll('li[data-consent-scope]')].find((li) =>
          li.textContent!.includes('everything:echo'),
        ),
      5000,
      'the consent in the audit log',
    );
    expect(item.textContent).to.contain('this tool').and.contain('until you forget it');
    (item.querySelector('[data-action="forget"]') as HTMLButtonElement).click();
    await waitFor(
      () => !env.dashboard.services!.policy.consents.list().some((c) => c.toolName === 'echo'),
      5000,
      'the consent to be forgotten',
    );
    (panel.shadowRoot!.querySelector('[data-action="close-audit"]') as HTMLButtonElement).click();
    const card = await env.card('everything');
    const runner = await selectTool(card, 'Echo Tool');
    await fillAndInvoke(runner, { message: 'again' });
    expect(await dialogOpen(env.dashboard)).to.contain('policy C11');
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, 'Echo: again');
  });

  it('"every read-only tool of this server" for this session covers the other read-only tools, and a changed tool asks again', async () => {
    const card = await env.card('everything');
    let runner = await selectTool(card, 'Print Environment Tool');
    await fillAndInvoke(runner, {});
    expect(await dialogOpen(env.dashboard)).to.contain('policy C11');
    await rememberIn(env.dashboard, 'server-reads', 'session');
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, 'Completed');
    const consent = env.dashboard.services!.policy.consents.list().find((c) => c.scope === 'server-reads')!;
    expect(consent.duration).to.equal('session');
    expect(Object.keys(consent.tools!)).to.include.members(['echo', 'get-env', 'get-structured-content']);
    // Another read-only tool: no dialog.
    const shownBefore = dialogsShown;
    runner = await selectTool(card, 'Echo Tool');
    await fillAndInvoke(runner, { message: 'covered' });
    await runnerText(runner, 'Echo: covered');
    expect(dialogsShown).to.equal(shownBefore);
    // The server's description of echo changes (as a re-listing would bring): the consent no longer holds.
    const echo = env.dashboard.services!.bridge.getServer('everything')!.info!.tools.find((t) => t.name === 'echo')!;
    const description = echo.description;
    echo.description = `${description} Now it also sends your message elsewhere.`;
    try {
      await fillAndInvoke(runner, { message: 'changed' });
      expect(await dialogOpen(env.dashboard)).to.contain('Now it also sends your message elsewhere');
      answerDialog(env.dashboard, 'cancel');
    } finally {
      echo.description = description;
    }
    // Not written to IndexedDB: a session consent is gone with the page.
    const stored = await (
      await import('idb')
    )
      .openDB(`${env.dashboard.dbName}-policy`)
      .then((db) => db.getAll('consents'));
    expect(stored.some((r: { scope?: string }) => r.scope === 'server-reads')).to.equal(false);
  });

  it('a tool the server declares not read-only (toggle-simulated-logging) asks every time and offers no "Remember"; the dialog says what it declares', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'Toggle Simulated Logging');
    for (let i = 0; i < 2; i += 1) {
      await fillAndInvoke(runner, {});
      const text = (await dialogOpen(env.dashboard)).replace(/\s+/g, ' ');
      expect(text).to.contain('policy C4').and.contain('readOnlyHint: false').and.contain('Read-only: no');
      expect(dialogQuery(env.dashboard, '[data-action="remember"]')).to.equal(null);
      answerDialog(env.dashboard, 'confirm');
      await runnerText(runner, 'Completed');
    }
  });

  it('destructive tools always ask: server-filesystem write_file (destructiveHint: true) asks on every call, never offers "Remember", and shows idempotent / open world', async () => {
    const card = await env.card('files');
    const runner = await selectTool(card, 'Write File');
    for (const n of [1, 2]) {
      await fillAndInvoke(runner, { path: `${scratch}/d${n}.txt`, content: `n${n}` });
      const text = (await dialogOpen(env.dashboard)).replace(/\s+/g, ' ');
      expect(text)
        .to.contain('policy C9')
        .and.contain('Destructive: yes')
        .and.contain('Idempotent: yes')
        .and.contain('Open world: no');
      expect(dialogQuery(env.dashboard, '[data-action="remember"]'), 'never remembered').to.equal(null);
      answerDialog(env.dashboard, 'confirm');
      await runnerText(runner, 'Successfully wrote');
    }
    // Even a consent planted in the store does not skip it.
    const tool = env.dashboard.services!.bridge.getServer('files')!.info!.tools.find((t) => t.name === 'write_file')!;
    const fingerprint = env.dashboard.services!.policy.catalog.classify(tool).fingerprint;
    await env.dashboard.services!.policy.consents.grant({
      serverName: 'files',
      toolName: 'write_file',
      caller: { surface: 'widget', id: 'server-panel:files' },
      fingerprint,
      rule: 'C11',
    });
    await fillAndInvoke(runner, { path: `${scratch}/d3.txt`, content: 'n3' });
    expect(await dialogOpen(env.dashboard)).to.contain('policy C9');
    answerDialog(env.dashboard, 'cancel');
  });

  it('MCP Apps: the cohort-heatmap view asks for its own data tool once ("while this view is open"), then changes the metric 4 times without a dialog; the consent ends with the view', async () => {
    const card = await env.card('cohort');
    const runner = await selectTool(card, 'Get Cohort Retention Data');
    const before = new Set(framesIn(card));
    deepQueryText<HTMLButtonElement>('button.open-app', 'Open app', runner.shadowRoot!)!.click();
    expect(await dialogOpen(env.dashboard)).to.contain('policy C4');
    answerDialog(env.dashboard, 'confirm');
    const frame: McpAppFrame = await waitFor(() => framesIn(card).find((f) => !before.has(f)), 10_000, 'the app frame');
    // The view fetches its data as it starts: one dialog, as the app, for its own tool.
    const text = (await dialogOpen(env.dashboard)).replace(/\s+/g, ' ');
    expect(text).to.contain('the MCP App').and.contain('policy C12');
    await rememberIn(env.dashboard, 'view');
    expect(dialogQuery(env.dashboard, '[data-duration]'), 'a view consent lasts as long as the view').to.equal(null);
    answerDialog(env.dashboard, 'confirm');
    await waitFor(() => frame.view?.state === 'ready', 20_000, 'the view to start');
    const viewId = frame.view!.id;
    const shownBefore = dialogsShown;
    const appCalls = () => calls.filter((c) => c.serverName === 'cohort' && c.toolName === 'get-cohort-data').length;
    // The view changes its metric once its first data has arrived (on a busy machine that can be after "ready").
    await waitFor(() => results.includes('get-cohort-data') || undefined, 20_000, 'the view\u2019s first data');
    // A person changes the metric once the view shows its data, not while its first fetch is still on the way:
    // the "Open app" call's result above can come before the view's own first answer.
    await waitInView(
      viewId,
      `return !!document.querySelector('select') && !document.body.textContent.includes('Loading...');`,
      30_000,
      'the view to show its first data',
    );
    for (const metric of ['revenue', 'active', 'retention', 'revenue']) {
      const n = calls.length;
      const fetched = () =>
        calls
          .slice(n)
          .some((c) => c.toolName === 'get-cohort-data' && (c.args as { metric?: string }).metric === metric);
      // The view is a React app: a change it gets while it is still mounting can be lost (its select goes back
      // to the old metric). Then the test picks the metric again, as a person would; a change the view kept
      // (its select shows the metric) must reach the host as a call.
      const started = Date.now();
      for (let attempt = 1; !fetched(); attempt += 1) {
        const kept = await evalInView<boolean>(
          viewId,
          `const s = document.querySelector('select'); Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(s, ${JSON.stringify(metric)}); s.dispatchEvent(new Event('change', { bubbles: true })); return true;`,
        );
        expect(kept).to.equal(true);
        await waitFor(fetched, 5000, `the view to fetch ${metric}`).catch(() => undefined);
        if (fetched()) break;
        const shown = await evalInView<string>(viewId, `return document.querySelector('select').value;`);
        if (shown !== metric && Date.now() - started < 30_000) continue; // the view dropped the change: pick again
        // The view kept the change: its call must come (30 s in all; under a full CI run's load 10 s was once too short).
        await waitFor(fetched, Math.max(1000, 30_000 - (Date.now() - started)), `the view to fetch ${metric}`).catch(
          (error: Error) => {
            throw new Error(
              `${error.message} after ${attempt} change(s); the view's select shows ${shown} (a confirmation dialog is ${dialogIsOpen(env.dashboard) ? 'open' : 'not open'}; ${dialogsShown - shownBefore} shown since the view started)`,
            );
          },
        );
      }
    }
    expect(appCalls()).to.be.at.least(4);
    expect(dialogsShown - shownBefore, 'no dialog for the view\u2019s own refreshes').to.equal(0);
    expect(
      env.dashboard.services!.policy.consents.list().some((c) => c.scope === 'view' && c.viewId === viewId),
    ).to.equal(true);
    await frame.view!.close();
    await waitFor(
      () => !env.dashboard.services!.policy.consents.list().some((c) => c.viewId === viewId),
      5000,
      'the view consent to end',
    );
    const revoked = await waitFor(
      async () =>
        (await env.dashboard.services!.policy.audit.list({ kind: 'consent-revoked' })).find(
          (e) => e.toolName === 'get-cohort-data',
        ),
      5000,
      'the audit entry',
    );
    expect(revoked.reason).to.contain('closed');
  }).timeout(150_000); // four view refreshes under a full run's load (the waits inside say what they wait for)

  it('a cancelled "Open app" opens nothing and the card says so', async () => {
    const card = await env.card('cohort');
    const runner = await selectTool(card, 'Get Cohort Retention Data');
    const views = env.dashboard.services!.apps.openViews().length;
    deepQueryText<HTMLButtonElement>('button.open-app', 'Open app', runner.shadowRoot!)!.click();
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'cancel');
    const panel = deepQuery('mcp-server-panel-widget', card.shadowRoot!)!;
    await waitFor(() => deepText(panel.shadowRoot!).includes('the app was not opened'), 5000, 'the note in the card');
    await new Promise((r) => setTimeout(r, 300));
    expect(dialogIsOpen(env.dashboard), 'not asked again').to.equal(false);
    expect(env.dashboard.services!.apps.openViews().length).to.equal(views);
  });
});
