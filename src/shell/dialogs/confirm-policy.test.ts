import { expect, fixture, html } from '@open-wc/testing';
import { A11yHelper } from '../services/a11y-helper.js';
import './confirm-dialog.js';
import './passkey-prompt.js';
import type { McpConfirmDialog } from './confirm-dialog.js';
import type { McpPasskeyPrompt } from './passkey-prompt.js';
import { policyRequest } from '../../../test/support/confirm-request.js';
import type { ConfirmationRequest } from '../../core/invocation/tool-invoker.js';
import type { MCPTool } from '../../core/shared/types.js';

function request(tool: MCPTool, remembered = false): ConfirmationRequest {
  return policyRequest(tool, { serverName: 'notes', args: { id: 'n1' }, remembered, pools: { 'notes-pool': {} } });
}

const read: MCPTool = {
  name: 'search_notes',
  inputSchema: { type: 'object' },
  _meta: { mcpletType: 'read', visibility: ['model', 'app'], pool: 'notes-pool' },
  annotations: { readOnlyHint: true },
};
const strict: MCPTool = {
  name: 'delete_note',
  inputSchema: { type: 'object' },
  _meta: {
    mcpletType: 'action',
    visibility: ['model', 'app'],
    auth: { required: 'passkey', enforcement: 'strict', promptMessage: 'Touch your key to delete <b>n1</b>' },
  },
};

async function open(dialog: McpConfirmDialog): Promise<void> {
  for (let i = 0; i < 200 && !dialog.shadowRoot?.querySelector('dialog')?.open; i += 1)
    await new Promise((r) => setTimeout(r, 10));
}

describe('confirmation dialog with the policy decision', () => {
  it('shows type badge, pool, authentication, visibility, the reason and "Remember" for a read tool; returns the choice', async () => {
    const root = await fixture<HTMLDivElement>(html`<div><mcp-confirm-dialog></mcp-confirm-dialog></div>`);
    const dialog = root.querySelector('mcp-confirm-dialog') as McpConfirmDialog;
    dialog.a11y = new A11yHelper(root);
    const answer = dialog.ask(request(read));
    await open(dialog);
    const text = dialog.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text)
      .to.contain('read \u2014 only reads')
      .and.contain('notes-pool')
      .and.contain('none declared')
      .and.contain('model, app');
    expect(text)
      .to.contain('Why you are asked')
      .and.contain('policy C6')
      .and.contain('Read-only: yes')
      .and.contain('claims the server');
    await expect(dialog).to.be.accessible();
    (dialog.shadowRoot!.querySelector('[data-action="remember"]') as HTMLInputElement).click();
    (dialog.shadowRoot!.querySelector('[data-action="confirm"]') as HTMLButtonElement).click();
    expect(await answer).to.deep.equal({ confirmed: true, remember: true, scope: 'tool', duration: 'persistent' });
  });

  it('for a strict passkey action: no "Remember", the prompt message as text, "Continue with passkey"', async () => {
    const root = await fixture<HTMLDivElement>(html`<div><mcp-confirm-dialog></mcp-confirm-dialog></div>`);
    const dialog = root.querySelector('mcp-confirm-dialog') as McpConfirmDialog;
    const answer = dialog.ask(request(strict));
    await open(dialog);
    expect(dialog.shadowRoot!.querySelector('[data-action="remember"]')).to.equal(null);
    expect(dialog.shadowRoot!.textContent).to.contain('Touch your key to delete <b>n1</b>');
    expect(dialog.shadowRoot!.querySelector('b')).to.equal(null);
    const confirm = dialog.shadowRoot!.querySelector('[data-action="confirm"]') as HTMLButtonElement;
    expect(confirm.textContent).to.contain('Continue with passkey');
    await expect(dialog).to.be.accessible();
    confirm.click();
    expect(await answer).to.deep.equal({ confirmed: true, remember: false });
  });

  it('the passkey prompt shows the message, is accessible, and Cancel aborts the ceremony', async () => {
    const root = await fixture<HTMLDivElement>(
      html`<div><button id="t">x</button><mcp-passkey-prompt></mcp-passkey-prompt></div>`,
    );
    const prompt = root.querySelector('mcp-passkey-prompt') as McpPasskeyPrompt;
    (root.querySelector('#t') as HTMLButtonElement).focus();
    let aborted = false;
    const running = prompt.run(
      { serverName: 'notes', toolName: 'delete_note', promptMessage: 'Confirm deleting' },
      () => new Promise(() => {}),
      () => {
        aborted = true;
      },
    );
    for (let i = 0; i < 200 && !prompt.shadowRoot?.querySelector('dialog')?.open; i += 1)
      await new Promise((r) => setTimeout(r, 10));
    expect(prompt.shadowRoot!.textContent).to.contain('Confirm deleting');
    await expect(prompt).to.be.accessible();
    (prompt.shadowRoot!.querySelector('[data-action="cancel-passkey"]') as HTMLButtonElement).click();
    const error = await running.then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.name).to.equal('PromptCancelledError');
    expect(aborted).to.equal(true);
    expect(prompt.shadowRoot!.querySelector('dialog')!.open).to.equal(false);
    expect(document.activeElement?.id).to.equal('t');
  });
});
