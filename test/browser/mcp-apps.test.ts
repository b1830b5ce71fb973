import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpAppFrame } from '../../src/shell/mcp-apps/mcp-app-frame.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { OUTER_SANDBOX } from '../../src/core/mcp-apps/sandbox-policy.js';
import { axeViolations } from '../support/axe.js';
import { deepQueryAll, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, confirmDialog, dialogOpen, openTab, selectTool } from '../support/dashboard.js';
import { PRESETS } from '../../theme/tokens.js';
import { clickInView, evalInView, waitInView } from '../support/views.js';
import { framesIn } from '../support/apps.js';
import { useDashboard } from '../support/setup.js';

/** Opens a tool's app from the server panel: Open app → confirm → the frame in the card. */
async function openApp(dashboard: McpDashboard, card: McpWidgetCard, toolTitle: string): Promise<McpAppFrame> {
  const runner = await selectTool(card, toolTitle);
  await (runner as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  const before = new Set(deepQueryAllFrames(card));
  const button = await waitFor(
    () => deepQueryText<HTMLButtonElement>('button.open-app', 'Open app', runner.shadowRoot!),
    5000,
    'the Open app button',
  );
  button.click();
  const text = await dialogOpen(dashboard);
  expect(text).to.contain('Requested by');
  answerDialog(dashboard, 'confirm');
  return waitFor(() => deepQueryAllFrames(card).find((f) => !before.has(f)), 10_000, 'the app frame in the card');
}

/** The card's app frames: an app opened from the panel stands beside it as its own tile. */
function deepQueryAllFrames(card: McpWidgetCard): McpAppFrame[] {
  return framesIn(card);
}

async function ready(frame: McpAppFrame): Promise<string> {
  await waitFor(() => frame.view?.state === 'ready' || frame.view?.state === 'error', 20_000, 'the view to start');
  expect(frame.view!.state, frame.view!.error ?? '').to.equal('ready');
  return frame.view!.id;
}

describe('MCP Apps: real ext-apps servers through the real gateway and sandbox origin', () => {
  const env = useDashboard({
    mcpServers: {
      'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] },
      'system-monitor': { command: 'mcp-system-monitor-server', args: ['--stdio'] },
    },
  });

  it('basic-vanillajs: Open app runs get-time after confirmation and the view shows its result, framed on the sandbox origin', async () => {
    const card = await env.card('basic-vanillajs');
    const frame = await openApp(env.dashboard, card, 'Get Time');
    const viewId = await ready(frame);
    const time = await waitInView<string>(
      viewId,
      `const t = document.querySelector('#server-time')?.textContent ?? ''; return /\\d{4}-\\d\\d-\\d\\dT/.test(t) ? t : '';`,
      15_000,
      'the server time',
    );
    expect(time).to.match(/^\d{4}-\d\d-\d\dT/);
    const iframe = frame.view!.frameElement!;
    expect(iframe.getAttribute('sandbox')).to.equal(OUTER_SANDBOX);
    const proxyUrl = new URL(iframe.src);
    expect(proxyUrl.origin).to.not.equal(location.origin);
    expect(proxyUrl.origin).to.not.equal(env.gateway.origin);
    expect(proxyUrl.hostname).to.not.equal(location.hostname);
    const inner = await evalInView<{ origin: string; sandbox: string | null; href: string }>(
      viewId,
      `return { origin: self.origin, href: location.href, sandbox: null };`,
    );
    // The view runs on its own origin, the proxy's: a *.localhost name on the sandbox port (per-app origins).
    expect(inner.origin).to.equal(proxyUrl.origin);
    expect(proxyUrl.hostname).to.match(/^app--[a-z2-7]{24}\.localhost$/);
    expect(inner.href).to.equal('about:srcdoc');
    const innerSandbox = await evalInView<string>(
      viewId,
      `return document.querySelector('iframe').getAttribute('sandbox');`,
      'proxy',
    );
    expect(innerSandbox).to.equal('allow-scripts allow-forms allow-same-origin');
  });

  it('basic-vanillajs: "Get Server Time" in the view calls get-time through the confirmation dialog, as the app', async () => {
    const card = await env.card('basic-vanillajs');
    const frame = deepQueryAllFrames(card)[0]!;
    const viewId = frame.view!.id;
    const calls: Array<{ toolName: string }> = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string }) => calls.push(d));
    const before = await evalInView<string>(viewId, `return document.querySelector('#server-time').textContent;`);
    await clickInView(viewId, '#get-time-btn');
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('basic-vanillajs:get-time');
    // The policy knows an app by its resource (stable across openings), and only on its own server.
    expect(text).to.contain(`the MCP App app:${frame.view!.resourceUri}`);
    answerDialog(env.dashboard, 'confirm');
    await waitInView(
      viewId,
      `return document.querySelector('#server-time').textContent !== ${JSON.stringify(before)};`,
      10_000,
      'a new time',
    );
    off();
    expect(calls.map((c) => c.toolName)).to.deep.equal(['get-time']);
  });

  it("basic-vanillajs: ui/message and notifications/message from the view appear in the card's Activity", async () => {
    const card = await env.card('basic-vanillajs');
    const viewId = deepQueryAllFrames(card)[0]!.view!.id;
    await clickInView(viewId, '#send-message-btn');
    await clickInView(viewId, '#send-log-btn');
    await openTab(card, 'Activity');
    await waitFor(
      () => deepText(card.shadowRoot!).includes('Message from the app: This is message text.'),
      5000,
      'the message in the activity',
    );
    await waitFor(() => deepText(card.shadowRoot!).includes('This is log text.'), 5000, 'the log in the activity');
  });

  it('basic-vanillajs: ui/open-link asks first; Open link opens a new tab without opener, Cancel opens nothing', async () => {
    const card = await env.card('basic-vanillajs');
    const viewId = deepQueryAllFrames(card)[0]!.view!.id;
    const opened: unknown[][] = [];
    const realOpen = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      await clickInView(viewId, '#open-link-btn');
      // The dialog is made when an app first asks to open a link (its own chunk).
      const dialog = await waitFor(
        () => {
          const found = env.dashboard.shadowRoot!.querySelector('mcp-link-dialog');
          return found?.shadowRoot?.querySelector('dialog')?.open ? found : undefined;
        },
        5000,
        'the link dialog',
      );
      const text = dialog.shadowRoot!.textContent!;
      expect(text).to.contain('modelcontextprotocol.io');
      expect(text).to.contain('Get Time App');
      await expect(dialog).to.be.accessible();
      (dialog.shadowRoot!.querySelector('[data-action="open"]') as HTMLButtonElement).click();
      await waitFor(() => opened.length === 1, 5000, 'window.open');
      expect(opened[0]).to.deep.equal(['https://modelcontextprotocol.io/', '_blank', 'noopener,noreferrer']);
      await clickInView(viewId, '#open-link-btn');
      await waitFor(() => dialog.shadowRoot!.querySelector('dialog')?.open, 5000, 'the link dialog again');
      (dialog.shadowRoot!.querySelector('[data-action="cancel"]') as HTMLButtonElement).click();
      await new Promise((r) => setTimeout(r, 300));
      expect(opened.length).to.equal(1);
    } finally {
      window.open = realOpen;
    }
  });

  it('basic-vanillajs: the theme reaches the view (host-context-changed) — style variables mapped from --mcp-* tokens', async () => {
    const card = await env.card('basic-vanillajs');
    const viewId = deepQueryAllFrames(card)[0]!.view!.id;
    const read = `const s = getComputedStyle(document.documentElement); return { theme: document.documentElement.dataset.theme ?? document.documentElement.style.colorScheme, bg: s.getPropertyValue('--color-background-primary').trim() };`;
    expect(await evalInView(viewId, read)).to.deep.equal({ theme: 'light', bg: PRESETS.light['--mcp-background'] });
    env.dashboard.services!.theme.setMode('dark');
    try {
      await waitInView(viewId, `return document.documentElement.dataset.theme === 'dark';`, 5000, 'the dark theme');
      expect(await evalInView(viewId, read)).to.deep.equal({ theme: 'dark', bg: PRESETS.dark['--mcp-background'] });
    } finally {
      env.dashboard.services!.theme.setMode('light');
    }
    await waitInView(
      viewId,
      `return document.documentElement.dataset.theme === 'light';`,
      5000,
      'the light theme again',
    );
  });

  it('passes axe-core with an app open in its card', async function () {
    // The dashboard, the card and the frame element (its title); not the app's own content inside the cross-origin
    // sandbox frame: axe cannot run there, and waiting on that frame is what made this test time out in loaded runs.
    this.timeout(60_000);
    const card = await env.card('basic-vanillajs', 10_000);
    expect(deepQueryAllFrames(card)).to.have.length(1);
    // The previous test switched the theme back to light; let its 150 ms colour transitions finish,
    // or axe measures a colour half way between dark and light.
    // (document.getAnimations() does not see into shadow roots, so ask every element.)
    // Only the transitions: an endless animation (a spinner) never finishes, nor does a paused one, and waiting
    // on those was what timed out; bounded all the same (a 150 ms transition is long over after 3 s).
    const running = deepQueryAll<HTMLElement>('*', env.dashboard.shadowRoot!)
      .flatMap((el) => el.getAnimations())
      .filter((a) => a instanceof CSSTransition);
    await Promise.race([
      Promise.all(running.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
    // Bounded, so that a slow run says which step it was in rather than hitting the test's limit.
    const violations = await Promise.race([
      axeViolations(env.dashboard, { iframes: false }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('axe took over 45 s')), 45_000)),
    ]);
    expect(violations, violations.join('\n')).to.deep.equal([]);
  });

  it('system-monitor: its app-only poll-system-stats works from the view (confirmed as the app) and is absent from the model/agent tool list', async () => {
    const card = await env.card('system-monitor');
    const names = env.dashboard.modelVisibleTools().map((t) => t.name);
    expect(names).to.include('system-monitor__get-system-info');
    expect(names).to.not.include('system-monitor__poll-system-stats');
    expect(names).to.include('basic-vanillajs__get-time');
    // poll-system-stats has no app view of its own and is not offered as one.
    const frame = await openApp(env.dashboard, card, 'Get System Info');
    const viewId = await ready(frame);
    // The view polls as soon as it has the result: the first poll meets the dialog, as the app.
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('system-monitor:poll-system-stats');
    expect(text).to.contain('the MCP App');
    answerDialog(env.dashboard, 'confirm');
    const percent = await waitInView<string>(
      viewId,
      `const t = document.querySelector('#memory-percent').textContent; return /^\\d+%$/.test(t) ? t : '';`,
      15_000,
      'memory usage',
    );
    expect(percent).to.match(/^\d+%$/);
    expect(
      await evalInView<string>(viewId, `return document.querySelector('#info-hostname').textContent;`),
    ).to.not.equal('--');
    // Stop polling in the view and answer whatever polls are still waiting. Each poll asks the person in a
    // modal dialog, and while one is open the view beneath cannot be clicked (as for a person): answer the open
    // one first, and try again if the next poll's dialog opened in between.
    const dialogUp = () => confirmDialog(env.dashboard).shadowRoot?.querySelector('dialog')?.open === true;
    for (let attempt = 1; ; attempt++) {
      if (dialogUp()) {
        answerDialog(env.dashboard, 'cancel');
        // Closed before the click: a click while it closes lands on its backdrop.
        // (The next poll may ask again at once: then the loop answers that one too.)
        await waitFor(() => !dialogUp(), 2000, 'the poll dialog to close').catch(() => {});
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
      try {
        await clickInView(viewId, '#poll-toggle-btn');
        break;
      } catch (error) {
        if (attempt === 8) throw error;
      }
    }
    for (let i = 0; i < 6; i++) {
      const open = confirmDialog(env.dashboard).shadowRoot?.querySelector('dialog')?.open;
      if (!open) break;
      answerDialog(env.dashboard, 'cancel');
      await new Promise((r) => setTimeout(r, 200));
    }
    await frame.view!.close();
  });
});
