import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { deepQuery, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import {
  comboField,
  comboInput,
  comboOptions,
  recordEvents,
  showTab,
  textAppears,
} from '../support/client-features.js';
import { useDashboard } from '../support/setup.js';

declare global {
  interface Window {
    __xss?: number;
  }
}

// completion/complete in the prompt and resource-template forms, with a real keyboard, against the real
// server-everything and a hostile fixture server through the real gateway.
describe('completions in prompt and template forms', () => {
  const env = useDashboard({
    mcpServers: {
      everything: { command: 'mcp-server-everything', args: ['stdio'] },
      hostile: { command: 'node', args: ['test/fixtures/client-features-server.mjs'] },
    },
  });

  async function choosePrompt(card: McpWidgetCard, title: string): Promise<HTMLElement> {
    const panel = await showTab(card, 'Prompts');
    const runner = await waitFor(() => deepQuery('mcp-prompt-runner', panel), 5000, 'prompt runner');
    (
      await waitFor(
        () => deepQueryText<HTMLButtonElement>('button', title, runner.shadowRoot!),
        5000,
        `prompt ${title}`,
      )
    ).click();
    return runner;
  }

  /** Focuses the field and types like a person, then waits for the suggestions to be shown. */
  async function typeAndWait(field: HTMLElement, text: string, expected: string): Promise<string[]> {
    comboInput(field).focus();
    await sendKeys({ type: text });
    return waitFor(
      () => (comboOptions(field).includes(expected) ? comboOptions(field) : undefined),
      10_000,
      `suggestion ${expected} (status: ${deepText(field.shadowRoot!)})`,
    );
  }

  it('MCP-WP-11.5.2 / 11.5.3 / 11.5.9 prompt arguments suggest values as you type (WAI-ARIA combobox), with the other arguments as context, all by keyboard', async () => {
    const card = await env.card('everything');
    const seen = recordEvents(env.dashboard, '*');
    const runner = await choosePrompt(card, 'Team Management');
    const department = await comboField(runner.shadowRoot!, 'department');
    const input = comboInput(department);
    expect(input.getAttribute('role')).to.equal('combobox');
    expect(input.getAttribute('aria-autocomplete')).to.equal('list');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(await typeAndWait(department, 'E', 'Engineering')).to.deep.equal(['Engineering']);
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    await expect(department).to.be.accessible();
    const listbox = department.shadowRoot!.getElementById(input.getAttribute('aria-controls')!)!;
    expect(listbox.getAttribute('role')).to.equal('listbox');
    await sendKeys({ press: 'ArrowDown' });
    await department.updateComplete;
    expect(department.shadowRoot!.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).to.equal(
      'Engineering',
    );
    await sendKeys({ press: 'Enter' });
    await department.updateComplete;
    expect(input.value).to.equal('Engineering');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    // The second argument's suggestions depend on the first (context.arguments).
    const name = await comboField(runner.shadowRoot!, 'name');
    comboInput(name).focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => comboOptions(name).length === 3, 10_000, 'the Engineering team');
    expect(comboOptions(name)).to.deep.equal(['Alice', 'Bob', 'Charlie']);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    expect(comboInput(name).value).to.equal('Bob');
    // Escape closes a list without leaving the field; Enter then submits the form.
    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Enter' });
    await textAppears(
      runner.shadowRoot!,
      'Please promote Bob to the head of the Engineering team.',
      10_000,
      'the prompt messages',
    );
    seen.stop();
    expect(seen.events.some((e) => e.event === 'mcp:prompt:result')).to.equal(true);
    await expect(department).to.be.accessible();
  });

  it('a resource template variable gets suggestions too; choosing one and reading works', async () => {
    const card = await env.card('everything');
    const panel = await showTab(card, 'Resources');
    const browser = await waitFor(() => deepQuery('mcp-resource-browser', panel), 5000, 'resource browser');
    (
      await waitFor(
        () =>
          deepQueryText<HTMLButtonElement>('button', 'demo://resource/dynamic/text/{resourceId}', browser.shadowRoot!),
        5000,
        'the text template',
      )
    ).click();
    const field = await comboField(browser.shadowRoot!, 'resourceId');
    expect(await typeAndWait(field, '7', '7')).to.deep.equal(['7']);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
    await textAppears(
      browser.shadowRoot!,
      'demo://resource/dynamic/text/7',
      10_000,
      'the resource read from the template',
    );
  });

  it('MCP-WP-5.4.2 / 11.1.1 hostile completion values are shown as text, never run; the context narrows them', async () => {
    const card = await env.card('hostile');
    const runner = await choosePrompt(card, 'Plan a trip');
    const city = await comboField(runner.shadowRoot!, 'city');
    const options = await typeAndWait(city, 'K', 'Kyoto');
    expect(options).to.include.members(['Kyoto', 'Kobe', 'Kagoshima']);
    expect(options.some((o) => o.includes('<img src=x onerror='))).to.equal(true);
    expect(city.shadowRoot!.querySelector('img, script')).to.equal(null);
    expect(window.__xss).to.equal(undefined);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    const hotel = await comboField(runner.shadowRoot!, 'hotel');
    comboInput(hotel).focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => comboOptions(hotel).length === 2, 10_000, 'hotels for Kyoto');
    expect(comboOptions(hotel)).to.deep.equal(['Kyoto Grand', 'Kyoto Inn']);
    // A template variable of the hostile server: markup offered as a value stays text.
    const panel = await showTab(card, 'Resources');
    const browser = await waitFor(() => deepQuery('mcp-resource-browser', panel), 5000, 'resource browser');
    (
      await waitFor(
        () => deepQueryText<HTMLButtonElement>('button', 'hostile://item/{id}', browser.shadowRoot!),
        5000,
        'the hostile template',
      )
    ).click();
    const id = await comboField(browser.shadowRoot!, 'id');
    comboInput(id).focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => comboOptions(id).length === 4, 10_000, 'the ids');
    expect(comboOptions(id)[3]).to.contain('<script>');
    expect(id.shadowRoot!.querySelector('img, script')).to.equal(null);
    expect(window.__xss).to.equal(undefined);
  });
});
