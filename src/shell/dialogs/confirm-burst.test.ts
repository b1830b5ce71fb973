import { expect } from '@open-wc/testing';
import { isOpen, mountConfirmDialog, until } from '../../../test/support/confirm-dialog.js';
import type { McpConfirmDialog } from './confirm-dialog.js';
import type { ConfirmationRequest } from '../../core/invocation/tool-invoker.js';
import { classifyTool } from '../../core/mcplet/classify.js';
import { decide } from '../../core/policy/engine.js';
import type { CallerContext, MCPTool } from '../../core/shared/types.js';
import { POLICY_MATRIX } from '../../core/policy/matrix.js';
import { en } from '../i18n/messages/en.js';
import { ja } from '../i18n/messages/ja.js';

const view: CallerContext = {
  surface: 'app',
  id: 'app:ui://cohort/view.html',
  serverName: 'cohort',
  viewId: 'app-7-x',
  resourceUri: 'ui://cohort/view.html',
};
const dataTool: MCPTool = {
  name: 'get-data',
  inputSchema: { type: 'object' },
  _meta: { ui: { resourceUri: 'ui://cohort/view.html' } },
};
const readTool: MCPTool = {
  name: 'echo',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};

function request(
  tool: MCPTool,
  args: Record<string, unknown>,
  caller: CallerContext = view,
  signal?: AbortSignal,
): ConfirmationRequest {
  const classification = classifyTool(tool, { strictMcplet: false, pools: {} });
  const decision = decide({
    serverName: 'cohort',
    toolName: tool.name,
    classification,
    caller,
    callerServerName: caller.serverName,
    remembered: false,
  });
  return {
    serverName: 'cohort',
    toolName: tool.name,
    tool,
    args,
    caller,
    requestId: `r-${JSON.stringify(args)}`,
    policy: { classification, decision },
    ...(signal ? { signal } : {}),
  };
}

const q = <T extends Element>(d: McpConfirmDialog, selector: string) => d.shadowRoot!.querySelector(selector) as T;

describe('confirmation dialog: bursts of app calls, remember scopes, declared hints', () => {
  it('calls an app view sends while its dialog is open join that dialog as a list; "Confirm all" answers every one', async () => {
    const dialog = await mountConfirmDialog();
    const first = dialog.ask(request(dataTool, { metric: 'retention' }));
    await until(() => isOpen(dialog), 'the dialog');
    const second = dialog.ask(request(dataTool, { metric: 'revenue' }));
    const third = dialog.ask(request(dataTool, { metric: 'active' }));
    await dialog.updateComplete;
    const text = dialog.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('3 tool calls from the MCP App app:ui://cohort/view.html');
    expect(dialog.shadowRoot!.querySelectorAll('[data-batch-item]').length).to.equal(3);
    expect(text).to.contain('"metric": "revenue"').and.contain('"metric": "active"');
    expect(q<HTMLButtonElement>(dialog, '[data-action="confirm"]').textContent).to.contain('Confirm all 3');
    await expect(dialog).to.be.accessible();
    q<HTMLButtonElement>(dialog, '[data-action="confirm"]').click();
    expect((await Promise.all([first, second, third])).map((a) => a.confirmed)).to.deep.equal([true, true, true]);
    expect(isOpen(dialog)).to.equal(false);
  });

  it('each call of a burst can be answered on its own; the dialog closes with the last answer', async () => {
    const dialog = await mountConfirmDialog();
    const first = dialog.ask(request(dataTool, { metric: 'a' }));
    await until(() => isOpen(dialog), 'the dialog');
    const second = dialog.ask(request(dataTool, { metric: 'b' }));
    await dialog.updateComplete;
    q<HTMLButtonElement>(dialog, '[data-action="cancel-item"][data-index="0"]').click();
    expect((await first).confirmed).to.equal(false);
    await dialog.updateComplete;
    expect(isOpen(dialog), 'still open for the second call').to.equal(true);
    expect(dialog.shadowRoot!.textContent).to.contain('cohort:get-data').and.contain('"metric": "b"');
    q<HTMLButtonElement>(dialog, '[data-action="confirm"]').click();
    expect((await second).confirmed).to.equal(true);
    expect(isOpen(dialog)).to.equal(false);
  });

  it('calls of another caller are not merged: they wait for their own dialog', async () => {
    const dialog = await mountConfirmDialog();
    const mine = dialog.ask(request(dataTool, { metric: 'a' }));
    await until(() => isOpen(dialog), 'the dialog');
    const otherView = dialog.ask(request(dataTool, { metric: 'b' }, { ...view, viewId: 'app-8-y' }));
    await dialog.updateComplete;
    expect(dialog.shadowRoot!.querySelectorAll('[data-batch-item]').length).to.equal(0);
    q<HTMLButtonElement>(dialog, '[data-action="confirm"]').click();
    expect((await mine).confirmed).to.equal(true);
    await until(() => isOpen(dialog) && dialog.shadowRoot!.textContent!.includes('"metric": "b"'), 'the second dialog');
    q<HTMLButtonElement>(dialog, '[data-action="cancel"]').click();
    expect((await otherView).confirmed).to.equal(false);
  });

  it('a call withdrawn while in a burst leaves the list; when all are withdrawn the dialog closes', async () => {
    const dialog = await mountConfirmDialog();
    const gone = new AbortController();
    const first = dialog.ask(request(dataTool, { metric: 'a' }, view, gone.signal));
    await until(() => isOpen(dialog), 'the dialog');
    const second = dialog.ask(request(dataTool, { metric: 'b' }, view, gone.signal));
    await dialog.updateComplete;
    gone.abort();
    expect((await first).confirmed).to.equal(false);
    expect((await second).confirmed).to.equal(false);
    await until(() => !isOpen(dialog), 'the dialog to close');
  });

  it('the app\u2019s own view tool is remembered "while this view is open" only; a read-only tool offers this tool / every read-only tool, for the session or until forgotten', async () => {
    const dialog = await mountConfirmDialog();
    let answer = dialog.ask(request(dataTool, {}));
    await until(() => isOpen(dialog), 'the dialog');
    q<HTMLInputElement>(dialog, '[data-action="remember"]').click();
    await dialog.updateComplete;
    expect(
      [...dialog.shadowRoot!.querySelectorAll<HTMLInputElement>('[data-scope]')].map((i) => i.dataset.scope),
    ).to.deep.equal(['view']);
    expect(dialog.shadowRoot!.querySelector('[data-duration]'), 'a view consent ends with the view').to.equal(null);
    q<HTMLButtonElement>(dialog, '[data-action="confirm"]').click();
    expect(await answer).to.deep.equal({ confirmed: true, remember: true, scope: 'view', duration: 'persistent' });

    answer = dialog.ask(request(readTool, { text: 'hi' }, { surface: 'user', id: 'host' }));
    await until(() => isOpen(dialog), 'the dialog');
    q<HTMLInputElement>(dialog, '[data-action="remember"]').click();
    await dialog.updateComplete;
    expect(
      [...dialog.shadowRoot!.querySelectorAll<HTMLInputElement>('[data-scope]')].map((i) => i.dataset.scope),
    ).to.deep.equal(['tool', 'server-reads']);
    expect(dialog.shadowRoot!.textContent).to.contain('every read-only tool of cohort');
    q<HTMLInputElement>(dialog, '[data-scope="server-reads"]').click();
    await dialog.updateComplete;
    q<HTMLInputElement>(dialog, '[data-duration="session"]').click();
    await dialog.updateComplete;
    await expect(dialog).to.be.accessible();
    q<HTMLButtonElement>(dialog, '[data-action="confirm"]').click();
    expect(await answer).to.deep.equal({ confirmed: true, remember: true, scope: 'server-reads', duration: 'session' });
  });

  it('says what the tool declares, as claims of the server (idempotent and open world included), or that it declares nothing', async () => {
    const dialog = await mountConfirmDialog();
    const tool: MCPTool = {
      name: 'write_file',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: true, openWorldHint: false },
    };
    let answer = dialog.ask(request(tool, {}, { surface: 'user', id: 'host' }));
    await until(() => isOpen(dialog), 'the dialog');
    let text = dialog.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text)
      .to.contain('Read-only: no')
      .and.contain('Destructive: yes')
      .and.contain('Idempotent: yes')
      .and.contain('Open world: no');
    expect(text).to.contain('claims the server cohort makes');
    expect(text).to.contain('policy C9').and.not.contain('does not say');
    expect(dialog.shadowRoot!.querySelector('[data-action="remember"]'), 'destructive: never remembered').to.equal(
      null,
    );
    q<HTMLButtonElement>(dialog, '[data-action="cancel"]').click();
    await answer;
    answer = dialog.ask(
      request({ name: 'plain', inputSchema: { type: 'object' } }, {}, { surface: 'user', id: 'host' }),
    );
    await until(() => isOpen(dialog), 'the dialog');
    text = dialog.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('declares no hints');
    q<HTMLButtonElement>(dialog, '[data-action="cancel"]').click();
    await answer;
  });

  it('MCP-WP-6.8.1 every policy row, old and new, has its reason worded in English and Japanese', () => {
    for (const row of POLICY_MATRIX) {
      for (const [locale, catalog] of [
        ['en', en],
        ['ja', ja],
      ] as Array<[string, Record<string, unknown>]>)
        expect(catalog[`policy.rule.${row.id}`], `${locale} policy.rule.${row.id}`).to.be.a('string').and.not.equal('');
    }
  });
});
