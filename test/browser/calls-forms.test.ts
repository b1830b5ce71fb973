import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import type { McpSchemaForm } from '../../widgets/kit/schema-form/schema-form.js';
import { deepQuery, deepQueryAll, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, selectTool, cancelOpenDialogs, dialogIsOpen } from '../support/dashboard.js';
import { createScratchDir, readScratchFile, removeScratchDir, writeScratchFile } from '../support/scratch.js';
import { useDashboard } from '../support/setup.js';

// Forms that take real input, against real server-filesystem and server-memory through the
// real gateway: what the user types reaches the server as typed, and the file on disk shows it.

async function formOf(runner: HTMLElement): Promise<McpSchemaForm> {
  const form = await waitFor(
    () => deepQuery('mcp-schema-form', runner.shadowRoot!) as McpSchemaForm | undefined,
    5000,
    'the form',
  );
  await form.updateComplete;
  return form;
}

/** The control labelled `label` (the n-th one with that label: list items repeat labels). */
async function field(form: McpSchemaForm, label: string, nth = 0): Promise<HTMLInputElement | HTMLTextAreaElement> {
  await form.updateComplete;
  const labels = deepQueryAll<HTMLLabelElement>('label', form.shadowRoot!).filter((l) =>
    (l.textContent ?? '').replace(/\s+/g, ' ').trim().startsWith(label),
  );
  const el =
    labels[nth] &&
    (form.shadowRoot!.getElementById(labels[nth]!.htmlFor) as HTMLInputElement | HTMLTextAreaElement | null);
  if (!el) throw new Error(`no field labelled ${label} (#${nth})`);
  return el;
}

async function type(el: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

function paste(el: HTMLElement, text: string): void {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  el.dispatchEvent(
    new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }),
  );
}

/** Ctrl+Enter as a person presses it. */
async function ctrlEnter(): Promise<void> {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'Enter' });
  await sendKeys({ up: 'Control' });
}

/** The form as a person finds it after choosing the tool afresh. */
async function freshForm(runner: HTMLElement): Promise<McpSchemaForm> {
  const form = await formOf(runner);
  form.value = {};
  await form.updateComplete;
  return form;
}

/** True when `el` is inside the window and every scrolling box around it shows at least part of it. */
function inView(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  if (rect.height === 0 || rect.top >= window.innerHeight || rect.bottom <= 0) return false;
  for (let node: Node | null = el.parentNode; node;) {
    if (node instanceof ShadowRoot) {
      node = node.host;
      continue;
    }
    if (node instanceof HTMLElement) {
      const style = getComputedStyle(node);
      if (/(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight) {
        const box = node.getBoundingClientRect();
        if (rect.top >= box.bottom || rect.bottom <= box.top) return false;
      }
    }
    node = node.parentNode;
  }
  return true;
}

async function runnerText(runner: HTMLElement, text: string, timeoutMs = 15_000): Promise<string> {
  return waitFor(
    () => (deepText(runner.shadowRoot!).includes(text) ? deepText(runner.shadowRoot!) : undefined),
    timeoutMs,
    `"${text}" in the tool runner`,
  );
}

describe('Forms that take real input: server-filesystem and server-memory end to end', () => {
  let scratch: string;
  let files: McpWidgetCard;
  let memory: McpWidgetCard;
  const sent: Array<{ toolName: string; args: Record<string, unknown> }> = [];

  before(async () => {
    scratch = await createScratchDir();
  });
  const env = useDashboard({
    mcpServers: () => ({
      files: { command: 'mcp-server-filesystem', args: [scratch] },
      memory: { command: 'mcp-server-memory', env: { MEMORY_FILE_PATH: `${scratch}/memory.jsonl` } },
    }),
  });

  before(async () => {
    files = await env.card('files');
    memory = await env.card('memory');
    expect(files.phase, files.error).to.equal('ready');
    expect(memory.phase, memory.error).to.equal('ready');
    env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string; args: Record<string, unknown> }) =>
      sent.push(d),
    );
  });

  after(() => removeScratchDir(scratch));

  afterEach(() => cancelOpenDialogs(env.dashboard));

  it('write_file: pasted lines keep their line breaks, Enter adds a line in the text area, Ctrl+Enter invokes — the file on disk has the newlines', async () => {
    const runner = await selectTool(files, 'Write File');
    const form = await formOf(runner);
    await type(await field(form, 'path'), `${scratch}/three.txt`);
    const content = await field(form, 'content');
    expect(content.tagName, 'a one-line field until it needs more').to.equal('INPUT');
    content.focus();
    paste(content, 'first line\r\nsecond line');
    await form.updateComplete;
    const area = (await field(form, 'content')) as HTMLTextAreaElement;
    expect(area.tagName, 'pasted line breaks turn the field into a text area').to.equal('TEXTAREA');
    expect(area.value).to.equal('first line\nsecond line');
    expect(form.shadowRoot!.activeElement).to.equal(area);
    // Enter in the text area is a new line, not a submit.
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'third line' });
    await form.updateComplete;
    expect(dialogIsOpen(env.dashboard), 'Enter did not invoke').to.equal(false);
    expect((form.value as { content: string }).content).to.equal('first line\nsecond line\nthird line');
    await ctrlEnter();
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('first line\\nsecond line\\nthird line');
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, 'Successfully wrote');
    expect(await readScratchFile(scratch, 'three.txt')).to.equal('first line\nsecond line\nthird line');
    // The result is brought into view below the form (issue 30: it was below the fold of the card).
    const view = deepQuery('mcp-result-view', runner.shadowRoot!)!;
    await waitFor(() => inView(view), 3000, 'the result in view');
  });

  it('"Several lines" turns any free text field into a text area; typed line breaks reach the server', async () => {
    const runner = await selectTool(files, 'Write File');
    const form = await freshForm(runner);
    await type(await field(form, 'path'), `${scratch}/typed.txt`);
    const expand = deepQueryAll<HTMLButtonElement>('button[data-expand]', form.shadowRoot!).find(
      (b) => b.getAttribute('aria-label') === 'Edit content on several lines',
    )!;
    expect(expand, 'the expand control').to.exist;
    expand.click();
    await form.updateComplete;
    const area = await field(form, 'content');
    expect(area.tagName).to.equal('TEXTAREA');
    expect(form.shadowRoot!.activeElement).to.equal(area);
    await sendKeys({ type: 'alpha' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'beta' });
    await ctrlEnter();
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, 'Successfully wrote');
    expect(await readScratchFile(scratch, 'typed.txt')).to.equal('alpha\nbeta');
  });

  it('edit_file with two edits, each multi-line: both applied to the file on disk', async () => {
    await writeScratchFile(scratch, 'poem.txt', 'roses are red\nviolets are blue\nsugar is sweet\nand so are you\n');
    const runner = await selectTool(files, 'Edit File');
    const form = await formOf(runner);
    expect((form.value as { edits?: unknown }).edits, 'a required list starts empty, not missing').to.deep.equal([]);
    await type(await field(form, 'path'), `${scratch}/poem.txt`);
    const add = deepQueryText<HTMLButtonElement>('button', 'Add edits item', form.shadowRoot!)!;
    add.click();
    await form.updateComplete;
    add.click();
    await form.updateComplete;
    for (const [i, oldText, newText] of [
      [0, 'roses are red\nviolets are blue', 'roses are RED\nviolets are BLUE'],
      [1, 'and so are you', 'and so are you\nthe end'],
    ] as const) {
      // A synthetic paste event inserts nothing by itself: one-line text is typed, several lines pasted.
      for (const [name, text] of [
        ['oldText', oldText],
        ['newText', newText],
      ] as const) {
        const el = await field(form, name, i);
        if (text.includes('\n')) paste(el, text);
        else await type(el, text);
      }
    }
    await form.updateComplete;
    (await field(form, 'newText', 1)).focus();
    await ctrlEnter();
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, 'Completed');
    expect(sent.at(-1)!.args.edits).to.deep.equal([
      { oldText: 'roses are red\nviolets are blue', newText: 'roses are RED\nviolets are BLUE' },
      { oldText: 'and so are you', newText: 'and so are you\nthe end' },
    ]);
    expect(await readScratchFile(scratch, 'poem.txt')).to.equal(
      'roses are RED\nviolets are BLUE\nsugar is sweet\nand so are you\nthe end\n',
    );
  });

  it('a message is cleared as soon as its field is fixed; a field still wrong keeps its message', async () => {
    const runner = await selectTool(files, 'Write File');
    const form = await freshForm(runner);
    // Nothing filled in: the host refuses, naming both required fields.
    deepQueryText<HTMLButtonElement>('button[type="submit"]', 'Invoke', form.shadowRoot!)!.click();
    await waitFor(
      () => form.shadowRoot!.querySelectorAll('[aria-invalid="true"]').length === 2,
      5000,
      'two fields marked invalid',
    );
    expect(deepText(form.shadowRoot!)).to.contain('path: is required').and.contain('content: is required');
    await type(await field(form, 'path'), `${scratch}/fixed.txt`);
    await form.updateComplete;
    const text = deepText(form.shadowRoot!);
    expect(text, 'the fixed field\u2019s message is gone before any submit').to.not.contain('path: is required');
    expect(text).to.contain('content: is required');
    expect((await field(form, 'path')).getAttribute('aria-invalid')).to.equal('false');
    expect((await field(form, 'content')).getAttribute('aria-invalid')).to.equal('true');
    expect(dialogIsOpen(env.dashboard)).to.equal(false);
  });

  it('a wrong-typed value from the JSON view is shown as JSON with a note, never as an empty box; fixing it there works', async () => {
    const runner = await selectTool(files, 'Write File');
    const form = await freshForm(runner);
    deepQueryText<HTMLButtonElement>('.view-switch button', 'JSON', form.shadowRoot!)!.click();
    await form.updateComplete;
    const json = form.shadowRoot!.querySelector('textarea.json.big') as HTMLTextAreaElement;
    await type(json, JSON.stringify({ path: `${scratch}/typed-json.txt`, content: 42 }));
    deepQueryText<HTMLButtonElement>('.view-switch button', 'Form', form.shadowRoot!)!.click();
    await form.updateComplete;
    const content = await field(form, 'content');
    expect(content.tagName).to.equal('TEXTAREA');
    expect(content.value).to.equal('42');
    expect(deepText(form.shadowRoot!)).to.contain(
      'This value is a whole number, but the schema expects text, so it is shown as JSON',
    );
    await type(content, '"forty-two"');
    await form.updateComplete;
    expect((form.value as { content: unknown }).content).to.equal('forty-two');
    expect((await field(form, 'content')).tagName, 'it stays where the user is typing').to.equal('TEXTAREA');
    content.focus();
    await ctrlEnter();
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, 'Successfully wrote');
    expect(await readScratchFile(scratch, 'typed-json.txt')).to.equal('forty-two');
  });

  it('server-memory: nested lists (an entity with no observations and one with two) and an empty required list ([]) are accepted', async () => {
    let runner = await selectTool(memory, 'Create Entities');
    let form = await formOf(runner);
    expect(form.value).to.deep.equal({ entities: [] });
    const add = deepQueryText<HTMLButtonElement>('button', 'Add entities item', form.shadowRoot!)!;
    add.click();
    await form.updateComplete;
    add.click();
    await form.updateComplete;
    expect(
      (form.value as { entities: unknown[] }).entities,
      'each new entity has its required list, empty',
    ).to.deep.equal([{ observations: [] }, { observations: [] }]);
    await type(await field(form, 'name', 0), 'Ada');
    await type(await field(form, 'entityType', 0), 'person');
    await type(await field(form, 'name', 1), 'Engine');
    await type(await field(form, 'entityType', 1), 'machine');
    const addObservation = deepQueryAll<HTMLButtonElement>('button', form.shadowRoot!).filter(
      (b) => b.textContent!.trim() === 'Add observations item',
    )[1]!;
    addObservation.click();
    await form.updateComplete;
    addObservation.click();
    await form.updateComplete;
    await type(await field(form, 'observations item 1', 0), 'analytical');
    paste(await field(form, 'observations item 2', 0), 'designed by Babbage\nprogrammed by Ada');
    await form.updateComplete;
    deepQueryText<HTMLButtonElement>('button[type="submit"]', 'Invoke', form.shadowRoot!)!.click();
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, 'Completed');
    expect(sent.at(-1)!.args).to.deep.equal({
      entities: [
        { name: 'Ada', entityType: 'person', observations: [] },
        {
          name: 'Engine',
          entityType: 'machine',
          observations: ['analytical', 'designed by Babbage\nprogrammed by Ada'],
        },
      ],
    });
    const stored = (await readScratchFile(scratch, 'memory.jsonl'))!;
    expect(stored).to.contain('"observations":[]').and.contain('designed by Babbage\\nprogrammed by Ada');

    // An empty required list is a value: open_nodes with names [] runs (and finds nothing).
    runner = await selectTool(memory, 'Open Nodes');
    form = await formOf(runner);
    expect(form.value).to.deep.equal({ names: [] });
    deepQueryText<HTMLButtonElement>('button[type="submit"]', 'Invoke', form.shadowRoot!)!.click();
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('"names": []');
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, 'Completed');
    expect(deepText(runner.shadowRoot!)).to.not.contain('is required');
    expect(sent.at(-1)!.args).to.deep.equal({ names: [] });
  });
});
