import { expect } from '@open-wc/testing';
import { waitFor } from '../support/gateway.js';
import { openThroughWidget, viewReady, viewReport } from '../support/apps.js';
import { evalInView, waitInView } from '../support/views.js';
import { deepText } from '../support/dom.js';
import { useDashboard } from '../support/setup.js';
import { permissionDialogOpen } from '../support/dashboard.js';
import type { McpAppFrame } from '../../src/shell/mcp-apps/mcp-app-frame.js';
import { McpPermissionDialog } from '../../src/shell/mcp-apps/permissions/permission-dialog.js';

// Camera, microphone, location and the clipboard for MCP Apps, in real Chromium with a fake microphone whose
// browser prompt says yes: the dashboard's dialog is the only thing between an app and the device. Asked once per app
// (server + its own origin), remembered, revocable in the audit panel, reflected in the frame's `allow`, and a
// refusal is said on the tile with a way to allow it.

type Recorded = { tracks?: number; kind?: string; live?: string; error?: string };

describe('MCP Apps: device permissions the person grants, once per app', () => {
  const env = useDashboard({
    mcpServers: { hostile: { command: 'node', args: ['test/fixtures/hostile-app-server.mjs'] } },
    ready: ['hostile'],
  });
  let asked = 0;
  const realOpen = McpPermissionDialog.prototype.open;
  before(() => {
    McpPermissionDialog.prototype.open = function (this: McpPermissionDialog, request) {
      asked += 1;
      return realOpen.call(this, request);
    };
  });
  after(() => {
    McpPermissionDialog.prototype.open = realOpen;
  });

  const dialog = () => env.dashboard.shadowRoot!.querySelector('mcp-permission-dialog');
  const isOpen = () => Boolean(dialog()?.shadowRoot?.querySelector('dialog')?.open);
  const permissionDialog = () => permissionDialogOpen(env.dashboard);
  const press = (box: McpPermissionDialog, action: 'allow' | 'deny') =>
    box.shadowRoot!.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!.click();
  const allowOf = (frame: McpAppFrame) => frame.view!.frameElement?.getAttribute('allow') ?? '';
  const record = async (viewId: string) => {
    await evalInView(viewId, 'return window.record();');
    return waitInView<Recorded>(viewId, 'return window.recorded;', 15_000, 'the recording');
  };
  const open = async (tool: string) => {
    const opened = await openThroughWidget(env.dashboard, await env.card('hostile'), 'hostile', tool);
    await viewReady(opened.frame);
    return opened;
  };
  const note = (frame: McpAppFrame) => frame.shadowRoot!.querySelector('.permission-note');
  /** Presses Allow and waits for the view to start again in a new frame whose `allow` passes `granted`. */
  const allowInNewFrame = async (
    frame: McpAppFrame,
    box: McpPermissionDialog,
    granted: (allow: string) => boolean,
    what: string,
  ) => {
    const firstFrame = frame.view!.frameElement;
    press(box, 'allow');
    await waitFor(() => frame.view!.frameElement !== firstFrame && granted(allowOf(frame)), 15_000, what);
    return viewReady(frame);
  };

  it('asks naming the app and the server; Allow rebuilds the frame with the microphone and the app records', async () => {
    const before = asked;
    const { frame, handle } = await open('recorder');
    const box = await permissionDialog();
    const text = deepText(box.shadowRoot!);
    expect(text).to.contain('Recorder (server hostile) asks to use');
    expect(
      [...box.shadowRoot!.querySelectorAll('[data-permission]')].map((li) => li.textContent?.trim()),
    ).to.deep.equal(['Microphone']);
    expect(text).to.match(/runs as http:\/\/app--[a-z2-7]+\.localhost:\d+/);
    // Not answered yet: the app runs without it, and the browser refuses it.
    expect(allowOf(frame)).not.to.contain('microphone');
    const viewId = await allowInNewFrame(
      frame,
      box,
      (allow) => allow.includes('microphone'),
      'a new frame that may use the microphone',
    );
    await viewReport(handle, (r) => r.started === true);
    expect(await record(viewId)).to.deep.equal({ tracks: 1, kind: 'audio', live: 'live' });
    expect(note(frame), 'nothing is missing, nothing to say').to.equal(null);
    expect(asked - before).to.equal(1);
    await handle.close();
  });

  it('Deny: the tile says so with "Allow…", the browser refuses the app, and reopening does not ask again', async () => {
    const before = asked;
    const first = await open('recorder-b');
    press(await permissionDialog(), 'deny');
    await waitFor(
      () => note(first.frame)?.textContent?.includes('You did not allow this app: Microphone'),
      10_000,
      'the refusal on the tile',
    );
    expect(note(first.frame)!.querySelector('[data-action="allow-permissions"]')!.textContent).to.equal('Allow\u2026');
    expect(allowOf(first.frame)).not.to.contain('microphone');
    expect(await record(first.frame.view!.id)).to.deep.equal({ error: 'NotAllowedError' });
    await first.handle.close();

    const again = await open('recorder-b');
    expect(isOpen(), 'the answer is remembered').to.equal(false);
    expect(note(again.frame)?.textContent).to.contain('You did not allow this app: Microphone');
    expect(asked - before).to.equal(1);
    // "Allow…" on the tile asks again; yes gives the microphone.
    note(again.frame)!.querySelector<HTMLButtonElement>('[data-action="allow-permissions"]')!.click();
    press(await permissionDialog(), 'allow');
    await waitFor(() => allowOf(again.frame).includes('microphone'), 15_000, 'the frame with the microphone');
    const viewId = await viewReady(again.frame);
    expect(await record(viewId)).to.deep.equal({ tracks: 1, kind: 'audio', live: 'live' });
    expect(note(again.frame)).to.equal(null);
    expect(asked - before).to.equal(2);
    await again.handle.close();
  });

  it('Forget in the audit panel: the app is asked again next time', async () => {
    const panel = (await env.dashboard.openAudit())!;
    const item = await waitFor(
      () => panel.shadowRoot!.querySelector('[data-app-permissions="hostile"]'),
      10_000,
      'the remembered permissions in the audit panel',
    );
    expect(item.textContent).to.match(/Recorder \(server hostile, http:\/\/app--/);
    expect(item.textContent).to.contain('allowed Microphone');
    const items = () => [...panel.shadowRoot!.querySelectorAll('[data-app-permissions]')];
    const count = items().length;
    for (const li of items()) li.querySelector<HTMLButtonElement>('[data-action="forget-permissions"]')!.click();
    await waitFor(() => items().length === 0, 10_000, 'the answers forgotten');
    expect(count).to.be.greaterThan(0);
    panel.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="close-audit"]')!.click();

    const before = asked;
    const { frame, handle } = await open('recorder');
    press(await permissionDialog(), 'deny');
    await waitFor(() => note(frame)?.textContent?.includes('You did not allow'), 10_000, 'the refusal');
    expect(asked - before).to.equal(1);
    await handle.close();
  });

  it('clipboard: asked like a device; the view may write to it only after Allow', async () => {
    const before = asked;
    const { frame, handle } = await open('clipboard');
    const box = await permissionDialog();
    expect(deepText(box.shadowRoot!)).to.contain('Let an app write to your clipboard?');
    expect(deepText(box.shadowRoot!)).to.contain('Copier (server hostile) asks to use');
    expect(
      [...box.shadowRoot!.querySelectorAll('[data-permission]')].map((li) => li.textContent?.trim()),
    ).to.deep.equal(['Write to your clipboard']);
    // Not answered: nothing granted without asking — the browser refuses the view the clipboard.
    expect(allowOf(frame)).to.equal('');
    expect(await evalInView(frame.view!.id, 'return window.clipboardAllowed();')).to.equal(false);
    const viewId = await allowInNewFrame(
      frame,
      box,
      (allow) => allow === 'clipboard-write',
      'a new frame that may write to the clipboard',
    );
    expect(await evalInView(viewId, 'return window.clipboardAllowed();')).to.equal(true);
    expect(note(frame)).to.equal(null);
    expect(asked - before).to.equal(1);
    await handle.close();
    // Remembered: the next view of the app gets it without a question.
    const again = await open('clipboard');
    expect(isOpen()).to.equal(false);
    expect(allowOf(again.frame)).to.equal('clipboard-write');
    expect(asked - before).to.equal(1);
    await again.handle.close();
  });

  it('one checkbox per permission: Allow with one unticked grants the rest and refuses that one, remembered', async () => {
    const before = asked;
    const { frame, handle } = await open('studio');
    const box = await permissionDialog();
    const boxes = [...box.shadowRoot!.querySelectorAll<HTMLInputElement>('[data-permission] input[type="checkbox"]')];
    expect(boxes.map((b) => [b.name, b.checked])).to.deep.equal([
      ['microphone', true],
      ['clipboardWrite', true],
    ]);
    // Each checkbox is named by its label.
    expect(boxes.map((b) => b.closest('label')!.textContent!.trim())).to.deep.equal([
      'Microphone',
      'Write to your clipboard',
    ]);
    boxes[1].click();
    const viewId = await allowInNewFrame(
      frame,
      box,
      (allow) => allow === 'microphone',
      'a new frame with the microphone only',
    );
    expect(await record(viewId)).to.deep.equal({ tracks: 1, kind: 'audio', live: 'live' });
    // The refused one: the browser refuses it, and the tile says so with a way to allow it.
    expect(await evalInView(viewId, 'return window.clipboardAllowed();')).to.equal(false);
    await waitFor(
      () => note(frame)?.textContent?.includes('You did not allow this app: Write to your clipboard'),
      10_000,
      'the refusal on the tile',
    );
    await handle.close();
    const again = await open('studio');
    expect(isOpen(), 'both answers are remembered').to.equal(false);
    expect(allowOf(again.frame)).to.equal('microphone');
    expect(asked - before).to.equal(1);
    await again.handle.close();
  });

  it('a greedy app (every permission, asking the browser every frame, two views at once) is asked once', async () => {
    const before = asked;
    const one = await open('greedy');
    const two = await open('greedy');
    const box = await permissionDialog();
    expect(
      [...box.shadowRoot!.querySelectorAll('[data-permission]')].map((li) => li.getAttribute('data-permission')),
    ).to.deep.equal(['camera', 'microphone', 'geolocation', 'clipboardWrite']);
    press(box, 'deny');
    const tries = (id: string) =>
      evalInView<{ asked: number; refused: number; granted: number }>(id, 'return window.tries;');
    const start = (await tries(one.frame.view!.id)).asked;
    // The app keeps asking the browser, dozens of times after the answer; nobody asks the person again.
    await waitInView(
      one.frame.view!.id,
      `return window.tries.asked > ${start + 60} && window.tries.refused > 60;`,
      20_000,
      'sixty more requests',
    );
    const seen = await tries(one.frame.view!.id);
    expect(seen.granted).to.equal(0);
    expect(isOpen()).to.equal(false);
    expect(asked - before).to.equal(1);
    for (const { frame } of [one, two]) {
      expect(allowOf(frame)).to.equal('');
      expect(note(frame)?.textContent).to.contain(
        'You did not allow this app: Camera, Microphone, Your location, Write to your clipboard',
      );
    }
    await one.handle.close();
    await two.handle.close();
  });
});
