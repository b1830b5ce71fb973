import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { A11yHelper } from '../services/a11y-helper.js';
import './confirm-dialog.js';
import type { McpConfirmDialog } from './confirm-dialog.js';
import type { ConfirmationRequest } from '../../core/invocation/tool-invoker.js';

const request = (over: Partial<ConfirmationRequest> = {}): ConfirmationRequest => ({
  serverName: 'github',
  toolName: 'create_issue',
  tool: {
    name: 'create_issue',
    description: 'Creates an issue',
    inputSchema: { type: 'object' },
    annotations: { destructiveHint: true },
  },
  args: { owner: 'anthropics', repo: 'mcp', title: 'Bug report' },
  caller: { surface: 'widget', id: 'server-panel:github' },
  requestId: 'r1',
  ...over,
});

async function setup() {
  const root = await fixture<HTMLDivElement>(
    html`<div><button id="trigger">Invoke</button><mcp-confirm-dialog></mcp-confirm-dialog></div>`,
  );
  const dialog = root.querySelector('mcp-confirm-dialog') as McpConfirmDialog;
  dialog.a11y = new A11yHelper(root);
  const trigger = root.querySelector('#trigger') as HTMLButtonElement;
  trigger.focus();
  return { root, dialog, trigger };
}

async function shown(dialog: McpConfirmDialog, text?: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const el = dialog.shadowRoot?.querySelector('dialog');
    if (el?.open && (!text || dialog.shadowRoot!.textContent!.includes(text))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the dialog did not open');
}

function button(dialog: McpConfirmDialog, action: string): HTMLButtonElement {
  return dialog.shadowRoot!.querySelector(`[data-action="${action}"]`) as HTMLButtonElement;
}

describe('confirmation dialog', () => {
  it('MCP-WP-11.2.2 shows the tool, server, arguments and the on-your-behalf warning', async () => {
    const { dialog } = await setup();
    const answer = dialog.open(request());
    await shown(dialog);
    const text = dialog.shadowRoot!.textContent!;
    expect(text).to.contain('Let github run create_issue?');
    expect(text).to.contain('Server');
    expect(text).to.contain('github (MCP Server)');
    expect(text).to.contain('"title": "Bug report"');
    expect(text).to.contain('It runs on your behalf');
    expect(text).to.contain('Destructive');
    expect(dialog.shadowRoot!.querySelector('dialog')!.open).to.equal(true);
    button(dialog, 'confirm').click();
    expect(await answer).to.equal(true);
  });

  it('MCP-WP-11.5.12 focuses inside the dialog on open and returns focus to the trigger on Confirm', async () => {
    const { dialog, trigger } = await setup();
    const answer = dialog.open(request());
    await shown(dialog);
    await new Promise((r) => setTimeout(r, 0));
    expect(dialog.shadowRoot!.activeElement).to.equal(button(dialog, 'cancel'));
    button(dialog, 'confirm').click();
    expect(await answer).to.equal(true);
    expect(document.activeElement).to.equal(trigger);
  });

  it('MCP-WP-11.5.12 Cancel resolves false and returns focus', async () => {
    const { dialog, trigger } = await setup();
    const answer = dialog.open(request());
    await shown(dialog);
    button(dialog, 'cancel').click();
    expect(await answer).to.equal(false);
    expect(dialog.shadowRoot!.querySelector('dialog')!.open).to.equal(false);
    expect(document.activeElement).to.equal(trigger);
  });

  it('MCP-WP-11.5.12 Escape dismisses as Cancel and returns focus', async () => {
    const { dialog, trigger } = await setup();
    const answer = dialog.open(request());
    await shown(dialog);
    await sendKeys({ press: 'Escape' });
    expect(await answer).to.equal(false);
    expect(document.activeElement).to.equal(trigger);
  });

  it('MCP-WP-11.5.12 traps Tab inside the dialog', async () => {
    const { dialog } = await setup();
    const answer = dialog.open(request());
    await shown(dialog);
    const inside = new Set<Element | null>();
    for (let i = 0; i < 6; i += 1) {
      await sendKeys({ press: 'Tab' });
      inside.add(document.activeElement === dialog ? dialog.shadowRoot!.activeElement : document.activeElement);
    }
    for (const el of inside)
      expect(el && dialog.shadowRoot!.contains(el), `focus left the dialog: ${el?.outerHTML}`).to.equal(true);
    button(dialog, 'cancel').click();
    await answer;
  });

  it('MCP-WP-11.5.12 announces the dialog to screen readers', async () => {
    const { root, dialog } = await setup();
    const answer = dialog.open(request());
    const region = root.querySelector('[data-mcp-announcer="assertive"]')!;
    // The helper writes the message a task later; wait for it rather than a fixed time (a busy CI machine).
    await waitUntil(() => region.textContent !== '', 'nothing was announced', { timeout: 3000 });
    expect(region.textContent).to.contain('Confirm tool call: github:create_issue');
    button(dialog, 'cancel').click();
    await answer;
  });

  it('queues a second request until the first is answered', async () => {
    const { dialog } = await setup();
    const first = dialog.open(request({ toolName: 'first' }));
    const second = dialog.open(request({ toolName: 'second' }));
    await shown(dialog);
    expect(dialog.shadowRoot!.textContent).to.contain('github:first');
    button(dialog, 'confirm').click();
    expect(await first).to.equal(true);
    await shown(dialog, 'github:second');
    expect(dialog.shadowRoot!.textContent).to.contain('github:second');
    button(dialog, 'cancel').click();
    expect(await second).to.equal(false);
  });

  it('renders hostile tool names and arguments as text', async () => {
    const { dialog } = await setup();
    const payload = '<img src=x onerror="window.__dialogXss=1">';
    const answer = dialog.open(
      request({
        toolName: payload,
        args: { x: payload },
        tool: { name: payload, description: payload, inputSchema: {} },
      }),
    );
    await shown(dialog);
    await new Promise((r) => setTimeout(r, 100));
    expect(dialog.shadowRoot!.textContent).to.contain(payload);
    expect(dialog.shadowRoot!.querySelector('img')).to.equal(null);
    expect((window as unknown as { __dialogXss?: number }).__dialogXss).to.equal(undefined);
    button(dialog, 'cancel').click();
    await answer;
  });

  it('passes axe-core while open', async () => {
    const { dialog } = await setup();
    const answer = dialog.open(request());
    await shown(dialog);
    await expect(dialog).to.be.accessible();
    button(dialog, 'cancel').click();
    await answer;
  });
});
