// The axe walk of test/browser/a11y-views*.test.ts: every view a user meets — the dashboard with each tab of the
// built-in widget, a tool result, a resource preview, prompt messages, the activity table, an error card, the
// server log, the confirmation dialog and the Theme panel — checked with axe-core (WCAG 2.1 A + AA).
import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { expectNoViolations } from './axe.js';
import { openThroughWidget, viewReady } from './apps.js';
import { answerDialog, dialogOpen, fillAndInvoke, openTab, readyCard, selectTool } from './dashboard.js';
import { deepQuery, deepQueryText } from './dom.js';
import { DEFAULT_SERVERS, waitFor } from './gateway.js';

/** The default config's servers (shared, as it has them) and one that cannot start (an error card). */
export const SERVERS = {
  ...DEFAULT_SERVERS,
  broken: { command: 'mcp-dashboard-no-such-command-xyz' },
};

/** The server panel widget of a card. */
export async function widgetOf(card: McpWidgetCard): Promise<HTMLElement> {
  return waitFor(() => deepQuery('mcp-server-panel-widget', card.shadowRoot!), 10_000, 'the widget');
}

async function clickText(root: ShadowRoot, selector: string, text: string): Promise<void> {
  const el = await waitFor(() => deepQueryText<HTMLElement>(selector, text, root), 10_000, `${selector} "${text}"`);
  el.click();
}

/** Walks the views of a dashboard and runs axe on each. */
export async function walk(dashboard: McpDashboard, label: string): Promise<void> {
  const everything = await readyCard(dashboard, 'everything');
  const basic = await readyCard(dashboard, 'basic-vanillajs');
  const monitor = await readyCard(dashboard, 'system-monitor');
  const broken = await readyCard(dashboard, 'broken');
  expect(broken.phase).to.equal('error');
  const basicWidget = await widgetOf(basic);
  const everythingWidget = await widgetOf(everything);

  // View 1: a tool result, a resource preview, a server without prompts, the server log, an error card.
  const runner = await selectTool(everything, 'Echo');
  await fillAndInvoke(runner, { message: 'axe' });
  await dialogOpen(dashboard);
  await expectNoViolations(`${label}: confirmation dialog`);
  answerDialog(dashboard, 'confirm');
  await waitFor(() => deepQueryText('pre', 'Echo: axe', runner.shadowRoot!), 10_000, 'echo result');
  await openTab(basic, 'Resources');
  await clickText(basicWidget.shadowRoot!, 'ul.list button', 'ui://');
  await waitFor(
    () => deepQuery('mcp-result-view', basicWidget.shadowRoot!)?.shadowRoot?.querySelector('.box'),
    10_000,
    'resource preview',
  );
  await openTab(monitor, 'Prompts');
  (basic.shadowRoot!.querySelector('button[aria-expanded]') as HTMLButtonElement).click();
  await waitFor(() => basic.shadowRoot!.querySelector('pre.log'), 5000, 'server log');
  await expectNoViolations(`${label}: tool result, resource preview, empty prompts, server log, error card`);

  // View 2: prompt messages, the activity table, the overview.
  await openTab(everything, 'Prompts');
  await clickText(everythingWidget.shadowRoot!, 'ul.list button', 'Simple');
  const promptForm = await waitFor(
    () => deepQuery('mcp-argument-form', everythingWidget.shadowRoot!),
    5000,
    'prompt form',
  );
  (promptForm.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  await waitFor(() => deepQuery('mcp-result-view', everythingWidget.shadowRoot!), 10_000, 'prompt messages');
  await openTab(basic, 'Activity');
  await waitFor(() => deepQuery('table', basicWidget.shadowRoot!), 5000, 'activity table');
  await openTab(monitor, 'Overview');
  await expectNoViolations(`${label}: prompt messages, activity table, overview`);
  // The client-feature tabs: tasks and the server log with its controls.
  await openTab(everything, 'Tasks');
  await waitFor(
    () =>
      deepQuery('mcp-task-list', everythingWidget.shadowRoot!)?.shadowRoot?.querySelector(
        '[data-action="refresh-tasks"]',
      ),
    5000,
    'the Tasks tab',
  );
  const monitorWidget = await widgetOf(monitor);
  await openTab(monitor, 'Log');
  await waitFor(
    () => deepQuery('mcp-log-view', monitorWidget.shadowRoot!)?.shadowRoot?.querySelector('select'),
    5000,
    'the Log tab',
  );
  await expectNoViolations(`${label}: Tasks tab, Log tab (the Overview above showed the roots editor)`);

  // View 3: a form with inline errors (required field left empty), a tool list with a chosen tool.
  const again = await selectTool(everything, 'Echo');
  const form = await waitFor(() => deepQuery('mcp-schema-form', again.shadowRoot!), 5000, 'form');
  (form.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  await waitFor(() => form.shadowRoot!.querySelector('[aria-invalid="true"]'), 10_000, 'inline errors');
  await selectTool(monitor, 'System');
  await expectNoViolations(`${label}: inline form errors, tool lists`);

  // Each built-in widget type, chosen for the everything server through the card's View menu.
  for (const type of ['server-status', 'tool-browser', 'resource-explorer', 'activity-log', 'server-panel']) {
    await everything.chooseWidgetType(type);
    await waitFor(() => everything.phase === 'ready' && everything.currentType === type, 20_000, `the ${type} widget`);
    // The tool list is virtualised in its own scroll box: rows (with their buttons) exist only while the
    // box is on screen. Off screen axe sees an empty scrolling box with nothing to focus; a keyboard user
    // never meets that state (Tab to the search field scrolls the box into view and the rows render).
    const list = deepQuery('mcp-tool-list', everything.shadowRoot!);
    if (list) {
      list.scrollIntoView({ block: 'center' });
      await waitFor(
        () => list.shadowRoot?.querySelector('[role="listitem"] button'),
        10_000,
        `the ${type} widget's tool rows`,
      );
    }
    await expectNoViolations(`${label}: the ${type} widget`);
  }

  // The Widgets panel, and the dialogs servers and registries open: sampling, elicitation, consent.
  deepQueryText<HTMLButtonElement>('header button', 'Widgets', dashboard.shadowRoot!)!.click();
  await waitFor(
    () => deepQuery('mcp-widget-store', dashboard.shadowRoot!)?.shadowRoot?.querySelector('h2'),
    5000,
    'the Widgets panel',
  );
  await expectNoViolations(`${label}: Widgets panel`);
  deepQueryText<HTMLButtonElement>('header button', 'Widgets', dashboard.shadowRoot!)!.click();
  // The dashboard loads these dialogs on a server's first request; load them as it would.
  await Promise.all([
    import('../../src/shell/dialogs/sampling-dialog.js'),
    import('../../src/shell/dialogs/elicitation-dialog.js'),
  ]);
  const sampling = dashboard.shadowRoot!.querySelector('mcp-sampling-dialog')!;
  const reply = sampling
    .ask('everything', {
      messages: [{ role: 'user', content: { type: 'text', text: 'What is MCP?' } }],
      maxTokens: 100,
      systemPrompt: 'Be brief.',
    })
    .catch(() => undefined);
  await waitFor(() => sampling.shadowRoot?.querySelector('dialog')?.open, 5000, 'the sampling dialog');
  await expectNoViolations(`${label}: sampling dialog`);
  (sampling.shadowRoot!.querySelector('[data-action="decline"]') as HTMLButtonElement).click();
  await reply;
  const elicitation = dashboard.shadowRoot!.querySelector('mcp-elicitation-dialog')!;
  const answer = elicitation.ask('everything', {
    message: 'Tell us about you',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        age: { type: 'integer', minimum: 0 },
        color: { enum: ['red', 'green'] },
      },
      required: ['name'],
    },
  });
  await waitFor(() => elicitation.shadowRoot?.querySelector('dialog')?.open, 5000, 'the elicitation dialog');
  await expectNoViolations(`${label}: elicitation dialog`);
  (elicitation.shadowRoot!.querySelector('[data-action="decline"]') as HTMLButtonElement).click();
  await answer;
  const consent = dashboard.shadowRoot!.querySelector('mcp-consent-dialog')!;
  const consented = consent.open({
    kind: 'update',
    name: '@acme/echo-widget',
    displayName: 'Echo',
    version: '2.0.0',
    fromVersion: '1.4.0',
    trustLevel: 'community',
    signature: { state: 'unsigned' },
    permissions: [
      { id: 'mcp:invokeTool', label: '' },
      { id: 'network:api.example.com', label: '' },
    ],
    added: [{ id: 'network:api.example.com', label: '' }],
    dependencies: ['@acme/sparkline 1.0.0'],
    servers: [{ name: 'everything', checked: true }],
  });
  await waitFor(() => consent.shadowRoot?.querySelector('dialog')?.open, 5000, 'the consent dialog');
  await expectNoViolations(`${label}: consent dialog`);
  (consent.shadowRoot!.querySelector('[data-action="cancel"]') as HTMLButtonElement).click();
  await consented;

  // An MCP App open in its card (the frame's chrome), and the dialog an app's open-link request shows.
  if (!basic.shadowRoot!.querySelector('mcp-server-panel-widget')?.shadowRoot?.querySelector('mcp-app-frame')) {
    const { frame } = await openThroughWidget(dashboard, basic, 'basic-vanillajs', 'get-time');
    await viewReady(frame);
  }
  await expectNoViolations(`${label}: an open MCP App`);
  // The page makes this dialog when an app first asks to open a link (its own chunk): made here the same way.
  await import('../../src/shell/mcp-apps/open-link-dialog.js');
  const link = dashboard.shadowRoot!.querySelector('mcp-link-dialog') ?? document.createElement('mcp-link-dialog');
  if (!link.isConnected) dashboard.shadowRoot!.append(link);
  link.a11y = dashboard.services!.a11y;
  link.i18n = dashboard.services!.i18n;
  const linkAnswer = link.open({
    url: 'https://example.com/docs?from=app',
    host: 'example.com',
    serverName: 'basic-vanillajs',
    viewId: 'v1',
    appName: 'Get Time',
  });
  await waitFor(() => link.shadowRoot?.querySelector('dialog')?.open, 5000, 'the open-link dialog');
  await expectNoViolations(`${label}: open-link dialog`);
  (link.shadowRoot!.querySelector('[data-action="cancel"]') as HTMLButtonElement).click();
  await linkAnswer;

  // The dialog an app's file download opens (its own chunk, made here as the page makes it).
  await import('../../src/shell/mcp-apps/download/download-dialog.js');
  const download =
    dashboard.shadowRoot!.querySelector('mcp-download-dialog') ?? document.createElement('mcp-download-dialog');
  if (!download.isConnected) dashboard.shadowRoot!.append(download);
  download.a11y = dashboard.services!.a11y;
  download.i18n = dashboard.services!.i18n;
  const downloadAnswer = download.open({
    appName: 'Get Time',
    serverName: 'basic-vanillajs',
    files: [{ name: 'times.csv', mimeType: 'text/csv', size: 2048, text: 'x' }],
  });
  await waitFor(() => download.shadowRoot?.querySelector('dialog')?.open, 5000, 'the download dialog');
  await expectNoViolations(`${label}: download dialog`);
  (download.shadowRoot!.querySelector('[data-action="cancel"]') as HTMLButtonElement).click();
  await downloadAnswer;

  // The dialog a URL-mode elicitation opens.
  await import('../../src/shell/dialogs/url-elicitation-dialog.js');
  const urlDialog = dashboard.shadowRoot!.querySelector('mcp-url-elicitation-dialog')!;
  const urlAnswer = urlDialog.ask({
    serverName: 'everything',
    kind: 'request',
    url: 'https://example.com/consent?step=1',
    message: 'Approve the export',
    elicitationId: 'e1',
  });
  await waitFor(() => urlDialog.shadowRoot?.querySelector('dialog')?.open, 5000, 'the URL elicitation dialog');
  await expectNoViolations(`${label}: URL elicitation dialog`);
  (urlDialog.shadowRoot!.querySelector('[data-action="cancel"]') as HTMLButtonElement).click();
  await urlAnswer;
  // The Servers screen with a read config: the result table, ignored keys, an input it needs.
  const serversPanel = (await dashboard.openServers())!;
  await serversPanel.read(
    JSON.stringify({
      inputs: [{ id: 'token', description: 'API token' }],
      servers: {
        gh: { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${input:token}' } },
        notes: { command: 'npx', args: ['notes-mcp'], autoApprove: [] },
      },
    }),
    'mcp.json',
  );
  await expectNoViolations(`${label}: Servers screen`);
  (serversPanel.shadowRoot!.querySelector('[data-action="close-servers"]') as HTMLButtonElement).click();

  // View 4: the Theme panel (appearance settings, brand editor, previews, contrast list).
  await dashboard.openAppearance();
  await waitFor(() => dashboard.themePanel().open, 5000, 'theme panel');
  await expectNoViolations(`${label}: Theme panel`);
  dashboard.themePanel().close();
}
