import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpAppTile } from '../../src/shell/layout/app-tile.js';
import { deepQuery } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogIsOpen, dialogOpen, selectTool } from '../support/dashboard.js';
import { SERVERS, mount } from '../support/layout.js';
import { field } from '../support/schema-form.js';
import type { McpSchemaForm } from '../../widgets/kit/schema-form/schema-form.js';
import { useDashboard } from '../support/setup.js';

// tool-input-partial (MCP Apps): a person previews a tool's app, the view receives the form's values as they type
// them, and Open app runs the tool in that same view with the final arguments (tool-input, then tool-result).

interface Got {
  method: string;
  arguments?: Record<string, unknown>;
  text?: string;
}

describe('MCP Apps: the form feeds a preview of the app (tool-input-partial)', () => {
  const env = useDashboard({
    mcpServers: { apps: SERVERS.apps },
    mount: 'test',
    viewport: { width: 1400, height: 900 },
    teardown: ({ dashboard }) => {
      if (dialogIsOpen(dashboard)) answerDialog(dashboard, 'cancel');
    },
  });

  it('Preview app shows the view before the tool runs; typing reaches it as tool-input-partial; Open app sends tool-input and runs the tool in it', async () => {
    env.dashboard = await mount(env.gateway, `partial-${Date.now()}`);
    const d: McpDashboard = env.dashboard;
    const card = await env.card('apps');
    const calls: string[] = [];
    const off = d.services!.bus.on('mcp:tool:result', (e: { toolName: string }) => calls.push(e.toolName));
    await selectTool(card, 'typing-view');
    const runner = deepQuery('mcp-tool-runner', card.shadowRoot!)!;
    const form = await waitFor(
      () => runner.shadowRoot!.querySelector<McpSchemaForm>('mcp-schema-form'),
      5000,
      'the form',
    );
    await form.updateComplete;
    const label = field(form, 'label');
    label.focus();
    await sendKeys({ type: 'hel' });
    // Preview: no confirmation (no call is made), the view opens as a tile.
    runner.shadowRoot!.querySelector<HTMLButtonElement>('button.preview-app')!.click();
    const tile = await waitFor(
      () => [...d.shadowRoot!.querySelectorAll<McpAppTile>('mcp-app-tile')].find((t) => t.tile?.tool === 'typing-view'),
      10_000,
      'the preview tile',
    );
    await waitFor(() => tile.view?.state === 'ready', 20_000, 'the view');
    expect(dialogIsOpen(d)).to.equal(false);
    const got = () => ((tile.view!.modelContext?.structuredContent?.got ?? []) as Got[]).slice();
    // The form's values when it opened reach it first (it was not initialized when they were sent).
    await waitFor(
      () => got().some((g) => g.method === 'tool-input-partial' && g.arguments?.label === 'hel'),
      5000,
      `the first partial (${JSON.stringify(got())})`,
    );
    // A person types on: the view follows, debounced, with only the fields that hold a value so far.
    label.focus();
    await sendKeys({ type: 'lo world' });
    const count = field(form, 'count');
    count.focus();
    await sendKeys({ type: '12' });
    await waitFor(
      () => {
        const last = got().at(-1);
        return (
          last?.method === 'tool-input-partial' &&
          last.arguments?.label === 'hello world' &&
          last.arguments?.count === 12
        );
      },
      5000,
      `the typed values as tool-input-partial (${JSON.stringify(got())})`,
    );
    const partials = got().filter((g) => g.method === 'tool-input-partial').length;
    // Debounced: far fewer notifications than keystrokes (13 typed).
    expect(partials).to.be.within(2, 8);
    expect(got().some((g) => g.method === 'tool-input')).to.equal(false);
    expect(calls).to.deep.equal([]);
    expect(tile.shadowRoot!.querySelector('mcp-app-frame')!.shadowRoot!.textContent).to.contain('Preview:');
    // Open app: the call asks as always, and runs in this view.
    runner.shadowRoot!.querySelector<HTMLButtonElement>('button.open-app')!.click();
    const asked = await dialogOpen(d);
    expect(asked).to.contain('apps:typing-view');
    answerDialog(d, 'confirm');
    await waitFor(() => got().some((g) => g.method === 'tool-result'), 10_000, `the result (${JSON.stringify(got())})`);
    const methods = got().map((g) => g.method);
    const input = methods.indexOf('tool-input');
    expect(methods.slice(input)).to.deep.equal(['tool-input', 'tool-result']);
    expect(methods.slice(0, input).every((m) => m === 'tool-input-partial')).to.equal(true);
    expect(got()[input]!.arguments).to.deep.equal({ label: 'hello world', count: 12 });
    expect(got()[input + 1]!.text).to.equal('typing-view ok');
    expect(calls).to.deep.equal(['typing-view']);
    // One view: no second tile; the tile re-opens with the final arguments.
    expect(
      [...d.shadowRoot!.querySelectorAll<McpAppTile>('mcp-app-tile')].filter((t) => t.tile?.tool === 'typing-view'),
    ).to.have.length(1);
    await waitFor(
      () => JSON.stringify(tile.tile?.args) === JSON.stringify({ label: 'hello world', count: 12 }),
      5000,
      `the tile's arguments (${JSON.stringify(tile.tile?.args)})`,
    );
    // After the tool ran, typing no longer reaches the view.
    label.focus();
    await sendKeys({ type: '!' });
    await new Promise((r) => setTimeout(r, 800));
    expect(got().map((g) => g.method)).to.deep.equal(methods);
    off();
  });
});
