import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { CompletionResult } from '../../../src/core/shared/types.js';
import type { McpCompletionInput } from './completion-input.js';
import type { McpArgumentForm } from './argument-form.js';
import type { SchemaFormSubmitEvent } from './schema-form.js';
import { folderToFileUri } from '../client/roots-editor.js';
import { filterLog, logDataText } from '../client/log-view.js';
import './completion-input.js';
import './argument-form.js';

const options = (el: Element) => [...el.shadowRoot!.querySelectorAll('[role="option"]')].map((o) => o.textContent);
const until = async (check: () => boolean, ms = 2000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('<mcp-completion-input> (one unit: the combobox, with a scripted completer)', () => {
  it('asks once per pause in typing (debounced), with the text typed so far', async () => {
    const asked: string[] = [];
    const complete = async (value: string): Promise<CompletionResult> => {
      asked.push(value);
      return { values: [`${value}1`, `${value}2`] };
    };
    // Keys typed through the DevTools protocol can arrive 100 ms or more apart on a busy machine (test files run
    // in parallel): the pause here is longer than that, as a person's pause is longer than their keystrokes.
    const el = await fixture<McpCompletionInput>(
      html`<mcp-completion-input name="q" label="Query" .complete=${complete} debounce="500"></mcp-completion-input>`,
    );
    el.focus();
    await sendKeys({ type: 'abc' });
    await until(() => options(el).length === 2);
    expect(asked).to.deep.equal(['abc']);
    expect(options(el)).to.deep.equal(['abc1', 'abc2']);
  });

  it('drops an answer to older text when a newer one is pending', async () => {
    const pending: Array<(r: CompletionResult) => void> = [];
    const complete = (value: string) =>
      new Promise<CompletionResult>((resolve) => pending.push(() => resolve({ values: [`for ${value}`] })));
    const el = await fixture<McpCompletionInput>(
      html`<mcp-completion-input name="q" label="Query" .complete=${complete} debounce="0"></mcp-completion-input>`,
    );
    el.focus();
    await sendKeys({ type: 'a' });
    await until(() => pending.length === 1);
    await sendKeys({ type: 'b' });
    await until(() => pending.length === 2);
    pending[1]!({ values: [] });
    await until(() => options(el).length === 1);
    pending[0]!({ values: [] });
    await new Promise((r) => setTimeout(r, 30));
    expect(options(el)).to.deep.equal(['for ab']);
  });

  it('a failing completer leaves a usable text field and says why, as text', async () => {
    const complete = async (): Promise<CompletionResult> => {
      throw Object.assign(new Error('<b>server down</b>'), { jsonrpcCode: -32603 });
    };
    const el = await fixture<McpCompletionInput>(
      html`<mcp-completion-input name="q" label="Query" .complete=${complete} debounce="0"></mcp-completion-input>`,
    );
    el.focus();
    await sendKeys({ type: 'x' });
    await until(() => (el.shadowRoot!.getElementById('status')!.textContent ?? '').includes('not available'));
    expect(el.shadowRoot!.getElementById('status')!.textContent).to.contain('<b>server down</b>');
    expect(el.shadowRoot!.querySelector('b')).to.equal(null);
    expect(el.shadowRoot!.querySelector('input')!.value).to.equal('x');
  });

  it('Escape closes the list without closing the dialog around it', async () => {
    const complete = async (): Promise<CompletionResult> => ({ values: ['one'] });
    const dialog = await fixture<HTMLDialogElement>(
      html`<dialog
        ><mcp-completion-input name="q" label="Query" .complete=${complete} debounce="0"></mcp-completion-input
      ></dialog>`,
    );
    dialog.showModal();
    const el = dialog.querySelector('mcp-completion-input')!;
    el.focus();
    await sendKeys({ type: 'o' });
    await until(() => options(el).length === 1);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('input')!.getAttribute('aria-expanded')).to.equal('false');
    expect(dialog.open).to.equal(true);
    dialog.close();
  });
});

describe('<mcp-argument-form>', () => {
  it('checks required fields before submitting, focuses the first empty one, and leaves out empty optional ones', async () => {
    const fields = [
      { name: 'city', title: 'City', required: true },
      { name: 'hotel', title: 'Hotel' },
    ];
    const form = await fixture<McpArgumentForm>(
      html`<mcp-argument-form .fields=${fields} submit-label="Go"></mcp-argument-form>`,
    );
    const submitted: unknown[] = [];
    form.addEventListener('mcp-form-submit', (e) => submitted.push((e as SchemaFormSubmitEvent).value));
    (form.shadowRoot!.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await form.updateComplete;
    const city = form.shadowRoot!.querySelector<McpCompletionInput>('mcp-completion-input[name="city"]')!;
    await city.updateComplete;
    expect(submitted).to.deep.equal([]);
    expect(city.shadowRoot!.querySelector('input')!.getAttribute('aria-invalid')).to.equal('true');
    expect(city.shadowRoot!.querySelector('input')!.getAttribute('aria-describedby')).to.contain('error');
    expect(city.shadowRoot!.activeElement).to.equal(city.shadowRoot!.querySelector('input'));
    await sendKeys({ type: 'Kyoto' });
    await sendKeys({ press: 'Enter' });
    expect(submitted).to.deep.equal([{ city: 'Kyoto' }]);
  });
});

describe('roots and log helpers of the kit', () => {
  it('folderToFileUri turns absolute paths into file:// addresses and refuses the rest', () => {
    expect(folderToFileUri('/home/me/my notes')).to.deep.equal({ uri: 'file:///home/me/my%20notes' });
    expect(folderToFileUri('/tmp/a#b?c')).to.deep.equal({ uri: 'file:///tmp/a%23b%3Fc' });
    expect(folderToFileUri('C:\\Users\\me')).to.deep.equal({ uri: 'file:///C:/Users/me' });
    expect(folderToFileUri('file:///srv/data')).to.deep.equal({ uri: 'file:///srv/data' });
    expect(folderToFileUri('notes')).to.deep.equal({ problem: 'roots.problem.relative' });
    expect(folderToFileUri('~/notes')).to.deep.equal({ problem: 'roots.problem.relative' });
    expect(folderToFileUri('https://example.com/x')).to.deep.equal({ problem: 'roots.problem.scheme' });
    expect(folderToFileUri('   ')).to.deep.equal({ problem: 'roots.problem.empty' });
  });

  it('filterLog keeps a level and above and matches text, logger or level; logDataText never makes HTML', () => {
    const entries = [
      { seq: 1, serverName: 's', time: 0, level: 'debug' as const, data: 'noise' },
      { seq: 2, serverName: 's', time: 0, level: 'error' as const, logger: 'db', data: { detail: 'disk full' } },
      { seq: 3, serverName: 's', time: 0, level: 'critical' as const, data: '<b>fire</b>' },
    ];
    expect(filterLog(entries, 'error', '').map((e) => e.seq)).to.deep.equal([2, 3]);
    expect(filterLog(entries, 'debug', 'DISK').map((e) => e.seq)).to.deep.equal([2]);
    expect(filterLog(entries, 'debug', 'db').map((e) => e.seq)).to.deep.equal([2]);
    expect(logDataText(entries[2]!.data)).to.equal('<b>fire</b>');
    expect(logDataText({ a: 1 })).to.equal('{\n  "a": 1\n}');
  });
});
