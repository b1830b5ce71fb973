import { expect } from '@open-wc/testing';
import type { LogEntry } from '../../src/core/shared/types.js';
import { deepQuery, deepQueryAll, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, fillAndInvoke, selectTool } from '../support/dashboard.js';
import { captureDownloads, showTab, textAppears, waitForTool } from '../support/client-features.js';
import { useDashboard } from '../support/setup.js';

declare global {
  interface Window {
    __xss?: number;
  }
}

// Roots (the Roots editor in Overview → roots/list) and logging (logging/setLevel, the Log tab) against the
// real server-everything and a hostile fixture server, through the real gateway.
describe('roots and server logs', () => {
  const dbName = `client-roots-logging-${Date.now()}`;
  const env = useDashboard({
    mcpServers: {
      everything: { command: 'mcp-server-everything', args: ['stdio'] },
      hostile: { command: 'node', args: ['test/fixtures/client-features-server.mjs'] },
    },
    dbName,
  });

  /** Runs a tool with no arguments through the confirmation dialog; returns the runner once its result shows `expected`. */
  async function run(server: string, tool: string, expected: string): Promise<string> {
    const card = await env.card(server);
    if (server === 'everything') await waitForTool(card, tool);
    const runner = await selectTool(card, tool);
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    return textAppears(runner.shadowRoot!, expected, 15_000, `${tool} to answer with ${expected}`);
  }

  async function rootsEditor(server: string): Promise<HTMLElement> {
    const card = await env.card(server);
    const panel = await showTab(card, 'Overview');
    return waitFor(() => deepQuery('mcp-roots-editor', panel), 5000, 'the roots editor');
  }

  async function addRoot(editor: HTMLElement, folder: string, name = ''): Promise<void> {
    const root = editor.shadowRoot!;
    (root.querySelector('[name="folder"]') as HTMLInputElement).value = folder;
    (root.querySelector('[name="root-name"]') as HTMLInputElement).value = name;
    (root.querySelector('[data-action="add-root"]') as HTMLButtonElement).click();
  }

  it('a root added in the Roots editor reaches the server: get-roots-list returns it; it is persisted and survives a reload', async () => {
    expect(await run('everything', 'get-roots-list', 'no roots are currently configured')).to.contain('supports roots');
    const editor = await rootsEditor('everything');
    await addRoot(editor, '/tmp/my project#1', 'Project');
    await textAppears(editor.shadowRoot!, 'everything was told the roots changed', 5000, 'the saved note');
    expect(deepText(editor.shadowRoot!)).to.contain('file:///tmp/my%20project%231');
    const listed = await run('everything', 'get-roots-list', 'file:///tmp/my%20project%231');
    expect(listed).to.contain('Project');
    // A reload: the roots come back from IndexedDB and the new session is given them.
    await env.mount({ dbName });
    expect(await run('everything', 'get-roots-list', 'file:///tmp/my%20project%231')).to.contain('Project');
  });

  it('removing the root tells the server; a relative path or a web address is refused with a message', async () => {
    const editor = await rootsEditor('everything');
    await textAppears(editor.shadowRoot!, 'file:///tmp/my%20project%231', 5000, 'the persisted root');
    await addRoot(editor, 'notes/today');
    await textAppears(editor.shadowRoot!, 'full path', 5000, 'the relative-path problem');
    await addRoot(editor, 'https://example.com/folder');
    await textAppears(editor.shadowRoot!, 'Only folders on this computer', 5000, 'the scheme problem');
    (editor.shadowRoot!.querySelector('[data-action="remove-root"]') as HTMLButtonElement).click();
    await textAppears(editor.shadowRoot!, 'No roots', 5000, 'the empty list');
    await expect(editor).to.be.accessible();
    await run('everything', 'get-roots-list', 'no roots are currently configured');
  });

  it('log level change → the server sends only messages at that level and above; the Log view filters, searches and exports them as text', async () => {
    const card = await env.card('hostile');
    const panel = await showTab(card, 'Log');
    const view = await waitFor(() => deepQuery('mcp-log-view', panel), 5000, 'the log view');
    const level = view.shadowRoot!.querySelector('[data-control="server-level"]') as HTMLSelectElement;
    level.value = 'error';
    level.dispatchEvent(new Event('change'));
    await textAppears(view.shadowRoot!, 'now sends messages at Error and above', 5000, 'the level confirmation');
    expect(env.dashboard.services!.bridge.features.logs.level('hostile')).to.equal('error');
    await run('hostile', 'log-hostile', 'logged');
    const log = (): LogEntry[] => env.dashboard.services!.bridge.features.logs.list('hostile');
    await waitFor(() => log().length >= 3, 5000, 'the log messages');
    // Sent at debug, info, warning, error, critical and error (object): the server dropped the first three.
    expect(log().map((e) => e.level)).to.deep.equal(['error', 'critical', 'error']);
    const shown = await showTab(card, 'Log');
    const again = await waitFor(() => deepQuery('mcp-log-view', shown), 5000, 'the log view again');
    const items = () => deepQueryAll('li', again.shadowRoot!);
    await waitFor(() => items().length === 3, 5000, 'three entries');
    // Every message that arrived is kept, so the view says nothing about older ones.
    expect(again.shadowRoot!.querySelector('[data-role="log-dropped"]')).to.equal(null);
    expect(deepText(again.shadowRoot!)).to.contain('error message <img src=x onerror=');
    expect(again.shadowRoot!.querySelector('img, script, b')).to.equal(null);
    expect(window.__xss).to.equal(undefined);
    // Show only Critical and above; then search.
    const minimum = again.shadowRoot!.querySelector('[data-control="minimum"]') as HTMLSelectElement;
    minimum.value = 'critical';
    minimum.dispatchEvent(new Event('change'));
    await waitFor(() => items().length === 1, 5000, 'only the critical entry');
    minimum.value = 'debug';
    minimum.dispatchEvent(new Event('change'));
    const search = again.shadowRoot!.querySelector('[data-control="search"]') as HTMLInputElement;
    search.value = 'nested';
    search.dispatchEvent(new Event('input'));
    await waitFor(() => items().length === 1, 5000, 'the search match');
    const [file] = await captureDownloads(() =>
      (again.shadowRoot!.querySelector('[data-action="export-log"]') as HTMLButtonElement).click(),
    );
    const exported = JSON.parse(file!.text) as { server: string; entries: Array<{ level: string; data: unknown }> };
    expect(file!.name).to.match(/^hostile-log-.*\.json$/);
    expect(exported.server).to.equal('hostile');
    expect(exported.entries).to.have.length(1);
    expect(JSON.stringify(exported.entries[0]!.data)).to.contain('<b>bold?</b>');
    await expect(again).to.be.accessible();
  });

  it('toggle-simulated-logging on server-everything: at level debug its messages appear live; after setting emergency, only emergency messages may arrive', async () => {
    const card = await env.card('everything');
    const panel = await showTab(card, 'Log');
    const view = await waitFor(() => deepQuery('mcp-log-view', panel), 5000, 'the log view');
    const level = view.shadowRoot!.querySelector('[data-control="server-level"]') as HTMLSelectElement;
    level.value = 'debug';
    level.dispatchEvent(new Event('change'));
    await textAppears(view.shadowRoot!, 'Debug and above', 5000, 'the debug level');
    const before = env.dashboard.services!.bridge.features.logs.list('everything').length;
    await run('everything', 'toggle-simulated-logging', 'Started simulated');
    // The server sends one message at once (a random level), then one every 5 s.
    const first = await waitFor(
      () =>
        env.dashboard
          .services!.bridge.features.logs.list('everything')
          .slice(before)
          .find((e) => /-level message|level-message/.test(String(e.data))),
      5000,
      'a simulated message',
    );
    const panel2 = await showTab(card, 'Log');
    const view2 = await waitFor(() => deepQuery('mcp-log-view', panel2), 5000, 'the log view again');
    await textAppears(view2.shadowRoot!, String(first.data), 5000, 'the message in the Log view');
    const sel = view2.shadowRoot!.querySelector('[data-control="server-level"]') as HTMLSelectElement;
    sel.value = 'emergency';
    sel.dispatchEvent(new Event('change'));
    await textAppears(view2.shadowRoot!, 'Emergency and above', 5000, 'the emergency level');
    const after = env.dashboard.services!.bridge.features.logs.list('everything').length;
    await run('everything', 'toggle-simulated-logging', 'Stopped simulated');
    await run('everything', 'toggle-simulated-logging', 'Started simulated');
    await new Promise((r) => setTimeout(r, 1500));
    const later = env.dashboard
      .services!.bridge.features.logs.list('everything')
      .slice(after)
      .filter((e) => /-level message|level-message/.test(String(e.data)));
    expect(later.every((e) => e.level === 'emergency')).to.equal(true);
    await run('everything', 'toggle-simulated-logging', 'Stopped simulated');
  });
});
