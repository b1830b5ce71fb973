import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { A11yHelper } from '../services/a11y-helper.js';
import './confirm-dialog.js';
import type { McpConfirmDialog } from './confirm-dialog.js';
import { policyRequest } from '../../../test/support/confirm-request.js';
import type { ConfirmationAnswer, ConfirmationRequest } from '../../core/invocation/tool-invoker.js';
import type { MCPTool } from '../../core/shared/types.js';

// The confirmation dialog in plain words: the question first, what the call may do at a glance, the arguments
// readable (JSON one click away), the policy behind "Why am I asked?", and Allow once / Always allow / Deny.

function request(tool: MCPTool, args: Record<string, unknown>): ConfirmationRequest {
  return policyRequest(tool, { serverName: 'everything', args });
}

const echo: MCPTool = {
  name: 'echo',
  title: 'Echo Tool',
  description: 'Echoes back the input string',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

async function open(req: ConfirmationRequest) {
  const root = await fixture<HTMLDivElement>(html`<div><mcp-confirm-dialog></mcp-confirm-dialog></div>`);
  const dialog = root.querySelector('mcp-confirm-dialog') as McpConfirmDialog;
  dialog.a11y = new A11yHelper(root);
  const answer = dialog.ask(req);
  for (let i = 0; i < 200 && !dialog.shadowRoot?.querySelector('dialog')?.open; i += 1)
    await new Promise((r) => setTimeout(r, 10));
  await dialog.updateComplete;
  const shadow = dialog.shadowRoot!;
  return { dialog, shadow, answer, box: shadow.querySelector('dialog')! };
}

const buttons = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('.actions button')].map((b) => (b.textContent ?? '').trim());

describe('confirmation dialog in plain words', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('asks the question first, says what the call does, lists the arguments and offers Deny, Always allow, Allow once', async () => {
    const { shadow, answer } = await open(request(echo, { message: 'hello' }));
    const h2 = shadow.querySelector('h2')!;
    expect(h2.textContent!.trim()).to.equal('Let everything run Echo Tool?');
    expect([...h2.querySelectorAll('strong')].map((s) => s.textContent)).to.deep.equal(['everything', 'Echo Tool']);
    // The question is the dialog's name and comes before anything else.
    expect(h2.id).to.equal('confirm-title');
    expect(shadow.querySelector('.impact')!.getAttribute('data-impact')).to.equal('read');
    expect(shadow.querySelector('.impact')!.textContent).to.contain('everything says this tool only reads.');
    const list = shadow.querySelector('dl.arg-list')!;
    expect(list.querySelector('dt')!.textContent).to.equal('message');
    expect(list.querySelector('dd')!.textContent).to.equal('hello');
    // The JSON and the policy are one click away, not in the way.
    const json = shadow.querySelector('details.json') as HTMLDetailsElement;
    expect(json.open).to.equal(false);
    expect(json.querySelector('pre')!.textContent).to.contain('"message": "hello"');
    const why = shadow.querySelector('details.why') as HTMLDetailsElement;
    expect(why.open).to.equal(false);
    expect(why.querySelector('summary')!.textContent).to.equal('Why am I asked?');
    expect(why.textContent).to.contain('policy C');
    expect(why.textContent).to.contain('everything:echo');
    expect(buttons(shadow)).to.deep.equal(['Deny', 'Always allow this tool', 'Allow once']);
    (shadow.querySelector('[data-action="confirm"]') as HTMLButtonElement).click();
    expect(await answer).to.deep.equal({ confirmed: true, remember: false });
  });

  it('"Always allow this tool" allows and remembers the tool, until forgotten', async () => {
    const { shadow, answer } = await open(request(echo, { message: 'hello' }));
    (shadow.querySelector('[data-action="always-allow"]') as HTMLButtonElement).click();
    expect(await answer).to.deep.equal({ confirmed: true, remember: true, scope: 'tool', duration: 'persistent' });
  });

  it('Deny refuses and remembers nothing', async () => {
    const { shadow, answer } = await open(request(echo, {}));
    expect(shadow.querySelector('.args')!.textContent).to.contain('No arguments.');
    (shadow.querySelector('[data-action="cancel"]') as HTMLButtonElement).click();
    const got: ConfirmationAnswer = await answer;
    expect(got.confirmed).to.equal(false);
    expect(got.remember ?? false).to.equal(false);
  });

  it('a destructive tool looks different from a read at a glance, and says why in words', async () => {
    const wipe: MCPTool = {
      name: 'wipe',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: false, destructiveHint: true },
    };
    const { shadow } = await open(request(wipe, { path: '/tmp/x' }));
    const band = shadow.querySelector('.impact') as HTMLElement;
    expect(band.getAttribute('data-impact')).to.equal('destructive');
    expect(band.textContent).to.contain('can delete or overwrite data');
    expect(getComputedStyle(band).fontWeight).to.equal('600');
    expect(shadow.querySelector('h2')!.textContent!.trim()).to.equal('Let everything run wipe?');
  });

  it('fits a 1280×720 screen without scrolling, for a tool with a long description and many arguments', async () => {
    await setViewport({ width: 1280, height: 720 });
    const verbose: MCPTool = {
      name: 'write_file',
      title: 'Write file',
      description: 'Create a new file or completely overwrite an existing file with new content. '.repeat(6),
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    };
    const args = {
      path: '/home/me/projects/notes/2026/november/meeting-notes.md',
      content: 'Lorem ipsum dolor sit amet. '.repeat(40),
      mode: 'overwrite',
      encoding: 'utf-8',
      createDirectories: true,
      backup: { keep: 3, folder: '/home/me/.backups' },
      tags: ['a', 'b', 'c'],
    };
    const { box, shadow } = await open(request(verbose, args));
    expect(shadow.querySelector('.args')!.textContent).to.contain('and 1 more (see the JSON)');
    expect(box.getBoundingClientRect().height).to.be.at.most(720);
    expect(box.scrollHeight, 'the dialog does not scroll').to.be.at.most(box.clientHeight + 1);
  });
});
