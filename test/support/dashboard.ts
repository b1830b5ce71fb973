// Mounts a real <mcp-dashboard> against a test gateway and drives it like a user.
import '../../src/shell/dashboard.js';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import type { McpConfirmDialog } from '../../src/shell/dialogs/confirm-dialog.js';
import type { McpPermissionDialog } from '../../src/shell/mcp-apps/permissions/permission-dialog.js';
import { createWidgetDependencies, type WidgetDependencies } from '../../src/core/widget-host/widget-deps.js';
import { deepQuery, deepQueryAll, deepQueryText } from './dom.js';
import { waitFor, type TestGateway } from './gateway.js';

let dbCounter = 0;

/** A fresh IndexedDB name for one dashboard. */
export function freshDbName(): string {
  return `mcp-dashboard-test-${Date.now()}-${++dbCounter}`;
}

/** Creates the dashboard element for `gateway` (a fresh IndexedDB per call, unless `dbName` reopens one). */
export async function mountDashboard(
  gateway: TestGateway,
  token = gateway.token,
  dbName = freshDbName(),
): Promise<McpDashboard> {
  const el = document.createElement('mcp-dashboard');
  el.baseUrl = gateway.origin;
  el.token = token;
  el.dbName = dbName;
  document.body.append(el);
  return el;
}

/**
 * The card of one server, once its widget is mounted. 45 s by default: on a loaded 2-core machine (the whole suite
 * running) a server started with npx-style package binaries took over 20 s; a test's own limit still applies.
 */
export async function readyCard(dashboard: McpDashboard, name: string, timeoutMs = 45_000): Promise<McpWidgetCard> {
  return waitFor(
    () => {
      const card = [...dashboard.shadowRoot!.querySelectorAll('mcp-widget-card')].find((c) => c.server?.name === name);
      // Ready means the page's own session is open too (a card may show the gateway's catalog before it).
      return card && ((card.phase === 'ready' && !card.connecting) || card.phase === 'error') ? card : undefined;
    },
    timeoutMs,
    `card "${name}" to finish loading`,
  );
}

/** The confirmation dialog element. */
export function confirmDialog(dashboard: McpDashboard): McpConfirmDialog {
  return dashboard.shadowRoot!.querySelector('mcp-confirm-dialog')!;
}

/** Waits until the confirmation dialog is open; returns its text. */
export async function dialogOpen(dashboard: McpDashboard): Promise<string> {
  const dialog = confirmDialog(dashboard);
  await waitFor(() => dialog.shadowRoot?.querySelector('dialog')?.open, 10_000, 'the confirmation dialog');
  return dialog.shadowRoot!.textContent ?? '';
}

/** The MCP Apps permission dialog, once it is open (an app asked for a device or the clipboard). */
export function permissionDialogOpen(dashboard: McpDashboard, timeoutMs = 15_000): Promise<McpPermissionDialog> {
  return waitFor(
    () => {
      const box = dashboard.shadowRoot!.querySelector('mcp-permission-dialog');
      return box?.shadowRoot?.querySelector('dialog')?.open ? box : undefined;
    },
    timeoutMs,
    'the permission dialog',
  );
}

/** Whether the confirmation dialog is open. */
export function dialogIsOpen(dashboard: McpDashboard): boolean {
  return confirmDialog(dashboard)?.shadowRoot?.querySelector('dialog')?.open === true;
}

/** Cancels confirmations left open: a test that fails with one open would otherwise fail every test after it. */
export async function cancelOpenDialogs(dashboard: McpDashboard): Promise<void> {
  for (let i = 0; i < 5 && dialogIsOpen(dashboard); i += 1) {
    answerDialog(dashboard, 'cancel');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Clicks Confirm or Cancel in the open dialog. */
export function answerDialog(dashboard: McpDashboard, action: 'confirm' | 'cancel'): void {
  (confirmDialog(dashboard).shadowRoot!.querySelector(`[data-action="${action}"]`) as HTMLButtonElement).click();
}

/** Opens a tab of a card's panel widget by its label. */
export async function openTab(card: McpWidgetCard, label: string): Promise<void> {
  const tab = await waitFor(
    () => deepQueryText<HTMLButtonElement>('[role="tab"]', label, card.shadowRoot!),
    5000,
    `tab ${label}`,
  );
  tab.click();
}

/** Types into the tool list's search box (the list is virtualised: only rows in view exist). */
export async function searchTools(root: ParentNode, text: string): Promise<void> {
  const list = await waitFor(() => deepQuery('mcp-tool-list', root), 5000, 'tool list');
  const input = list.shadowRoot!.querySelector('input[type="search"]') as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await (list as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  // The list is virtualised against the viewport: like a person, scroll it into view to see rows.
  list.scrollIntoView({ block: 'center' });
}

/** Selects a tool in the Tools tab (searching for it first) and returns the tool runner element. */
export async function selectTool(card: McpWidgetCard, text: string): Promise<HTMLElement> {
  const tab = deepQueryText<HTMLButtonElement>('[role="tab"]', 'Tools', card.shadowRoot!);
  if (tab) tab.click();
  await searchTools(card.shadowRoot!, text);
  const list = deepQuery('mcp-tool-list', card.shadowRoot!) as unknown as {
    matchCount: number;
    shadowRoot: ShadowRoot;
  };
  const button = await waitFor(
    () => {
      const found = deepQueryText<HTMLButtonElement>('button.tool-item', text, card.shadowRoot!);
      // A list scrolled out of view (a dialog closed, a card grew) shows no rows until it is scrolled back,
      // as a person would: the rows are built for the part in view.
      if (!found) (list as unknown as HTMLElement | undefined)?.scrollIntoView({ block: 'center' });
      return found;
    },
    10_000,
    `tool ${text}`,
  ).catch((error: Error) => {
    // Described when the wait ends, not when it starts.
    throw new Error(`${error.message} (${list?.matchCount} match; ${describeVirtualList(list?.shadowRoot)})`);
  });
  button.click();
  return waitFor(() => deepQuery('mcp-tool-runner', card.shadowRoot!), 5000, 'tool runner');
}

/** Where a virtual list is and what it holds, for a failure message. */
function describeVirtualList(root: ShadowRoot | undefined): string {
  const virtual = root?.querySelector('mcp-virtual-list');
  if (!virtual) return 'no virtual list';
  const box = virtual.getBoundingClientRect();
  return (
    `virtual list at y=${Math.round(box.top)} h=${Math.round(box.height)} in a ${innerHeight}px window, ` +
    `${virtual.children.length} rows built, scrollTop ${virtual.scrollTop}`
  );
}

/** Fills the tool runner's fields by label text and presses Invoke (or the form's `submitLabel`). */
export async function fillAndInvoke(
  runner: HTMLElement,
  values: Record<string, string>,
  submitLabel = 'Invoke',
): Promise<HTMLButtonElement> {
  // Prompt arguments and template variables use the argument form (text fields with suggestions).
  const found = await waitFor(
    () => deepQuery('mcp-schema-form', runner.shadowRoot!) ?? deepQuery('mcp-argument-form', runner.shadowRoot!),
    5000,
    'form',
  );
  if (found.localName === 'mcp-argument-form') return fillArgumentForm(found, values, submitLabel);
  const form = found;
  await (form as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  for (const [label, value] of Object.entries(values)) {
    const labelEl = deepQueryAll<HTMLLabelElement>('label', form.shadowRoot!).find((l) =>
      (l.textContent ?? '').trim().startsWith(label),
    );
    if (!labelEl) throw new Error(`no field labelled ${label}`);
    const input = form.shadowRoot!.getElementById(labelEl.htmlFor) as HTMLInputElement | HTMLSelectElement;
    if (input instanceof HTMLSelectElement) {
      const option = [...input.options].find((o) => o.textContent?.trim() === value);
      if (!option) throw new Error(`no option "${value}" for ${label}`);
      input.value = option.value;
    } else {
      input.value = value;
    }
    input.dispatchEvent(
      new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true, composed: true }),
    );
  }
  await (form as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  const invoke = deepQueryText<HTMLButtonElement>('button[type="submit"]', submitLabel, form.shadowRoot!)!;
  invoke.focus();
  invoke.click();
  return invoke;
}

/** Types into an argument form's fields (by label) and presses its submit button. */
async function fillArgumentForm(
  form: HTMLElement,
  values: Record<string, string>,
  submitLabel: string,
): Promise<HTMLButtonElement> {
  for (const [label, value] of Object.entries(values)) {
    const field = deepQueryAll<HTMLElement>('mcp-completion-input', form.shadowRoot!).find((f) =>
      (f.shadowRoot!.querySelector('label')?.textContent ?? '').trim().startsWith(label),
    );
    if (!field) throw new Error(`no field labelled ${label}`);
    const input = field.shadowRoot!.querySelector('input')!;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }
  await (form as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  const submit = deepQueryText<HTMLButtonElement>('button[type="submit"]', submitLabel, form.shadowRoot!)!;
  submit.focus();
  submit.click();
  return submit;
}

/**
 * The dependencies a card would give widget `widgetId`, from the dashboard's own services (bus, bridge, invoker,
 * configuration), plus `extra` (policy, agents…); no theme and no i18n unless `extra` brings them.
 */
export function widgetDependencies(
  dashboard: McpDashboard,
  widgetId: string,
  extra: Partial<Parameters<typeof createWidgetDependencies>[0]> = {},
): WidgetDependencies {
  const { bus, bridge, invoker, configuration } = dashboard.services!;
  return createWidgetDependencies({ widgetId, bus, bridge, invoker, configuration, ...extra });
}
