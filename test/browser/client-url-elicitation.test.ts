import { expect } from '@open-wc/testing';
import { deepQuery, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, fillAndInvoke, selectTool } from '../support/dashboard.js';
import {
  dialogClosed,
  openDialog,
  recordEvents,
  setCheckbox,
  stubWindowOpen,
  textAppears,
  waitForTool,
} from '../support/client-features.js';
import { useDashboard } from '../support/setup.js';
import { docImage } from '../support/visual.js';

declare global {
  interface Window {
    __urlSentinel?: number;
    __xss?: number;
  }
}

// URL-mode elicitation (MCP 2025-11-25): the request path (elicitation/create, mode "url") and the error path
// (-32042), against the real server-everything and a hostile fixture server, through the real gateway.
describe('URL-mode elicitation', () => {
  let windowOpen: ReturnType<typeof stubWindowOpen>;
  const env = useDashboard({
    mcpServers: {
      everything: { command: 'mcp-server-everything', args: ['stdio'] },
      hostile: { command: 'node', args: ['test/fixtures/client-features-server.mjs'] },
    },
  });

  beforeEach(() => {
    windowOpen = stubWindowOpen();
    window.__urlSentinel = undefined;
  });

  afterEach(() => windowOpen.restore());

  async function invoke(
    server: string,
    tool: string,
    values: Record<string, string>,
    errorPath?: boolean,
  ): Promise<HTMLElement> {
    const card = await env.card(server);
    if (server === 'everything') await waitForTool(card, tool);
    const runner = await selectTool(card, tool);
    if (errorPath !== undefined)
      await setCheckbox(
        await waitFor(() => deepQuery('mcp-schema-form', runner.shadowRoot!), 5000, 'form'),
        'errorPath',
        errorPath,
      );
    await fillAndInvoke(runner, values);
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    return runner;
  }

  it('MCP-WP-11.1.1 request path: the dialog shows the server, its reason and the full URL; nothing opens before consent; Open link opens exactly that page', async () => {
    const runner = await invoke('everything', 'trigger-url-elicitation', {
      url: 'https://example.com/consent?step=1',
      message: 'Please approve the export',
    });
    const dialog = await openDialog(env.dashboard, 'mcp-url-elicitation-dialog');
    const text = deepText(dialog.shadowRoot!);
    expect(text).to.contain('everything');
    expect(text).to.contain('Please approve the export');
    expect(text).to.contain('https://example.com/consent?step=1');
    expect(text).to.contain('example.com');
    await expect(dialog).to.be.accessible();
    expect(windowOpen.opened).to.deep.equal([]);
    (dialog.shadowRoot!.querySelector('[data-action="open"]') as HTMLButtonElement).click();
    await dialogClosed(dialog);
    expect(windowOpen.opened).to.deep.equal([['https://example.com/consent?step=1', '_blank', 'noopener,noreferrer']]);
    await textAppears(runner.shadowRoot!, 'User completed the URL elicitation flow', 15_000, 'the server saw accept');
  });

  it('request path: Decline opens nothing and the server is told', async () => {
    const runner = await invoke('everything', 'trigger-url-elicitation', { url: 'https://example.com/decline-me' });
    const dialog = await openDialog(env.dashboard, 'mcp-url-elicitation-dialog');
    (dialog.shadowRoot!.querySelector('[data-action="decline"]') as HTMLButtonElement).click();
    await textAppears(runner.shadowRoot!, 'User declined to open the URL', 15_000, 'the server saw decline');
    expect(windowOpen.opened).to.deep.equal([]);
  });

  it('MCP-WP-6.2.5 error path: -32042 offers the prerequisite page; once opened and done, the same call is sent again once and completes', async () => {
    const seen = recordEvents(env.dashboard, 'mcp:*');
    try {
      const runner = await invoke(
        'everything',
        'trigger-url-elicitation',
        { url: 'https://example.com/after-sign-in' },
        true,
      );
      const dialog = await openDialog(env.dashboard, 'mcp-url-elicitation-dialog');
      expect(deepText(dialog.shadowRoot!)).to.contain('https://modelcontextprotocol.io');
      expect(deepText(dialog.shadowRoot!)).to.contain('needs a page opened first');
      expect(windowOpen.opened).to.deep.equal([]);
      (dialog.shadowRoot!.querySelector('[data-action="open"]') as HTMLButtonElement).click();
      await textAppears(dialog.shadowRoot!, 'Finish on the page, then retry', 5000, 'the second step');
      expect(windowOpen.opened).to.deep.equal([['https://modelcontextprotocol.io/', '_blank', 'noopener,noreferrer']]);
      (dialog.shadowRoot!.querySelector('[data-action="done"]') as HTMLButtonElement).click();
      // The retry takes the request path on the server: a second page, asked about in the same dialog.
      await textAppears(
        dialog.shadowRoot!,
        'https://example.com/after-sign-in',
        10_000,
        'the request-path page after the retry',
      );
      (dialog.shadowRoot!.querySelector('[data-action="open"]') as HTMLButtonElement).click();
      await textAppears(
        runner.shadowRoot!,
        'User completed the URL elicitation flow',
        15_000,
        'the retried call completed',
      );
      const calls = seen.events.filter(
        (e) => e.event === 'mcp:tool:calling' && e.data.toolName === 'trigger-url-elicitation',
      );
      expect(calls.length).to.equal(2);
      expect(seen.events.filter((e) => e.event === 'mcp:elicitation:url-retry').length).to.equal(1);
    } finally {
      seen.stop();
    }
  });

  it('error path: Cancel on the prerequisite sends nothing again and says why', async () => {
    const seen = recordEvents(env.dashboard, 'mcp:tool:calling');
    try {
      const runner = await invoke('everything', 'trigger-url-elicitation', { url: 'https://example.com/never' }, true);
      const dialog = await openDialog(env.dashboard, 'mcp-url-elicitation-dialog');
      (dialog.shadowRoot!.querySelector('[data-action="cancel"]') as HTMLButtonElement).click();
      await textAppears(runner.shadowRoot!, 'so the call was not sent again', 10_000, 'the refusal');
      expect(windowOpen.opened).to.deep.equal([]);
      expect(seen.events.length).to.equal(1);
    } finally {
      seen.stop();
    }
  });

  for (const url of [
    'javascript:window.__urlSentinel=1',
    'data:text/html,<script>window.__urlSentinel=1</script>',
    'file:///etc/passwd',
  ]) {
    it(`MCP-WP-11.1.1 a non-http(s) address is refused with a message and never opened: ${url.slice(0, 24)}`, async () => {
      const runner = await invoke('hostile', 'open-page', { url });
      const dialog = await openDialog(env.dashboard, 'mcp-url-elicitation-dialog');
      const text = deepText(dialog.shadowRoot!);
      expect(text).to.contain('not an http:// or https:// page');
      expect(text).to.contain(url);
      expect(text).to.contain('onerror='); // the server's reason, as text
      expect(dialog.shadowRoot!.querySelector('[data-action="open"]')).to.equal(null);
      (dialog.shadowRoot!.querySelector('[data-action="close"]') as HTMLButtonElement).click();
      await textAppears(runner.shadowRoot!, 'open-page answer: decline', 10_000, 'the server was told decline');
      expect(windowOpen.opened).to.deep.equal([]);
      expect(window.__urlSentinel).to.equal(undefined);
      expect(window.__xss).to.equal(undefined);
    });
  }

  it('an address with a user name and password (https://user:pw@host/) is refused with its reason; no Open button, nothing opens', async () => {
    const runner = await invoke('hostile', 'open-page', { url: 'https://user:pw@example.com/login' });
    const dialog = await openDialog(env.dashboard, 'mcp-url-elicitation-dialog');
    const text = deepText(dialog.shadowRoot!);
    expect(text).to.contain('Address refused');
    expect(text).to.contain('with a user name or password in it');
    expect(text).to.contain('https://user:pw@example.com/login');
    expect(dialog.shadowRoot!.querySelector('[data-action="open"]')).to.equal(null);
    await expect(dialog).to.be.accessible();
    (dialog.shadowRoot!.querySelector('[data-action="close"]') as HTMLButtonElement).click();
    await textAppears(runner.shadowRoot!, 'open-page answer: decline', 10_000, 'the server was told decline');
    expect(windowOpen.opened).to.deep.equal([]);
  });

  it('a look-alike host (https://\u0430pple.com/, Cyrillic "\u0430") is shown only as https://xn--pple-43d.com/, with a note, on every line', async () => {
    const lookalike = 'https://\u0430pple.com/';
    const runner = await invoke('hostile', 'open-page', { url: lookalike, message: `Sign in at ${lookalike} first` });
    const dialog = await openDialog(env.dashboard, 'mcp-url-elicitation-dialog');
    const root = dialog.shadowRoot!;
    const text = deepText(root);
    expect(text).not.to.contain('\u0430pple');
    expect(root.querySelector('.host')!.textContent!.trim()).to.equal('xn--pple-43d.com');
    expect(root.querySelector('.url')!.textContent!.trim()).to.equal('https://xn--pple-43d.com/');
    expect(root.querySelector('.reason')!.textContent!.trim()).to.equal('Sign in at https://xn--pple-43d.com/ first');
    expect(root.querySelector('.note')!.textContent).to.contain('mixes letters from different alphabets');
    expect(root.querySelector('.note')!.textContent).to.contain('shown in its ASCII form');
    await waitFor(
      () =>
        (document.querySelector('[data-mcp-announcer="assertive"]')?.textContent ?? '').includes('xn--pple-43d.com'),
      5000,
      'the announcement names the ASCII host',
    );
    await expect(dialog).to.be.accessible();
    await docImage(root.querySelector('dialog')!, 'url-lookalike-dialog');
    (root.querySelector('[data-action="open"]') as HTMLButtonElement).click();
    await dialogClosed(dialog);
    expect(windowOpen.opened).to.deep.equal([['https://xn--pple-43d.com/', '_blank', 'noopener,noreferrer']]);
    await textAppears(runner.shadowRoot!, 'open-page answer: accept', 10_000, 'the server was told accept');
  });

  it('an internationalised name in one alphabet gets the plain note, in the ASCII form', async () => {
    await invoke('hostile', 'open-page', { url: 'https://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/' });
    const dialog = await openDialog(env.dashboard, 'mcp-url-elicitation-dialog');
    const root = dialog.shadowRoot!;
    expect(root.querySelector('.url')!.textContent!.trim()).to.equal('https://xn--e1afmkfd.xn--p1ai/');
    expect(root.querySelector('.note')!.textContent).to.contain('uses non-Latin letters');
    (root.querySelector('[data-action="decline"]') as HTMLButtonElement).click();
    await dialogClosed(dialog);
  });

  it('a -32042 that names a javascript: page is refused: nothing opens, nothing is retried', async () => {
    const seen = recordEvents(env.dashboard, 'mcp:tool:calling');
    try {
      const runner = await invoke('hostile', 'needs-page', { url: 'javascript:window.__urlSentinel=1' });
      const dialog = await openDialog(env.dashboard, 'mcp-url-elicitation-dialog');
      expect(deepText(dialog.shadowRoot!)).to.contain('Sign in first <img');
      (dialog.shadowRoot!.querySelector('[data-action="close"]') as HTMLButtonElement).click();
      await textAppears(runner.shadowRoot!, 'You declined, so the call was not sent again', 10_000, 'the refusal');
      expect(windowOpen.opened).to.deep.equal([]);
      expect(window.__urlSentinel).to.equal(undefined);
      expect(window.__xss).to.equal(undefined);
      expect(seen.events.length).to.equal(1);
    } finally {
      seen.stop();
    }
  });
});
