import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpSavedCalls } from '../../src/shell/saved-calls/saved-calls-panel.js';
import type { McpSchemaForm } from '../../widgets/kit/schema-form/schema-form.js';
import { deepQuery, deepQueryAll, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import {
  answerDialog,
  confirmDialog,
  dialogOpen,
  mountDashboard,
  readyCard,
  selectTool,
  cancelOpenDialogs,
  dialogIsOpen,
} from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';

// Saved calls end to end: saved from a real tool form, kept in IndexedDB across a reload,
// run again through the policy against real server-everything, compared, exported and imported.

function panelOf(dashboard: McpDashboard): McpSavedCalls {
  return dashboard.shadowRoot!.querySelector('mcp-saved-calls') as McpSavedCalls;
}

/** Picks `city` in Get Structured Content Tool's form and presses "Save call"; names it in the panel and saves. */
async function saveWeather(dashboard: McpDashboard, city: string, name: string): Promise<void> {
  const card = await readyCard(dashboard, 'everything');
  const runner = await selectTool(card, 'Get Structured Content Tool');
  const form = (await waitFor(
    () => deepQuery('mcp-schema-form', runner.shadowRoot!),
    5000,
    'the form',
  )) as McpSchemaForm;
  await form.updateComplete;
  const select = form.shadowRoot!.querySelector('select') as HTMLSelectElement;
  select.value = [...select.options].find((o) => o.textContent!.trim() === city)!.value;
  select.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  (runner.shadowRoot!.querySelector('[data-action="save-call"]') as HTMLButtonElement).click();
  const panel = panelOf(dashboard);
  const input = await waitFor(
    () => panel.shadowRoot?.querySelector('#saved-draft-name') as HTMLInputElement | null,
    5000,
    'the name field of the draft',
  );
  await waitFor(() => panel.shadowRoot!.activeElement === input, 5000, 'focus in the name field');
  expect(deepText(panel.shadowRoot!))
    .to.contain('everything:get-structured-content')
    .and.contain(`"location": "${city}"`);
  input.value = name;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  (panel.shadowRoot!.querySelector('[data-action="save-draft"]') as HTMLButtonElement).click();
  await waitFor(() => deepText(panel.shadowRoot!).includes(`Saved "${name}".`), 5000, 'the saved note');
}

function callItem(panel: McpSavedCalls, name: string): HTMLElement {
  const item = [...panel.shadowRoot!.querySelectorAll<HTMLElement>('li[data-saved-call]')].find(
    (li) => li.querySelector('strong')?.textContent === name,
  );
  if (!item) throw new Error(`no saved call named ${name}`);
  return item;
}

async function importFile(panel: McpSavedCalls, text: string): Promise<void> {
  const input = panel.shadowRoot!.querySelector('[data-action="import-saved"]') as HTMLInputElement;
  const data = new DataTransfer();
  data.items.add(new File([text], 'saved-calls.json', { type: 'application/json' }));
  input.files = data.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('Saved calls: save, reload, run again through the policy, compare, export and import', () => {
  let dbName: string;
  let exported = '';

  const env = useDashboard({
    mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true } },
  });

  before(async () => {
    dbName = env.dashboard.dbName!;
    expect((await env.card('everything')).phase).to.equal('ready');
  });

  afterEach(() => cancelOpenDialogs(env.dashboard));

  it('"Save call" under a tool form keeps server, tool and arguments under a name; they are still there after a reload', async () => {
    await saveWeather(env.dashboard, 'New York', 'Weather in New York');
    await saveWeather(env.dashboard, 'Chicago', 'Weather in Chicago');
    const before = panelOf(env.dashboard)
      .store!.list()
      .map((c) => ({ name: c.name, serverName: c.serverName, toolName: c.toolName, args: c.args }));
    expect(before).to.deep.equal([
      {
        name: 'Weather in Chicago',
        serverName: 'everything',
        toolName: 'get-structured-content',
        args: { location: 'Chicago' },
      },
      {
        name: 'Weather in New York',
        serverName: 'everything',
        toolName: 'get-structured-content',
        args: { location: 'New York' },
      },
    ]);
    // Reload: a new dashboard on the same IndexedDB.
    await env.mount({ dbName });
    await env.card('everything');
    (env.dashboard.shadowRoot!.querySelector('[data-action="saved-calls"]') as HTMLButtonElement).click();
    const panel = panelOf(env.dashboard);
    await waitFor(
      () => panel.shadowRoot?.querySelectorAll('li[data-saved-call]').length === 2,
      5000,
      'the two saved calls after the reload',
    );
    expect(panel.store!.list().map((c) => c.name)).to.deep.equal(['Weather in Chicago', 'Weather in New York']);
    await expect(panel).to.be.accessible();
  });

  it('running a saved call goes through the policy (a dialog "from the dashboard", remembered like any call); both results are kept and compared side by side', async () => {
    const panel = panelOf(env.dashboard);
    (callItem(panel, 'Weather in New York').querySelector('[data-action="run-saved"]') as HTMLButtonElement).click();
    const text = (await dialogOpen(env.dashboard)).replace(/\s+/g, ' ');
    expect(text)
      .to.contain('everything:get-structured-content')
      .and.contain('you, from the dashboard')
      .and.contain('policy C11')
      .and.contain('"location": "New York"');
    (confirmDialog(env.dashboard).shadowRoot!.querySelector('[data-action="remember"]') as HTMLInputElement).click();
    answerDialog(env.dashboard, 'confirm');
    await waitFor(
      () => panel.store!.list().find((c) => c.name === 'Weather in New York')!.runs.length === 1,
      10_000,
      'the first run',
    );
    // The same tool for the same caller is now remembered: the second saved call runs without a dialog.
    (callItem(panel, 'Weather in Chicago').querySelector('[data-action="run-saved"]') as HTMLButtonElement).click();
    await waitFor(
      () => panel.store!.list().find((c) => c.name === 'Weather in Chicago')!.runs.length === 1,
      10_000,
      'the second run',
    );
    expect(dialogIsOpen(env.dashboard)).to.equal(false);
    const audited = await env.dashboard.services!.policy.audit.list({ kind: 'tool-call' });
    expect(audited.filter((e) => e.toolName === 'get-structured-content' && e.surface === 'user').length).to.equal(2);
    // Pick both results and compare.
    await panel.updateComplete;
    for (const name of ['Weather in New York', 'Weather in Chicago'])
      (callItem(panel, name).querySelector('[data-action="pick-run"]') as HTMLInputElement).click();
    await panel.updateComplete;
    (panel.shadowRoot!.querySelector('[data-action="compare"]') as HTMLButtonElement).click();
    await panel.updateComplete;
    const compare = panel.shadowRoot!.querySelector('section.compare') as HTMLElement;
    const rows = [...compare.querySelectorAll('table.diff > tbody > tr')].map(
      (tr) => tr.querySelector('code')!.textContent,
    );
    expect(rows).to.include.members([
      '/structuredContent/temperature',
      '/structuredContent/conditions',
      '/content/0/text',
    ]);
    const textRow = [...compare.querySelectorAll('table.diff > tbody > tr')].find(
      (tr) => tr.querySelector('code')!.textContent === '/content/0/text',
    )!;
    expect(textRow, 'the text block compared').to.exist;
    const ny = panel.store!.list().find((c) => c.name === 'Weather in New York')!.runs[0]!.result as {
      structuredContent: { temperature: number };
    };
    expect(deepText(compare)).to.contain(String(ny.structuredContent.temperature));
    if ((ny as unknown as { content: Array<{ text: string }> }).content[0]!.text.includes('\n')) {
      expect(textRow.querySelectorAll('tr.line.changed').length, 'changed lines side by side').to.be.greaterThan(0);
    }
    await expect(panel).to.be.accessible();
  });

  it('Export writes every saved call to a JSON file; a malformed import is refused with what is wrong, and nothing is lost', async () => {
    const panel = panelOf(env.dashboard);
    const realCreate = URL.createObjectURL;
    let blob: Blob | undefined;
    URL.createObjectURL = (b: Blob | MediaSource) => {
      blob = b as Blob;
      return realCreate(b);
    };
    try {
      (panel.shadowRoot!.querySelector('[data-action="export-saved"]') as HTMLButtonElement).click();
    } finally {
      URL.createObjectURL = realCreate;
    }
    exported = await blob!.text();
    const file = JSON.parse(exported);
    expect(file.format).to.equal('mcp-dashboard.saved-calls');
    expect(file.calls.map((c: { name: string; arguments: unknown }) => [c.name, c.arguments])).to.deep.equal([
      ['Weather in New York', { location: 'New York' }],
      ['Weather in Chicago', { location: 'Chicago' }],
    ]);

    const before = JSON.stringify(panel.store!.list());
    await importFile(panel, '{"format": "mcp-dashboard.saved-calls", "version": 1, "calls": [');
    const alert = await waitFor(
      () => panel.shadowRoot!.querySelector('[role="alert"]')?.textContent,
      5000,
      'the import error',
    );
    expect(alert)
      .to.contain('Nothing was imported: The file is not valid JSON')
      .and.contain('Your saved calls are unchanged');
    await importFile(
      panel,
      JSON.stringify({
        format: 'mcp-dashboard.saved-calls',
        version: 1,
        calls: [
          { name: 'ok', serverName: 'everything', toolName: 'echo', arguments: { message: 'x' } },
          { name: 'bad', serverName: 'everything' },
        ],
      }),
    );
    await waitFor(
      () =>
        panel
          .shadowRoot!.querySelector('[role="alert"]')
          ?.textContent?.includes('calls[1].toolName must be a non-empty string'),
      5000,
      'the second import error',
    );
    expect(JSON.stringify(panel.store!.list()), 'nothing lost, nothing half-imported').to.equal(before);
    const stored = await (await import('idb')).openDB(`${dbName}-saved-calls`).then((db) => db.getAll('calls'));
    expect(stored.length).to.equal(2);
  });

  it('Import adds the calls of an exported file to another dashboard; importing it again adds nothing twice', async () => {
    const other = await mountDashboard(env.gateway);
    try {
      await readyCard(other, 'everything');
      const panel = (await other.savedCalls!.open())!;
      await importFile(panel, exported);
      await waitFor(
        () => deepText(panel.shadowRoot!).includes('Imported 2 calls (0 were already saved).'),
        5000,
        'the import note',
      );
      expect(
        panel
          .store!.list()
          .map((c) => c.name)
          .sort(),
      ).to.deep.equal(['Weather in Chicago', 'Weather in New York']);
      await importFile(panel, exported);
      await waitFor(
        () => deepText(panel.shadowRoot!).includes('Imported 0 calls (2 were already saved).'),
        5000,
        'the second import note',
      );
      expect(deepQueryAll('li[data-saved-call]', panel.shadowRoot!).length).to.equal(2);
    } finally {
      other.remove();
    }
  });
});
