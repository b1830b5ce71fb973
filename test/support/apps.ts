// Helpers for MCP Apps tests: open a view the way a widget does, and wait for what it reports.
import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpAppFrame } from '../../src/shell/mcp-apps/mcp-app-frame.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import type { AppHostInterface, AppViewHandle, DependenciesObject } from '../../src/core/shared/types.js';
import { deepQuery } from './dom.js';
import { waitFor } from './gateway.js';
import { answerDialog, dialogOpen } from './dashboard.js';

/** The server panel widget in a card, with its injected dependencies. */
export function panelOf(card: McpWidgetCard): HTMLElement & { deps: DependenciesObject } {
  return deepQuery('mcp-server-panel-widget', card.shadowRoot!) as HTMLElement & { deps: DependenciesObject };
}

/** Every app frame of a card's server: in its panel, and in the app tiles its panel placed on the dashboard. */
export function framesIn(card: McpWidgetCard): McpAppFrame[] {
  const inPanel = [...(panelOf(card)?.shadowRoot?.querySelectorAll('mcp-app-frame') ?? [])];
  const root = card.getRootNode() as ShadowRoot | Document;
  const tiles = [...root.querySelectorAll('mcp-app-tile')].filter((t) => t.tile?.server === card.server?.name);
  return [...inPanel, ...tiles.flatMap((t) => [...(t.shadowRoot?.querySelectorAll('mcp-app-frame') ?? [])])];
}

/**
 * Opens `toolName`'s view through the widget's AppHost and confirms the tool call (the view opens
 * only once the call is confirmed, so `open` resolves after the answer).
 */
export async function openThroughWidget(
  dashboard: McpDashboard,
  card: McpWidgetCard,
  serverName: string,
  toolName: string,
  args: Record<string, unknown> = {},
): Promise<{ handle: AppViewHandle; frame: McpAppFrame }> {
  const panel = panelOf(card);
  const apps = panel.deps.AppHost as AppHostInterface;
  const opening = apps.open(serverName, toolName, args);
  const text = await dialogOpen(dashboard);
  expect(text).to.contain(`${serverName}:${toolName}`);
  answerDialog(dashboard, 'confirm');
  const handle = await opening;
  apps.render(handle, panel.shadowRoot!.querySelector('.apps') as HTMLElement);
  const frame = await waitFor(() => framesIn(card).find((f) => f.view?.id === handle.id), 10_000, 'the app frame');
  return { handle, frame };
}

/** Asks to open `toolName`'s view and cancels the confirmation; resolves with the error `open` rejected with. */
export async function cancelOpenThroughWidget(
  dashboard: McpDashboard,
  card: McpWidgetCard,
  serverName: string,
  toolName: string,
  args: Record<string, unknown> = {},
): Promise<Error & { jsonrpcCode?: number }> {
  const apps = panelOf(card).deps.AppHost as AppHostInterface;
  const opening = apps.open(serverName, toolName, args).then(
    () => undefined,
    (error: Error & { jsonrpcCode?: number }) => error,
  );
  const text = await dialogOpen(dashboard);
  expect(text).to.contain(`${serverName}:${toolName}`);
  answerDialog(dashboard, 'cancel');
  const error = await opening;
  if (!error) throw new Error('open() resolved although the call was cancelled');
  return error;
}

/** Waits until the view is ready (fails with the view's error otherwise). */
export async function viewReady(frame: McpAppFrame): Promise<string> {
  await waitFor(() => frame.view?.state === 'ready' || frame.view?.state === 'error', 20_000, 'the view to start');
  expect(frame.view!.state, frame.view!.error ?? '').to.equal('ready');
  return frame.view!.id;
}

/** Waits for the view's model context (its report) to satisfy `check`. */
export async function viewReport<T = Record<string, any>>(
  handle: AppViewHandle,
  check: (report: T) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<T> {
  return waitFor(
    () => {
      const report = handle.modelContext?.structuredContent as T | undefined;
      return report && check(report) ? report : undefined;
    },
    timeoutMs,
    `a report from view ${handle.id}`,
  );
}
