// A view's frame height and display mode: the app's `size-changed` (through the size governor) and mode switches.

import type { DisplayMode } from '../../core/mcplet/display-mode.js';
import type { AppView } from './app-view.js';

/** The view reported its size: inline, its frame takes the height the governor allows, and its tile follows. */
export function applySizeChange(view: AppView, params: { width?: number; height?: number }): void {
  const iframe = view.frameElement;
  if (view.displayMode !== 'inline' || !iframe) return;
  const verdict = view.governor.propose(params.height);
  if (verdict.apply) {
    iframe.style.height = `${verdict.height}px`;
    // The tile that holds the frame follows the new height (app-tile.ts).
    view.changed();
  }
  // At most once per freeze (2 s), so it needs no share of the note allowance.
  if (verdict.loopDetected)
    view.note('refused', 'The app kept resizing itself; its height is held for a moment.', undefined, false);
}

/** Switches the display mode (user action or an accepted `ui/request-display-mode`); returns the mode now. */
export function switchDisplayMode(view: AppView, mode: DisplayMode): DisplayMode {
  if (view.state === 'closed' || !view.allowedModes.includes(mode) || mode === view.displayMode)
    return view.displayMode;
  view.displayMode = mode;
  const iframe = view.frameElement;
  if (iframe)
    iframe.style.height = mode === 'inline' && view.governor.height !== undefined ? `${view.governor.height}px` : '';
  view.changed();
  // The frame element re-lays out first; then the new box goes out with the new mode.
  requestAnimationFrame(() => view.remeasure());
  view.services.bus.emit('mcp:app:display-mode', { serverName: view.serverName, viewId: view.id, mode });
  return mode;
}
