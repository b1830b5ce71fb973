// Per-app origins (docs/decisions/mcp-apps-per-app-origins.md): every view runs on an origin of its own on the
// sandbox port, with storage of its own that no other view, the page or the gateway shares.
import { expect } from '@open-wc/testing';
import { deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { openThroughWidget, viewReady, viewReport } from '../support/apps.js';
import { evalInView } from '../support/views.js';
import { useDashboard } from '../support/setup.js';

type StorageReport = {
  role: string;
  origin: string;
  localBefore: string | null;
  idbBefore: string | null;
  ownStorage: boolean;
  wrote?: boolean;
  idbAfter: string | null;
  error?: string;
};

describe('MCP Apps per-app origins: each view has an origin, and storage, of its own', () => {
  let sandboxPort: number;
  const env = useDashboard({
    mcpServers: {
      hostile: { command: 'node', args: ['test/fixtures/hostile-app-server.mjs'] },
      'hostile-copy': { command: 'node', args: ['test/fixtures/hostile-app-server.mjs'] },
    },
    ready: ['hostile', 'hostile-copy'],
  });

  before(async () => {
    sandboxPort = await env.dashboard.services!.gateway.sandboxPort();
  });

  after(() => localStorage.removeItem('origin-sentinel'));

  it("a view's storage is its own: the same app reads its sentinel back, another app finds nothing and has storage of its own", async () => {
    const card = await env.card('hostile');
    const writer = await openThroughWidget(env.dashboard, card, 'hostile', 'storage-writer');
    await viewReady(writer.frame);
    const wrote = await viewReport<StorageReport>(writer.handle, (r) => r.role === 'writer');
    expect(wrote.error).to.equal(undefined);
    expect(wrote.wrote).to.equal(true);
    expect(wrote.ownStorage).to.equal(true);
    expect(wrote.idbAfter).to.equal('A-SENTINEL');
    expect(new URL(wrote.origin).hostname).to.match(/^app--[a-z2-7]{24}\.localhost$/);
    expect(new URL(wrote.origin).port).to.equal(String(sandboxPort));
    expect(wrote.origin).to.not.equal(location.origin);
    await writer.handle.close();

    // Control: the same app, opened again, is on the same origin and reads its sentinel back.
    const again = await openThroughWidget(env.dashboard, card, 'hostile', 'storage-writer');
    await viewReady(again.frame);
    const second = await viewReport<StorageReport>(again.handle, (r) => r.role === 'writer');
    expect(second.origin).to.equal(wrote.origin);
    expect(second.localBefore).to.equal('A-SENTINEL');
    expect(second.idbBefore).to.equal('A-SENTINEL');

    // Another view, open beside it: another origin, where the sentinel is nowhere, and storage that works.
    const reader = await openThroughWidget(env.dashboard, card, 'hostile', 'storage-reader');
    await viewReady(reader.frame);
    const read = await viewReport<StorageReport>(reader.handle, (r) => r.role === 'reader');
    expect(read.error).to.equal(undefined);
    expect(read.origin).to.not.equal(wrote.origin);
    expect(new URL(read.origin).hostname).to.match(/\.localhost$/);
    expect(read.localBefore).to.equal(null);
    expect(read.idbBefore).to.equal(null);
    expect(read.idbAfter).to.equal(null);
    expect(read.ownStorage).to.equal(true);
    // Nor does the page have it: the view's storage is not the dashboard's.
    expect(localStorage.getItem('origin-sentinel')).to.equal(null);
    // The reader cannot reach into the writer from where it is: it is not even listed among the frames.
    const reach = await evalInView<string>(
      reader.handle.id,
      `try { return 'frames ' + top.frames.length; } catch (e) { return e.name; }`,
    );
    expect(reach).to.equal('frames 0');
    await again.handle.close();
    await reader.handle.close();
  });

  it('a declared domain is the view’s origin; one another server’s apps use, or one outside .localhost, is refused with a note', async () => {
    const card = await env.card('hostile');
    const own = await openThroughWidget(env.dashboard, card, 'hostile', 'own-domain');
    await viewReady(own.frame);
    const ownReport = await viewReport<{ origin: string }>(own.handle, (r) => !!r.origin);
    expect(ownReport.origin).to.equal(`http://hostile-own.localhost:${sandboxPort}`);
    expect(deepText(own.frame)).to.not.contain('did not use it');

    // The same declaration from another server would share the first one's storage: refused, a derived origin.
    const copyCard = await env.card('hostile-copy');
    const copy = await openThroughWidget(env.dashboard, copyCard, 'hostile-copy', 'own-domain');
    await viewReady(copy.frame);
    const copyReport = await viewReport<{ origin: string }>(copy.handle, (r) => !!r.origin);
    expect(new URL(copyReport.origin).hostname).to.match(/^app--[a-z2-7]{24}\.localhost$/);
    await waitFor(() => deepText(copy.frame).includes("another server's apps already use it"), 5000, 'the note');
    expect(deepText(copy.frame)).to.contain('hostile-own.localhost');

    const foreign = await openThroughWidget(env.dashboard, card, 'hostile', 'foreign-domain');
    await viewReady(foreign.frame);
    const foreignReport = await viewReport<{ origin: string }>(foreign.handle, (r) => !!r.origin);
    expect(new URL(foreignReport.origin).hostname).to.match(/^app--[a-z2-7]{24}\.localhost$/);
    await waitFor(() => deepText(foreign.frame).includes('apps.example.com'), 5000, 'the note');
    expect(deepText(foreign.frame)).to.contain('ending in .localhost');
    for (const view of [own, copy, foreign]) await view.handle.close();
  });

  it('a view that reloads its own proxy page under a wider policy is stopped, and never runs there', async () => {
    const card = await env.card('hostile');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'renavigate');
    await viewReady(frame);
    // The view ran once and then had the proxy page (its own origin) load itself with a wider CSP.
    await viewReport<{ first?: boolean }>(handle, (r) => r.first === true);
    await waitFor(() => frame.view?.state === 'error', 10_000, 'the view to be stopped');
    expect(frame.view!.error).to.contain('reloaded its sandbox');
    // The page did load (the attempt happened) under the wider policy, and holds no view.
    await waitFor(
      async () =>
        (await evalInView<string>(handle.id, `return location.search`, 'proxy').catch(() => '')).includes('exfil'),
      10_000,
      'the proxy page to load again',
    );
    const frames = await evalInView<number>(handle.id, `return document.querySelectorAll('iframe').length`, 'proxy');
    expect(frames).to.equal(0);
    await new Promise((r) => setTimeout(r, 500));
    expect((handle.modelContext?.structuredContent as { second?: boolean } | undefined)?.second).to.equal(undefined);
    await handle.close();
  });
});
