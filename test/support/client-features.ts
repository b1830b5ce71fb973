// Helpers for the MCP client-feature tests (tasks, URL elicitation, completions, roots, logs): they
// drive the real dashboard the way a person does — tabs, fields, dialogs.
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { deepQuery, deepQueryAll, deepText } from './dom.js';
import { waitFor } from './gateway.js';
import { openTab } from './dashboard.js';

/** The server panel widget inside a card. */
export function panelOf(
  card: McpWidgetCard,
): HTMLElement & { info?: { tools: Array<{ name: string }> }; updateComplete: Promise<unknown> } {
  return deepQuery('mcp-server-panel-widget', card.shadowRoot!) as never;
}

/** Waits until the card's server lists `tool` (server-everything adds some after it sees our capabilities). */
export async function waitForTool(card: McpWidgetCard, tool: string): Promise<void> {
  await waitFor(() => panelOf(card)?.info?.tools.some((t) => t.name === tool), 15_000, `tool ${tool} to be listed`);
}

/** Opens a tab of the card's server panel and returns the panel's tabpanel. */
export async function showTab(card: McpWidgetCard, label: string): Promise<HTMLElement> {
  await openTab(card, label);
  const panel = panelOf(card);
  await panel.updateComplete;
  return waitFor(() => panel.shadowRoot!.querySelector<HTMLElement>('[role="tabpanel"]'), 5000, `the ${label} tab`);
}

/** Ticks (or unticks) the checkbox labelled `label` in a schema form. */
export async function setCheckbox(form: Element, label: string, checked: boolean): Promise<void> {
  const labelEl = deepQueryAll<HTMLLabelElement>('label', form.shadowRoot!).find((l) =>
    (l.textContent ?? '').trim().startsWith(label),
  );
  if (!labelEl) throw new Error(`no checkbox labelled ${label}`);
  const input = form.shadowRoot!.getElementById(labelEl.htmlFor) as HTMLInputElement;
  if (input.checked !== checked) input.click();
  await (form as unknown as { updateComplete: Promise<unknown> }).updateComplete;
}

/** A dialog element of the dashboard, once its <dialog> is open. */
export async function openDialog<K extends keyof HTMLElementTagNameMap>(
  dashboard: McpDashboard,
  tag: K,
  timeoutMs = 15_000,
): Promise<HTMLElementTagNameMap[K]> {
  const element = dashboard.shadowRoot!.querySelector(tag)!;
  await waitFor(() => element.shadowRoot?.querySelector('dialog')?.open, timeoutMs, `${tag} to open`);
  return element;
}

/** Waits until a dialog element's <dialog> has closed. */
export async function dialogClosed(element: Element, timeoutMs = 10_000): Promise<void> {
  await waitFor(() => !element.shadowRoot?.querySelector('dialog')?.open, timeoutMs, `${element.localName} to close`);
}

/** Waits until `root`'s visible text includes `text`. */
export async function textAppears(root: ParentNode, text: string, timeoutMs = 15_000, what = text): Promise<string> {
  return waitFor(
    () => {
      const all = deepText(root);
      return all.includes(text) ? all : undefined;
    },
    timeoutMs,
    what,
  );
}

/** Records every bus event matching `pattern` until `stop()` is called. */
export function recordEvents(
  dashboard: McpDashboard,
  pattern: string,
): { events: Array<{ event: string; data: any }>; stop: () => void } {
  const events: Array<{ event: string; data: any }> = [];
  const stop = dashboard.services!.bus.on(pattern, (data, meta) => events.push({ event: meta.event, data }));
  return { events, stop };
}

/** Replaces window.open for the test; returns what it was asked to open and a restore function. */
export function stubWindowOpen(): { opened: unknown[][]; restore: () => void } {
  const opened: unknown[][] = [];
  const real = window.open;
  window.open = ((...args: unknown[]) => {
    opened.push(args);
    return null;
  }) as typeof window.open;
  return { opened, restore: () => (window.open = real) };
}

/** Switches a card to another view (widget type) from its View menu. */
export async function chooseView(card: McpWidgetCard, type: string, element: string): Promise<HTMLElement> {
  const select = card.shadowRoot!.querySelector('select') as HTMLSelectElement;
  select.value = type;
  select.dispatchEvent(new Event('change'));
  return waitFor(() => deepQuery(element, card.shadowRoot!), 10_000, `the ${type} view`);
}

/** Runs `action` with anchor downloads captured instead of performed; returns the saved blobs' text. */
export async function captureDownloads(
  action: () => void | Promise<void>,
): Promise<Array<{ name: string; text: string }>> {
  const saved: Array<Promise<{ name: string; text: string }>> = [];
  const original = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.download && this.href.startsWith('blob:'))
      saved.push(fetch(this.href).then(async (r) => ({ name: this.download, text: await r.text() })));
    else original.call(this);
  };
  try {
    await action();
  } finally {
    HTMLAnchorElement.prototype.click = original;
  }
  return Promise.all(saved);
}

/** The combobox field named `name` inside an argument form (found through open shadow roots). */
export async function comboField(
  root: ParentNode,
  name: string,
): Promise<HTMLElement & { value: string; updateComplete: Promise<unknown> }> {
  return waitFor(
    () => deepQueryAll('mcp-completion-input', root).find((el) => el.getAttribute('name') === name),
    5000,
    `field ${name}`,
  ) as never;
}

/** The text input (role combobox) of a completion field. */
export function comboInput(field: Element): HTMLInputElement {
  return field.shadowRoot!.querySelector('input')!;
}

/** The suggestion texts the field shows now. */
export function comboOptions(field: Element): string[] {
  return [...field.shadowRoot!.querySelectorAll('[role="option"]')].map((o) => o.textContent ?? '');
}

/** Fills a runner's schema-form fields by label text without submitting. */
export async function fillFields(runner: HTMLElement, values: Record<string, string>): Promise<void> {
  const form = await waitFor(() => deepQuery('mcp-schema-form', runner.shadowRoot!), 5000, 'form');
  for (const [label, value] of Object.entries(values)) {
    const labelEl = deepQueryAll<HTMLLabelElement>('label', form.shadowRoot!).find((l) =>
      (l.textContent ?? '').trim().startsWith(label),
    );
    if (!labelEl) throw new Error(`no field labelled ${label}`);
    const input = form.shadowRoot!.getElementById(labelEl.htmlFor) as HTMLInputElement;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }
  await (form as unknown as { updateComplete: Promise<unknown> }).updateComplete;
}
