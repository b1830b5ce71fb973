import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { PRESETS } from '../../theme/tokens.js';
import { deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, confirmDialog, dialogOpen, cancelOpenDialogs } from '../support/dashboard.js';
import {
  cancelOpenThroughWidget,
  framesIn,
  openThroughWidget,
  panelOf,
  viewReady,
  viewReport,
} from '../support/apps.js';
import { evalInView } from '../support/views.js';
import { useDashboard } from '../support/setup.js';

type Received = { method: string; afterInitialized: boolean; params: any };
type ProbeReport = { initResult: any; received: Received[] };

const hasResult = (r: ProbeReport) =>
  r.received?.some(
    (m) => m.method === 'ui/notifications/tool-result' || m.method === 'ui/notifications/tool-cancelled',
  );

describe('MCP Apps protocol, host side (a probe view records everything the host sends)', () => {
  const appEvents: Array<{ event: string; data: any }> = [];

  const env = useDashboard({
    mcpServers: { hostile: { command: 'node', args: ['test/fixtures/hostile-app-server.mjs'] } },
    ready: ['hostile'],
  });

  before(async () => {
    env.dashboard.services!.bus.on('mcp:app:*', (data, meta) => appEvents.push({ event: meta.event, data }));
  });

  // A test that fails with a confirmation still open would otherwise fail every test after it.
  afterEach(() => cancelOpenDialogs(env.dashboard));

  it('MCP Apps lifecycle: nothing reaches the view before "initialized"; then tool-input, then tool-result; the initialize result carries the full hostContext', async () => {
    const card = await env.card('hostile');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'probe', { label: 'first' });
    // The probe holds "initialized" back for 1.5 s; a theme change in that window must wait.
    await waitFor(() => frame.view?.phase === 'Starting the app', 10_000, 'the sandbox to be ready');
    env.dashboard.services!.theme.setMode('dark');
    try {
      await viewReady(frame);
      const report = await viewReport<ProbeReport>(handle, hasResult);
      const before = report.received.filter((m) => !m.afterInitialized);
      expect(before.map((m) => m.method)).to.deep.equal(['response']);
      const after = report.received.filter((m) => m.afterInitialized).map((m) => m.method);
      const input = after.indexOf('ui/notifications/tool-input');
      const result = after.indexOf('ui/notifications/tool-result');
      expect(input).to.be.greaterThan(-1);
      expect(result).to.be.greaterThan(input);
      expect(after.filter((m) => m === 'ui/notifications/tool-input')).to.have.length(1);
      expect(report.received.find((m) => m.method === 'ui/notifications/tool-input')!.params).to.deep.equal({
        arguments: { label: 'first' },
      });
      expect(
        report.received.find((m) => m.method === 'ui/notifications/tool-result')!.params.structuredContent,
      ).to.deep.equal({ tool: 'probe', args: { label: 'first' } });
      // The theme change made while the view was starting arrives after "initialized".
      const themeChange = report.received.find(
        (m) => m.method === 'ui/notifications/host-context-changed' && m.params.theme,
      );
      expect(themeChange?.afterInitialized).to.equal(true);
      expect(themeChange!.params.theme).to.equal('dark');
      expect(themeChange!.params.styles.variables['--color-background-primary']).to.equal(
        PRESETS.dark['--mcp-background'],
      );

      const ctx = report.initResult.hostContext;
      expect(ctx.theme).to.equal('light');
      expect(ctx.styles.variables['--color-background-primary']).to.equal(PRESETS.light['--mcp-background']);
      expect(ctx.styles.variables['--color-text-primary']).to.equal(PRESETS.light['--mcp-text-primary']);
      expect(ctx.styles.variables['--font-sans']).to.equal(PRESETS.light['--mcp-font-family']);
      expect(ctx.displayMode).to.equal('inline');
      expect(ctx.availableDisplayModes).to.deep.equal(['inline', 'fullscreen', 'pip']);
      expect(ctx.containerDimensions.maxHeight).to.equal(640);
      expect(ctx.containerDimensions.width).to.be.greaterThan(100);
      expect(ctx.locale).to.equal(navigator.language);
      expect(ctx.timeZone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(ctx.platform).to.equal('web');
      expect(ctx.toolInfo.tool.name).to.equal('probe');
      const caps = report.initResult.hostCapabilities;
      expect(caps).to.include.keys(
        'openLinks',
        'serverTools',
        'serverResources',
        'logging',
        'updateModelContext',
        'message',
        'sandbox',
      );
      expect(report.initResult.protocolVersion).to.equal('2026-01-26');
      expect(await evalInView<string>(handle.id, `return document.getElementById('theme').textContent;`)).to.equal(
        'dark',
      );
    } finally {
      env.dashboard.services!.theme.setMode('light');
    }
    await handle.close();
  });

  it('MCP Apps display modes: full screen is an overlay of the same iframe (never re-parented, the document survives); Escape returns it inline; undeclared modes are not offered', async () => {
    const card = await env.card('hostile');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'probe');
    const viewId = await viewReady(frame);
    await viewReport<ProbeReport>(handle, hasResult);
    const iframe = frame.view!.frameElement!;
    const win = iframe.contentWindow;
    await evalInView(viewId, `window.__marker = 42; return true;`);
    // The probe declared inline and full screen only.
    const buttons = [...frame.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[data-mode]')].map(
      (b) => b.dataset.mode,
    );
    expect(buttons).to.deep.equal(['inline', 'fullscreen']);
    frame.shadowRoot!.querySelector<HTMLButtonElement>('button[data-mode="fullscreen"]')!.click();
    await waitFor(() => frame.getAttribute('mode') === 'fullscreen', 5000, 'full screen');
    expect(getComputedStyle(frame).position).to.equal('fixed');
    const report = await viewReport<ProbeReport>(handle, (r) =>
      r.received.some((m) => m.params?.displayMode === 'fullscreen'),
    );
    const change = report.received.filter((m) => m.params?.displayMode === 'fullscreen').pop()!;
    expect(change.params.containerDimensions.width).to.be.greaterThan(0);
    expect(change.params.containerDimensions.height).to.be.greaterThan(0);
    expect(frame.view!.frameElement).to.equal(iframe);
    expect(iframe.contentWindow).to.equal(win);
    expect(await evalInView<number>(viewId, `return window.__marker;`)).to.equal(42);
    // Focus moved to the frame's controls; Escape there returns the view inline.
    await waitFor(() => frame.matches(':focus-within'), 5000, 'focus on the frame controls');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => frame.getAttribute('mode') === 'inline', 5000, 'inline again');
    expect(getComputedStyle(frame).position).to.equal('static');
    expect(await evalInView<number>(viewId, `return window.__marker;`)).to.equal(42);
    await handle.close();
  });

  it('MCPlet-11.2 a tool declaring _meta.ui.displayMode "pip" opens as a floating panel', async () => {
    const card = await env.card('hostile');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'silent');
    await viewReady(frame);
    expect(frame.getAttribute('mode')).to.equal('pip');
    expect(getComputedStyle(frame).position).to.equal('fixed');
    expect(handle.displayMode).to.equal('pip');
  });

  it('MCP Apps teardown: a view that never answers ui/resource-teardown is removed after the bounded wait', async () => {
    const card = await env.card('hostile');
    const frame = framesIn(card).find((f) => f.view?.toolName === 'silent')!;
    const view = frame.view!;
    const started = performance.now();
    await view.close();
    const took = performance.now() - started;
    expect(took).to.be.greaterThan(2500);
    expect(took).to.be.lessThan(6000);
    expect(frame.isConnected).to.equal(false);
    expect(view.frameElement!.isConnected).to.equal(false);
    expect(appEvents.some((e) => e.event === 'mcp:app:closed' && e.data.viewId === view.id)).to.equal(true);
  });

  it('MCP Apps teardown: Close app sends ui/resource-teardown, the view answers, then it is removed', async () => {
    const card = await env.card('hostile');
    const { frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'probe');
    const viewId = await viewReady(frame);
    frame.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action="close"]')!.click();
    await waitFor(() => !frame.isConnected, 5000, 'the frame to go');
    const log = appEvents.findIndex(
      (e) => e.event === 'mcp:app:log' && e.data.viewId === viewId && e.data.data === 'probe: teardown received',
    );
    const closed = appEvents.findIndex((e) => e.event === 'mcp:app:closed' && e.data.viewId === viewId);
    expect(log).to.be.greaterThan(-1);
    expect(closed).to.be.greaterThan(log);
    // The app's log line is in the card's activity.
    const panel = panelOf(card);
    deepQueryText<HTMLButtonElement>('[role="tab"]', 'Activity', panel.shadowRoot!)!.click();
    await waitFor(
      () => deepText(panel.shadowRoot!).includes('probe: teardown received'),
      5000,
      'the log line in the activity',
    );
  });

  it('a cancelled "Open app" opens nothing: no view, no frame, nothing sent; open() says the app was not opened', async () => {
    const card = await env.card('hostile');
    const calls: string[] = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string }) => calls.push(d.toolName));
    const viewsBefore = env.dashboard.services!.apps.openViews().length;
    const eventsBefore = appEvents.length;
    const error = await cancelOpenThroughWidget(env.dashboard, card, 'hostile', 'probe');
    expect(error.jsonrpcCode).to.equal(-32800);
    expect(error.message).to.contain('the app was not opened');
    // Give a stray view every chance to appear.
    await new Promise((r) => setTimeout(r, 300));
    expect(env.dashboard.services!.apps.openViews().length).to.equal(viewsBefore);
    expect(framesIn(card).filter((f) => f.view?.toolName === 'probe' && f.view.state !== 'closed')).to.deep.equal([]);
    expect(
      appEvents.slice(eventsBefore).map((e) => e.event),
      'no app was opened or closed',
    ).to.not.include.members(['mcp:app:opened', 'mcp:app:closed']);
    expect(calls, 'nothing was sent to the server').to.deep.equal([]);
    off();
  });

  it('the title bar counts the app\u2019s tool calls that are really waiting: one while the dialog is open, none once it is cancelled', async () => {
    const card = await env.card('hostile');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'probe');
    const viewId = await viewReady(frame);
    const status = () => frame.shadowRoot!.querySelector('[role="status"]')?.textContent ?? '';
    await evalInView(
      viewId,
      `mcp.request('tools/call', { name: 'app-echo', arguments: { text: 'count me' } }, 60000).catch(() => {}); return true;`,
    );
    await dialogOpen(env.dashboard);
    await waitFor(() => status().includes('1 tool call waiting'), 5000, 'the title bar to count the waiting call');
    answerDialog(env.dashboard, 'cancel');
    await waitFor(() => !status().includes('waiting'), 5000, `the count to go away (title bar: ${status()})`);
    expect(frame.view!.pendingCalls).to.equal(0);
    expect(status()).to.contain('Ready');
    await handle.close();
  });

  it('a burst of app calls is one dialog with a list: "Confirm all" sends each of them once; a later call asks again', async () => {
    const card = await env.card('hostile');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'probe');
    const viewId = await viewReady(frame);
    const dialogEl = confirmDialog(env.dashboard).shadowRoot!.querySelector('dialog')!;
    let opened = 0;
    const observer = new MutationObserver(() => {
      if (dialogEl.open) opened += 1;
    });
    observer.observe(dialogEl, { attributes: true, attributeFilter: ['open'] });
    const calls: string[] = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string; args: { text?: string } }) =>
      calls.push(d.args.text ?? ''),
    );
    await evalInView(
      viewId,
      `window.__burst = []; for (const text of ['one', 'two', 'three']) mcp.request('tools/call', { name: 'app-echo', arguments: { text } }, 60000)
      .then((r) => window.__burst.push(r.structuredContent?.echoed), (e) => window.__burst.push('error: ' + e.message));
      return true;`,
    );
    await dialogOpen(env.dashboard);
    await waitFor(
      () => confirmDialog(env.dashboard).shadowRoot!.querySelectorAll('[data-batch-item]').length === 3,
      5000,
      'all three calls in the one dialog',
    );
    expect(deepText(confirmDialog(env.dashboard).shadowRoot!)).to.contain('3 tool calls from the MCP App');
    (confirmDialog(env.dashboard).shadowRoot!.querySelector('[data-action="confirm"]') as HTMLButtonElement).click();
    const echoed = await waitFor(
      async () => {
        const got = await evalInView<unknown[]>(viewId, 'return window.__burst;');
        return got.length === 3 ? got : undefined;
      },
      10_000,
      'three results in the view',
    );
    expect([...echoed].sort()).to.deep.equal(['one', 'three', 'two']);
    expect(calls.sort()).to.deep.equal(['one', 'three', 'two']);
    expect(opened, 'one dialog for the burst').to.equal(1);
    // Nothing was remembered: the next call asks again.
    await evalInView(
      viewId,
      `mcp.request('tools/call', { name: 'app-echo', arguments: { text: 'four' } }, 60000).catch(() => {}); return true;`,
    );
    await dialogOpen(env.dashboard);
    expect(opened).to.equal(2);
    answerDialog(env.dashboard, 'cancel');
    // Closed only once the answer has reached the call (else it would count as withdrawn).
    await waitFor(() => frame.view!.pendingCalls === 0, 5000, 'the cancelled call to finish');
    observer.disconnect();
    off();
    await handle.close();
  });

  it('MCP Apps teardown: tool calls of a view still waiting for confirmation are withdrawn when it closes; nothing is sent', async () => {
    const card = await env.card('hostile');
    const { frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'probe');
    const viewId = await viewReady(frame);
    const calls: string[] = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string }) => calls.push(d.toolName));
    // The view asks for two calls: the first opens the dialog, the second waits behind it.
    await evalInView(
      viewId,
      `for (const text of ['first', 'second']) mcp.request('tools/call', { name: 'app-echo', arguments: { text } }, 60000)
      .then((r) => { (window.__stale ??= []).push('result: ' + JSON.stringify(r)); }, (e) => { (window.__stale ??= []).push('error: ' + e.message); });
      return true;`,
    );
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('hostile:app-echo');
    // The dialog can open before the host has taken the second request off the frame's channel.
    await waitFor(() => frame.view!.pendingCalls === 2, 5000, 'both calls waiting');
    await frame.view!.close();
    const dialog = confirmDialog(env.dashboard).shadowRoot!.querySelector('dialog')!;
    await waitFor(() => !dialog.open, 5000, 'the open question to be withdrawn');
    // The queued one is never shown: the dialog stays closed.
    await new Promise((r) => setTimeout(r, 300));
    expect(dialog.open, 'the queued question is not asked').to.equal(false);
    const audited = await waitFor(
      async () => {
        const entries = (await env.dashboard.services!.policy.audit.list({ kind: 'tool-call' })).filter(
          (e) => e.toolName === 'app-echo' && e.outcome?.startsWith('withdrawn'),
        );
        return entries.length === 2 ? entries : undefined;
      },
      5000,
      'both withdrawn calls in the audit log',
    );
    expect(audited.every((e) => e.surface === 'app')).to.equal(true);
    expect(calls, 'nothing was sent to the server').to.deep.equal([]);
    off();
    // The dashboard still asks for the next call as usual.
    await cancelOpenThroughWidget(env.dashboard, card, 'hostile', 'probe');
  });

  it('a tool whose ui:// resource does not exist gets a clear error in its frame; the card keeps working', async () => {
    const card = await env.card('hostile');
    const { frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'missing-view');
    await waitFor(() => frame.view?.state === 'error', 10_000, 'the error');
    expect(deepText(frame.shadowRoot!)).to.contain('Could not load the app');
    expect(frame.view!.frameElement).to.equal(undefined);
    await frame.view!.close();
    expect(card.phase).to.equal('ready');
  });

  it('MCP-WP-10.2.2 a widget that is destroyed (Reconnect) has its views torn down first', async () => {
    const card = await env.card('hostile');
    const { frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'probe');
    const viewId = await viewReady(frame);
    deepQueryText<HTMLButtonElement>('button', 'Reconnect', card.shadowRoot!)!.click();
    await waitFor(
      () => appEvents.some((e) => e.event === 'mcp:app:closed' && e.data.viewId === viewId),
      10_000,
      'the view to close',
    );
    expect(
      appEvents.some(
        (e) => e.event === 'mcp:app:log' && e.data.viewId === viewId && e.data.data === 'probe: teardown received',
      ),
    ).to.equal(true);
    expect(appEvents.find((e) => e.event === 'mcp:app:closed' && e.data.viewId === viewId)!.data.reason).to.contain(
      'widget',
    );
    await waitFor(() => card.phase === 'ready', 20_000, 'the card to come back');
  });
});
