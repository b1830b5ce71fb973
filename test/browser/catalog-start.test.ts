import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { Configuration } from '../../src/core/services/configuration.js';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { deepQuery, deepQueryText, deepText } from '../support/dom.js';
import { waitFor, type TestGateway } from '../support/gateway.js';
import {
  answerDialog,
  confirmDialog,
  dialogOpen,
  fillAndInvoke,
  freshDbName,
  searchTools,
  selectTool,
} from '../support/dashboard.js';
import { centre } from '../support/layout.js';
import { useDashboard } from '../support/setup.js';

// A card shows what the gateway itself discovered on its server (GET /api/catalog) before this
// page's own session is open. The fixture answers the gateway's discovery at once, holds the page's
// `initialize` (slow) or refuses it (refused), and lists one tool more to the page than to the gateway.
const FIXTURE = 'test/fixtures/catalog-server.mjs';

function cardOf(dashboard: McpDashboard, name: string): McpWidgetCard | undefined {
  return [...dashboard.shadowRoot!.querySelectorAll('mcp-widget-card')].find((c) => c.server?.name === name);
}

/** Waits until the gateway has discovered `names` itself (its catalog says "ready"), before any page exists. */
async function catalogReady(gateway: TestGateway, ...names: string[]): Promise<void> {
  await waitFor(
    async () => {
      const response = await fetch(`${gateway.origin}/api/catalog`, {
        headers: { Authorization: `Bearer ${gateway.token}` },
      });
      const { servers } = (await response.json()) as { servers: Record<string, { state: string }> };
      return names.every((name) => servers[name]?.state === 'ready');
    },
    20_000,
    'the gateway catalog',
  );
}

const toolButton = (card: McpWidgetCard, name: string) =>
  deepQueryText<HTMLButtonElement>('button.tool-item', name, card.shadowRoot!);

describe('start-up from the gateway catalog', () => {
  const env = useDashboard({
    mcpServers: {
      slow: { command: 'node', args: [FIXTURE], env: { CATALOG_SLOW_INIT_MS: '4000' } },
      refused: { command: 'node', args: [FIXTURE], env: { CATALOG_FAIL_PAGE: '1' } },
    },
    mount: 'none',
  });

  before(async () => {
    // The gateway discovers both servers itself before any page exists.
    await catalogReady(env.gateway, 'slow', 'refused');
    await env.mount();
  });

  it('shows the server’s tools at once while the page’s session opens; a call waits for the session, then the page’s own lists replace the catalog’s', async () => {
    const card = await waitFor(
      () => (cardOf(env.dashboard, 'slow')?.phase === 'ready' ? cardOf(env.dashboard, 'slow') : undefined),
      10_000,
      'the slow card',
    );
    // The page's initialize is held for 4 s: what the card shows now came from the catalog.
    expect(card.connecting, 'the page session is still opening').to.equal(true);
    const header = card.shadowRoot!.querySelector('header')!;
    expect(header.textContent).to.match(/1 tool, 0 resources, 0 prompts/);
    expect(header.querySelector('.status-loading'), 'the header says the session is not open yet').to.not.equal(null);
    // The panel does not claim a connection it does not have yet, and the card shows no connection error meanwhile.
    expect(deepText(card))
      .to.contain('opening (shown from what the dashboard already knew)')
      .and.not.contain('Connection: disconnected');
    const tab = await waitFor(
      () => deepQueryText<HTMLButtonElement>('[role="tab"]', 'Tools', card.shadowRoot!),
      5000,
      'the Tools tab',
    );
    tab.click();
    await waitFor(() => toolButton(card, 'shared-tool'), 5000, 'shared-tool in the list');
    expect(toolButton(card, 'page-only'), 'the catalog does not have the page-only tool').to.equal(undefined);

    // A call made now is decided and sent once the session is open (the policy needs the session's own discovery).
    const runner = await selectTool(card, 'shared-tool');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    expect(card.connecting, 'the dialog only opens once the session is open').to.equal(false);
    answerDialog(env.dashboard, 'confirm');
    await waitFor(() => /shared-tool answered at/.test(deepText(card)) || undefined, 10_000, 'the result');

    // The session's own discovery lists one more tool: the widget shows it without a reload.
    await waitFor(
      () =>
        /2 tools, 0 resources, 0 prompts/.test(card.shadowRoot!.querySelector('header')!.textContent ?? '') ||
        undefined,
      5000,
      'the header counting the page session’s tools',
    );
    expect(card.shadowRoot!.querySelector('header .status-loading'), 'the header left "Loading"').to.equal(null);
    await searchTools(card.shadowRoot!, 'page-only');
    await waitFor(() => toolButton(card, 'page-only'), 5000, 'page-only in the tool list');
    expect(confirmDialog(env.dashboard).shadowRoot!.querySelector('dialog')?.open).to.not.equal(true);
  });

  it('a server the page cannot reach: the catalog’s lists are withdrawn and the card says why', async () => {
    const card = await env.card('refused', 30_000);
    expect(card.phase).to.equal('error');
    const alert = card.shadowRoot!.querySelector('[role="alert"]');
    expect(alert ? deepText(alert) : '').to.match(/could not connect|Could not connect|exited|closed/i);
    expect(
      deepQuery('button.tool-item', card.shadowRoot!) ?? null,
      'no tool from the catalog is left on the card',
    ).to.equal(null);
    const services = (
      env.dashboard as unknown as { services: { bridge: { getServer(n: string): { info?: unknown } | undefined } } }
    ).services;
    expect(services.bridge.getServer('refused')?.info, 'the bridge no longer offers the catalog’s lists').to.equal(
      undefined,
    );
  });
});

describe('background code waits for the first sessions, unless the person asks for it', () => {
  const env = useDashboard({
    mcpServers: { slow: { command: 'node', args: [FIXTURE], env: { CATALOG_SLOW_INIT_MS: '12000' } } },
    mount: 'none',
  });

  before(async () => {
    await catalogReady(env.gateway, 'slow');
    await env.mount();
  });

  it('the registry code is not loaded while the session opens; opening the Widgets panel loads it at once', async () => {
    const card = await waitFor(
      () => (cardOf(env.dashboard, 'slow')?.phase === 'ready' ? cardOf(env.dashboard, 'slow') : undefined),
      10_000,
      'the slow card',
    );
    expect(
      card.connecting,
      'the page session is still opening (initialize held 12 s; background code waits at most 10 s)',
    ).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(env.dashboard.registryHost, 'no registry code while the first session opens').to.equal(undefined);
    const button = deepQueryText<HTMLButtonElement>('button', 'Widgets', env.dashboard.shadowRoot!)!;
    button.click();
    const store = await waitFor(
      () => env.dashboard.shadowRoot!.querySelector('mcp-widget-store'),
      5000,
      'the Widgets panel',
    );
    // The panel leaves "Loading widget settings…" for the gateway's widget settings while the session is still opening.
    await waitFor(
      () => deepText(store).includes('No widgets installed from a registry yet.'),
      5000,
      'the Widgets panel’s settings',
    );
    expect(deepText(store)).to.not.contain('Loading widget settings');
    expect(card.connecting, 'the session is still opening: the panel did not wait for it').to.equal(true);
  });
});

describe('the page’s first turn goes to the person: sessions open after the first click, or when a call needs one', () => {
  const env = useDashboard({ mcpServers: { quick: { command: 'node', args: [FIXTURE] } }, mount: 'test' });

  before(async () => {
    await catalogReady(env.gateway, 'quick');
    performance.setResourceTimingBufferSize(10_000);
  });

  /** A dashboard whose sessions wait a minute for an interaction (`mcp.sessionWaitMs`): only a click or a call opens one within a test. */
  async function mountWaiting(): Promise<McpWidgetCard> {
    const dbName = freshDbName();
    const configuration = new Configuration({ dbName });
    await configuration.load();
    await configuration.set('mcp.sessionWaitMs', 60_000);
    performance.clearResourceTimings();
    const el = await env.mount({ dbName });
    return waitFor(
      () => (cardOf(el, 'quick')?.phase === 'ready' ? cardOf(el, 'quick') : undefined),
      10_000,
      'the card drawn from the catalog',
    );
  }

  /** Requests this page sent to the server's MCP endpoint (its session). */
  const sessionRequests = () =>
    performance.getEntriesByType('resource').filter((e) => e.name.startsWith(`${env.gateway.origin}/mcp/quick`)).length;

  it('no session request before the person’s first click; the click is answered, then the session opens', async () => {
    const card = await mountWaiting();
    const tab = await waitFor(
      () => deepQueryText<HTMLButtonElement>('[role="tab"]', 'Tools', card.shadowRoot!),
      5000,
      'the Tools tab',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sessionRequests(), 'nothing sent to the server’s MCP endpoint yet').to.equal(0);
    expect(card.connecting, 'the card shows the catalog, its session not open').to.equal(true);
    expect(card.shadowRoot!.querySelector('header')!.textContent).to.match(/1 tool, 0 resources, 0 prompts/);

    tab.scrollIntoView({ block: 'center' });
    await sendMouse({ type: 'click', position: centre(tab) });
    await waitFor(() => toolButton(card, 'shared-tool'), 5000, 'the Tools tab’s list after the click');
    await waitFor(() => !card.connecting || undefined, 10_000, 'the session opening after the click');
    expect(sessionRequests(), 'the session’s requests went out after the click').to.be.greaterThan(0);
    await waitFor(
      () =>
        /2 tools, 0 resources, 0 prompts/.test(card.shadowRoot!.querySelector('header')!.textContent ?? '') ||
        undefined,
      5000,
      'the session’s own lists',
    );
  });

  it('a call made before any interaction opens its server’s session at once instead of waiting for the turn', async () => {
    const card = await mountWaiting();
    expect(card.connecting).to.equal(true);
    // Programmatic clicks and input (no pointer or key released): the page's turn is not over, the call alone asks for the session.
    const runner = await selectTool(card, 'shared-tool');
    expect(sessionRequests(), 'no session before the call').to.equal(0);
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard!);
    expect(card.connecting, 'the session opened for the call (the wait was a minute)').to.equal(false);
    answerDialog(env.dashboard!, 'confirm');
    await waitFor(() => /shared-tool answered at/.test(deepText(card)) || undefined, 10_000, 'the result');
  });
});
