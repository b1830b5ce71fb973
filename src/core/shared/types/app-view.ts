// MCP Apps views as widgets see them (`deps.AppHost`).

import type { Unsubscribe } from './common.js';
import type { MCPContent } from './results.js';

/** Lifecycle of an MCP App view: loading (resource, sandbox, handshake), ready, error, closed. */
export type AppViewState = 'loading' | 'ready' | 'error' | 'closed';

/** How a view is shown (MCP Apps display modes). */
export type AppDisplayMode = 'inline' | 'fullscreen' | 'pip';

/** What a widget sees of one open MCP App view (a `ui://` resource in the host's sandbox). */
export interface AppViewHandle {
  readonly id: string;
  readonly serverName: string;
  readonly toolName: string;
  readonly resourceUri: string;
  readonly state: AppViewState;
  readonly displayMode: AppDisplayMode;
  /** What went wrong, for the user, when `state` is 'error'. */
  readonly error: string | null;
  /** The latest `ui/update-model-context` the view sent (each one replaces the previous). */
  readonly modelContext: { content?: MCPContent[]; structuredContent?: Record<string, unknown> } | null;
  /** Sends `ui/resource-teardown` (bounded wait) and removes the view. */
  close(reason?: string): Promise<void>;
  /** Called on every change of state, mode, or model context. */
  onChange(callback: (view: AppViewHandle) => void): Unsubscribe;
}

/**
 * Host capability injected as `deps.AppHost`: MCP Apps views for tools that declare
 * `_meta.ui.resourceUri`, rendered by the host in its separate-origin sandbox.
 */
export interface AppHostInterface {
  /** The tool's `ui://` view, if it has one the host can show. */
  appResourceUri(serverName: string, toolName: string): string | undefined;
  /** Calls the tool (through the host's confirmation) and opens its view; resolves once the view exists. */
  open(serverName: string, toolName: string, args?: Record<string, unknown>): Promise<AppViewHandle>;
  /** Places the view's frame into `container`, once. A view is never moved afterwards. */
  render(view: AppViewHandle, container: HTMLElement): void;
  /** Views this widget opened that are not closed. */
  views(): AppViewHandle[];
  /**
   * Asks the host to show the view as its own dashboard tile, beside the widget. The view
   * then belongs to the dashboard: it stays open when the widget goes. False when the host has no
   * dashboard to place it on; then `render` it yourself. Optional: older hosts lack it.
   */
  place?(view: AppViewHandle): boolean;
  /**
   * Opens the tool's view before its tool is called (a preview the person asked for): the view gets
   * `tool-input-partial` from `inputPartial` as the person fills in the form, and the next `open` of the same
   * tool by this widget runs the tool in it (`tool-input` with the final arguments, then the call through the
   * host's confirmation) and resolves with the same view. Optional: older hosts lack it.
   */
  preview?(serverName: string, toolName: string, args?: Record<string, unknown>): Promise<AppViewHandle>;
  /** The form's valid-so-far arguments for a preview of this tool, if one is open (debounce before calling). */
  inputPartial?(serverName: string, toolName: string, args: Record<string, unknown>): void;
}
