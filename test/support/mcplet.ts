import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { deepQueryText, deepText } from './dom.js';
import { waitFor } from './gateway.js';
import { searchTools } from './dashboard.js';

// The MCPlet demo server's test setup and what the MCPlet policy tests read off the page.

/** The MCPlet demo server's name in the tests' config. */
export const SERVER = 'mcplet-demo';
/** The demo server with a notes pool, an agent and passkey verification through the gateway. */
export const CONFIG = {
  mcpServers: { [SERVER]: { command: 'node', args: ['examples/mcplet-demo-server/server.mjs'] } },
  dashboard: {
    pools: { 'notes-pool': { description: 'demo notes' } },
    agents: { 'notes-agent': { pools: ['notes-pool'] } },
    passkeys: { enabled: true, verifiers: [SERVER] },
  },
};

/** The dashboard's passkey prompt element. */
export function passkeyPrompt(dashboard: McpDashboard): HTMLElement {
  return dashboard.shadowRoot!.querySelector('mcp-passkey-prompt')!;
}

/**
 * Resolves with the passkey prompt's text the moment its dialog opens. Call it before the step that
 * opens the prompt: with a virtual authenticator that answers at once, the whole ceremony can finish
 * (and the prompt close again) between two polls, so the opening is observed, not polled for.
 */
export function promptOpens(dashboard: McpDashboard, timeoutMs = 10_000): Promise<string> {
  const prompt = passkeyPrompt(dashboard);
  const dialog = prompt.shadowRoot!.querySelector('dialog')!;
  return new Promise<string>((resolve, reject) => {
    const done = (observer: MutationObserver, timer: ReturnType<typeof setTimeout>) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(prompt.shadowRoot!.textContent ?? '');
    };
    const observer = new MutationObserver(() => {
      if (dialog.open) done(observer, timer);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`The passkey prompt did not open within ${timeoutMs} ms`));
    }, timeoutMs);
    observer.observe(dialog, { attributes: true, attributeFilter: ['open'] });
    if (dialog.open) done(observer, timer);
  });
}

/** The text of one tool's item in the (virtualised, searchable) tool list, as a person finds it. */
export async function toolItem(card: McpWidgetCard, title: string): Promise<string> {
  deepQueryText<HTMLButtonElement>('[role="tab"]', 'Tools', card.shadowRoot!)?.click();
  await searchTools(card.shadowRoot!, title);
  const item = await waitFor(
    () => deepQueryText('button.tool-item', title, card.shadowRoot!),
    10_000,
    `the list item of ${title}`,
  );
  return item.textContent!.replace(/\s+/g, ' ');
}

/** The tool runner's text once it contains `text`. */
export async function runnerText(runner: HTMLElement, text: string, timeoutMs = 15_000): Promise<string> {
  return waitFor(
    () => (deepText(runner.shadowRoot!).includes(text) ? deepText(runner.shadowRoot!) : undefined),
    timeoutMs,
    `"${text}" in the tool runner`,
  );
}
