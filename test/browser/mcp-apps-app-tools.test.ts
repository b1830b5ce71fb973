import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpAppTile } from '../../src/shell/layout/app-tile.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogIsOpen, dialogOpen } from '../support/dashboard.js';
import { SERVERS, mount } from '../support/layout.js';
import { useDashboard } from '../support/setup.js';

// App-provided tools (the MCP Apps draft's tools/list and tools/call on the view): a view lists tools of its own;
// the tile shows them, the person calls one through the same confirmation dialog and policy as a server's tool,
// and agents get them through the WebMCP surface under the same policy.

interface Recorded {
  name: string;
  arguments: Record<string, unknown>;
}

describe('MCP Apps: tools an app offers the host', () => {
  const env = useDashboard({
    mcpServers: { apps: SERVERS.apps },
    mount: 'test',
    viewport: { width: 1400, height: 900 },
    teardown: ({ dashboard }) => {
      if (dialogIsOpen(dashboard)) answerDialog(dashboard, 'cancel');
    },
  });

  async function openPainter(d: McpDashboard): Promise<McpAppTile> {
    d.layout.addTile({ kind: 'app', server: 'apps', tool: 'tools-view', args: {} });
    await dialogOpen(d);
    answerDialog(d, 'confirm');
    const tile = await waitFor(
      () => [...d.shadowRoot!.querySelectorAll<McpAppTile>('mcp-app-tile')].find((t) => t.tile?.tool === 'tools-view'),
      10_000,
      'the app tile',
    );
    await waitFor(() => tile.view?.state === 'ready' && tile.view.appTools.length > 0, 20_000, 'the app and its tools');
    return tile;
  }

  const calls = (tile: McpAppTile) =>
    ((tile.view!.modelContext?.structuredContent?.calls ?? []) as Recorded[]).map((c) => ({ ...c }));

  it('the tile lists the app’s tools; the person calls one through the confirmation dialog, which names the app and the server', async () => {
    env.dashboard = await mount(env.gateway, `app-tools-${Date.now()}`);
    const d = env.dashboard;
    await env.card('apps');
    const tile = await openPainter(d);
    // One tool listed: the name outside the alphabet is not; the app's read-only claim is dropped.
    expect(tile.view!.appTools.map((t) => t.name)).to.deep.equal(['set_color']);
    expect(tile.view!.appTools[0]!.annotations).to.equal(undefined);
    const frame = tile.shadowRoot!.querySelector('mcp-app-frame')!;
    const list = await waitFor(
      () => frame.shadowRoot!.querySelector('mcp-app-tools')?.shadowRoot,
      5000,
      'the tools on the tile',
    );
    list.querySelector('details')!.open = true;
    expect(list.querySelector('summary')!.textContent).to.contain('Tools this app offers (1)');
    const item = list.querySelector<HTMLElement>('li[data-tool="set_color"]')!;
    expect(item.textContent).to.contain('Set colour').and.contain('Paints the view.');
    const field = item.querySelector('textarea')!;
    const button = item.querySelector('button')!;
    // Arguments that are not JSON: nothing is asked or called.
    field.value = '{color:';
    button.click();
    await waitFor(() => /not a JSON object/.test(item.textContent ?? ''), 5000, 'the JSON problem');
    expect(dialogIsOpen(d)).to.equal(false);
    // Cancelled in the dialog: the app is never called.
    field.value = '{"color": "teal"}';
    button.click();
    const asked = await dialogOpen(d);
    expect(asked).to.contain('Set colour (offered by the app Painter)').and.contain('apps');
    answerDialog(d, 'cancel');
    await waitFor(() => /Not done/.test(item.textContent ?? ''), 5000, 'the cancellation on the tile');
    expect(calls(tile)).to.deep.equal([]);
    // Arguments the app's schema refuses: no dialog, no call.
    const cancelled = item.querySelector('pre')!.textContent;
    field.value = '{"color": 5}';
    button.click();
    await waitFor(
      () => {
        const said = item.querySelector('pre')?.textContent ?? '';
        return /Not done/.test(said) && said !== cancelled && !button.disabled;
      },
      5000,
      'the refusal',
    );
    expect(dialogIsOpen(d)).to.equal(false);
    expect(calls(tile)).to.deep.equal([]);
    // Confirmed: the view runs it, and what it answered is shown.
    field.value = '{"color": "teal"}';
    button.click();
    expect(await dialogOpen(d)).to.contain('Set colour (offered by the app Painter)');
    answerDialog(d, 'confirm');
    await waitFor(() => item.querySelector('pre')?.textContent === 'painted teal', 10_000, 'the result on the tile');
    expect(calls(tile)).to.deep.equal([{ name: 'set_color', arguments: { color: 'teal' } }]);
    // The app now offers a second tool and says so (tools/list_changed): the tile lists it.
    await waitFor(
      () => list.querySelector('summary')!.textContent!.includes('(2)') && list.querySelector('li[data-tool="clear"]'),
      5000,
      'the new tool on the tile',
    );
    expect(tile.view!.appTools.map((t) => t.name)).to.deep.equal(['set_color', 'clear']);
  });

  it('agents get the app’s tool through the WebMCP surface, under the same policy and dialog; it goes when the app closes', async () => {
    env.dashboard = await mount(env.gateway, `app-tools-agent-${Date.now()}`);
    const d = env.dashboard;
    await env.card('apps');
    const tile = await openPainter(d);
    const surface = d.services!.agents.surface;
    const spec = await waitFor(
      () => surface.tools().find((t) => t.toolName === 'app.set_color'),
      5000,
      `the app's tool among ${surface
        .tools()
        .map((t) => t.name)
        .join(', ')}`,
    );
    expect(spec.name).to.equal('apps__app.set_color');
    expect(spec.description).to.contain('offered by the MCP App "Painter" of server "apps"');
    const running = spec.run({ color: 'navy' });
    const asked = await dialogOpen(d);
    expect(asked).to.contain('Set colour (offered by the app Painter)');
    answerDialog(d, 'confirm');
    const result = (await running) as { content: Array<{ text?: string }>; isError?: boolean };
    expect(result.isError, JSON.stringify(result)).to.not.equal(true);
    expect(result.content[0]!.text).to.equal('painted navy');
    expect(calls(tile)).to.deep.equal([{ name: 'set_color', arguments: { color: 'navy' } }]);
    // Its new tool reaches the agent surface too.
    await waitFor(() => surface.tools().some((t) => t.name === 'apps__app.clear'), 5000, 'the new tool for agents');
    await tile.view!.close();
    expect(surface.tools().some((t) => t.toolName === 'app.set_color')).to.equal(false);
  });
});
