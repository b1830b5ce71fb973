import { expect, fixture, html } from '@open-wc/testing';
import { toolReturned, toolThrew } from './app-view-tool.js';
import type { AppView } from './app-view.js';
import './mcp-app-frame.js';

/** A view as the frame reads it: ready, with the given outcome of its tool call. */
function fakeView(outcome: Partial<AppView>): AppView {
  return {
    state: 'ready',
    phase: 'Ready',
    pendingCalls: 0,
    callsAwaitingPerson: 0,
    title: 'PDF Viewer',
    serverName: 'pdf',
    toolName: 'display_pdf',
    allowedModes: ['inline'],
    displayMode: 'inline',
    error: undefined,
    toolStatus: 'result',
    toolNote: 'The tool result was delivered to the app.',
    toolError: '',
    cspRejections: [],
    appTools: [],
    modelContext: undefined,
    notes: [],
    governor: {},
    prefersBorder: undefined,
    services: {},
    onChange: () => () => undefined,
    attach: () => undefined,
    containerResized: () => undefined,
    removedFromPage: () => undefined,
    ...outcome,
  } as unknown as AppView;
}

async function frameText(view: AppView): Promise<string> {
  const frame = await fixture(html`<mcp-app-frame .view=${view}></mcp-app-frame>`);
  return frame.shadowRoot!.querySelector('section')!.textContent!.replace(/\s+/g, ' ');
}

describe("an app tool's own error, in the right place", () => {
  it('keeps the text of an error result (one line, bounded) and of a failed call', () => {
    const settled = toolReturned({
      content: [{ type: 'text', text: 'File not found:\n /tmp/x.pdf' }],
      isError: true,
    });
    expect(settled.status).to.equal('error');
    expect(settled.errorText).to.equal('File not found: /tmp/x.pdf');
    const long = toolReturned({ content: [{ type: 'text', text: 'x'.repeat(1000) }], isError: true });
    expect(long.errorText!.length).to.equal(400);
    expect(toolReturned({ content: [{ type: 'text', text: 'ok' }] }).errorText).to.equal(undefined);
    expect(toolThrew(new Error('connection lost')).errorText).to.equal('connection lost');
  });

  it('shows the tool\'s own error text under the tile\'s title, as an alert, not "the app has it"', async () => {
    const text = await frameText(
      fakeView({
        toolStatus: 'error',
        toolNote: 'The tool reported an error; the app has it.',
        toolError: 'File not found: /tmp/x.pdf',
      }),
    );
    expect(text).to.contain('Tool display_pdf reported an error: File not found: /tmp/x.pdf');
    expect(text).to.not.contain('the app has it');
  });

  it('the title bar counts only calls waiting for the person, not an app call running (a long poll)', async () => {
    const frame = async (view: AppView) => {
      const el = await fixture(html`<mcp-app-frame .view=${view}></mcp-app-frame>`);
      return el.shadowRoot!.querySelector('[role="status"]')!.textContent!;
    };
    expect(await frame(fakeView({ pendingCalls: 1, callsAwaitingPerson: 0 }))).to.not.contain('waiting');
    expect(await frame(fakeView({ pendingCalls: 2, callsAwaitingPerson: 1 }))).to.contain('1 tool call waiting');
  });

  it('says nothing about delivering the result under an app that failed on its own', async () => {
    const text = await frameText(
      fakeView({ state: 'error', error: 'The app did not start: it never completed ui/initialize.' }),
    );
    expect(text).to.contain('The app did not start');
    expect(text).to.not.contain('delivered to the app');
  });
});
