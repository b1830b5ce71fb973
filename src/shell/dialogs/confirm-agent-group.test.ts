import { expect } from '@open-wc/testing';
import { isOpen, mountConfirmDialog, until } from '../../../test/support/confirm-dialog.js';
import type { McpConfirmDialog } from './confirm-dialog.js';
import type { ConfirmationAnswer, ConfirmationRequest } from '../../core/invocation/tool-invoker.js';
import type { Evaluation } from '../../core/policy/policy-gate.js';
import { MAX_WAITING_PER_AGENT } from '../../core/invocation/consent-floods.js';
import type { CallerContext } from '../../core/shared/types.js';

// One agent's calls waiting for the person share one dialog (whatever server or widget they go through): each
// listed with its server, tool, policy row and arguments, answered one by one or all at once; "Confirm all"
// never confirms a call that needs a passkey; "Deny all from this agent" answers every one of them.
const agent: CallerContext = { surface: 'agent', id: 'reader' };
const viaWidget: CallerContext = {
  surface: 'agent',
  id: 'reader',
  widgetId: 'server-panel:files',
  serverName: 'files',
};

function policy(decision: 'confirm' | 'passkey', rule: string): Evaluation {
  return {
    classification: { kind: 'plain', visibility: ['model', 'app'], warnings: [] },
    decision: { decision, rule, reason: `rule ${rule}`, rememberable: true, scopes: ['tool'] },
  } as unknown as Evaluation;
}

let counter = 0;
function request(
  serverName: string,
  toolName: string,
  args: Record<string, unknown>,
  caller: CallerContext = agent,
  decision: 'confirm' | 'passkey' = 'confirm',
): ConfirmationRequest {
  counter += 1;
  return {
    serverName,
    toolName,
    tool: { name: toolName, inputSchema: { type: 'object' } },
    args,
    caller,
    requestId: `a-${counter}`,
    policy: policy(decision, decision === 'passkey' ? 'K1' : 'C11'),
  };
}

const button = (d: McpConfirmDialog, action: string) =>
  d.shadowRoot!.querySelector(`[data-action="${action}"]`) as HTMLButtonElement | null;
const items = (d: McpConfirmDialog) => [...d.shadowRoot!.querySelectorAll<HTMLElement>('[data-batch-item]')];

describe('confirmation dialog: one agent, one dialog', () => {
  it('calls of one agent to several servers (directly and through a widget) are one list: tool, server, policy row, arguments', async () => {
    const dialog = await mountConfirmDialog();
    const answers = [
      dialog.ask(request('notes', 'search', { q: 'invoices' })),
      dialog.ask(request('files', 'delete_file', { path: '/home/me/thesis.tex' }, viaWidget)),
      dialog.ask(request('notes', 'search', { q: 'receipts' })),
    ];
    await until(() => isOpen(dialog) && items(dialog).length === 3, 'one dialog with three calls');
    const text = dialog.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('3 tool calls from the agent reader');
    expect(text).to.contain('a harmful call can hide among harmless ones');
    expect(items(dialog).map((li) => `${li.dataset.server}:${li.dataset.tool}`)).to.deep.equal([
      'notes:search',
      'files:delete_file',
      'notes:search',
    ]);
    const second = items(dialog)[1]!;
    expect(second.textContent).to.contain('Call 2: files:delete_file').and.contain('(policy C11)');
    expect(second.querySelector('[data-summary]')!.textContent).to.equal('{"path":"/home/me/thesis.tex"}');
    expect(button(dialog, 'deny-agent')!.textContent).to.contain('Deny all from this agent for 10 minutes');
    expect(dialog.shadowRoot!.querySelector('[data-action="remember"]'), 'no remembering for a mixed list').to.equal(
      null,
    );
    await expect(dialog).to.be.accessible();
    (second.querySelector('[data-action="cancel-item"]') as HTMLButtonElement).click();
    expect((await answers[1]!).confirmed).to.equal(false);
    await dialog.updateComplete;
    button(dialog, 'confirm')!.click();
    expect((await Promise.all(answers)).map((a) => a.confirmed)).to.deep.equal([true, false, true]);
    expect(isOpen(dialog)).to.equal(false);
  });

  it('"Confirm all" leaves a call that needs a passkey waiting, to be confirmed on its own', async () => {
    const dialog = await mountConfirmDialog();
    const plain = dialog.ask(request('notes', 'search', { q: 'a' }));
    const strong = dialog.ask(request('bank', 'transfer', { amount: 5000 }, agent, 'passkey'));
    const other = dialog.ask(request('notes', 'search', { q: 'b' }));
    await until(() => isOpen(dialog) && items(dialog).length === 3, 'the list');
    expect(items(dialog)[1]!.querySelector('[data-passkey]')!.textContent).to.contain('needs your passkey');
    expect(button(dialog, 'confirm')!.textContent).to.contain('Confirm all 2');
    expect(dialog.shadowRoot!.textContent).to.contain('Confirm all leaves out the calls that need your passkey');
    button(dialog, 'confirm')!.click();
    expect((await plain).confirmed).to.equal(true);
    expect((await other).confirmed).to.equal(true);
    let settled = false;
    void strong.then(() => (settled = true));
    await dialog.updateComplete;
    expect(settled, 'the passkey call is still waiting').to.equal(false);
    expect(isOpen(dialog)).to.equal(true);
    expect(dialog.shadowRoot!.textContent).to.contain('Let bank run transfer?');
    expect(button(dialog, 'confirm')!.textContent).to.contain('Continue with passkey');
    button(dialog, 'confirm')!.click();
    expect((await strong).confirmed).to.equal(true);
  });

  it('"Deny all from this agent" answers every waiting call of it with a denial of the agent; another caller keeps its own dialog', async () => {
    const dialog = await mountConfirmDialog();
    const mine = [dialog.ask(request('notes', 'search', { q: 'a' })), dialog.ask(request('files', 'read', {}))];
    const theirs = dialog.ask(request('notes', 'search', { q: 'x' }, { surface: 'agent', id: 'operator' }));
    await until(() => isOpen(dialog) && items(dialog).length === 2, 'the agent list');
    button(dialog, 'deny-agent')!.click();
    const answers: ConfirmationAnswer[] = await Promise.all(mine);
    expect(answers).to.deep.equal([
      { confirmed: false, denyCaller: true },
      { confirmed: false, denyCaller: true },
    ]);
    await until(() => isOpen(dialog) && dialog.shadowRoot!.textContent!.includes('the agent operator'), 'its dialog');
    button(dialog, 'cancel')!.click();
    expect((await theirs).confirmed).to.equal(false);
  });

  it(`says so when ${MAX_WAITING_PER_AGENT} calls wait, the most one agent may keep waiting`, async () => {
    const dialog = await mountConfirmDialog();
    const answers = Array.from({ length: MAX_WAITING_PER_AGENT }, (_, i) =>
      dialog.ask(request('notes', 'search', { q: `q${i}` })),
    );
    await until(() => items(dialog).length === MAX_WAITING_PER_AGENT, 'the full list');
    expect(dialog.shadowRoot!.querySelector('[data-agent-limit]')!.textContent).to.contain(
      `${MAX_WAITING_PER_AGENT} calls from this agent are waiting`,
    );
    button(dialog, 'cancel')!.click();
    expect((await Promise.all(answers)).every((a) => !a.confirmed)).to.equal(true);
  });
});
