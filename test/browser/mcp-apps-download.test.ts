import { expect } from '@open-wc/testing';
import { waitFor } from '../support/gateway.js';
import { openThroughWidget, viewReady, viewReport } from '../support/apps.js';
import { evalInView } from '../support/views.js';
import { useDashboard } from '../support/setup.js';
import type { McpAppFrame } from '../../src/shell/mcp-apps/mcp-app-frame.js';

// ui/download-file (MCP Apps 2026-01-26) from a real view in its sandbox, through the real gateway: the host checks
// what the view hands over, asks the person in a dialog (name, type, size), and saves it under the safe name with
// the browser's own download. A view abusing it — a path in the name, a program, a link — gets nothing saved.

type Answer = { ok?: { isError?: boolean }; error?: string };

describe('MCP Apps: an app saves a file only through the download dialog, under a safe name', () => {
  const saved: Array<{ name: string; type: string; text: string }> = [];
  const realClick = HTMLAnchorElement.prototype.click;
  let frame: McpAppFrame;
  let viewId: string;

  const env = useDashboard({
    mcpServers: { hostile: { command: 'node', args: ['test/fixtures/hostile-app-server.mjs'] } },
    ready: ['hostile'],
  });

  before(async () => {
    // The browser's download is a click on a link to a blob: recorded (with the blob's bytes) instead of saved.
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (!this.download || !this.href.startsWith('blob:')) return realClick.call(this);
      const { download, href } = this;
      void fetch(href)
        .then((r) => r.blob())
        .then(async (blob) => saved.push({ name: download, type: blob.type, text: await blob.text() }));
    };
    const card = await env.card('hostile');
    const opened = await openThroughWidget(env.dashboard, card, 'hostile', 'downloader');
    frame = opened.frame;
    viewId = await viewReady(frame);
    await viewReport(opened.handle, (r) => r.started === true);
  });
  after(() => {
    HTMLAnchorElement.prototype.click = realClick;
  });

  const dialog = () => env.dashboard.shadowRoot!.querySelector('mcp-download-dialog');
  const dialogOpen = () =>
    waitFor(
      () => {
        const d = dialog();
        return d?.shadowRoot?.querySelector('dialog')?.open ? d : undefined;
      },
      10_000,
      'the download dialog',
    );
  const ask = (contents: unknown) => evalInView(viewId, `return window.download(${JSON.stringify(contents)});`);
  // (A command that answers null is taken for an unknown one: "still waiting" is an object.)
  const answer = () =>
    waitFor(
      async () => {
        const r = await evalInView<Answer & { pending?: true }>(
          viewId,
          'return window.downloaded ?? { pending: true };',
        );
        return r.pending ? undefined : r;
      },
      10_000,
      "the view's answer",
    );
  const notes = () => frame.view!.notes.map((n) => n.text);

  it('asks with the name, type and size; Save saves the bytes under that name and the app is told it worked', async () => {
    await ask([
      { type: 'resource', resource: { uri: 'file:///reports/q3.csv', mimeType: 'text/csv', text: 'a,b\n1,2\n' } },
    ]);
    const box = await dialogOpen();
    const rows = [...box.shadowRoot!.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()),
    );
    expect(rows).to.deep.equal([['q3.csv', 'text/csv', '8 B']]);
    expect(box.shadowRoot!.textContent).to.contain('Downloader (server hostile) asks to save this');
    box.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    expect((await answer()).ok?.isError).to.not.equal(true);
    await waitFor(() => saved.length === 1, 5000, 'the saved file');
    expect(saved).to.deep.equal([{ name: 'q3.csv', type: 'text/csv', text: 'a,b\n1,2\n' }]);
    expect(notes()).to.include('Saved "q3.csv"');
  });

  it('a name with a path is asked about and saved only as its last part; Cancel saves nothing and tells the app', async () => {
    const before = saved.length;
    await ask([{ type: 'resource', resource: { uri: 'file:///x/..%2F..%2F.bashrc', text: 'export EVIL=1' } }]);
    const box = await dialogOpen();
    expect(box.shadowRoot!.querySelector('td.name')!.textContent!.trim()).to.equal('bashrc');
    box.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="cancel"]')!.click();
    expect((await answer()).ok?.isError).to.equal(true);
    expect(notes()).to.include('You declined to save "bashrc"');
    await new Promise((r) => setTimeout(r, 300));
    expect(saved.length, 'nothing saved').to.equal(before);
  });

  for (const [what, contents, reason] of [
    [
      'a program',
      [{ type: 'resource', resource: { uri: 'ui://x/setup.exe', mimeType: 'application/octet-stream', blob: 'TVqQ' } }],
      'a program or installer',
    ],
    [
      'a link',
      [{ type: 'resource_link', uri: 'https://evil.example/payload.pdf', name: 'payload.pdf' }],
      'by its address',
    ],
    [
      'too many files',
      Array.from({ length: 11 }, (_, i) => ({ type: 'resource', resource: { uri: `ui://x/${i}.txt`, text: 'x' } })),
      'at most 10',
    ],
  ] as const) {
    it(`${what}: refused with a note on the tile, no dialog, nothing saved`, async () => {
      const before = saved.length;
      await ask(contents);
      expect((await answer()).ok?.isError).to.equal(true);
      expect(
        notes().some((n) => n.startsWith('Refused to save:') && n.includes(reason)),
        notes().join('\n'),
      ).to.equal(true);
      expect(dialog()?.shadowRoot?.querySelector('dialog')?.open ?? false, 'no dialog').to.equal(false);
      expect(saved.length, 'nothing saved').to.equal(before);
    });
  }
});
