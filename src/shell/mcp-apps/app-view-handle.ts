// What a widget holds of an MCP App view it opened: a frozen, read-only facade.

import type { AppViewHandle } from '../../core/shared/types.js';
import type { AppView } from './app-view.js';

/** The read-only facade of `view` (state read live; the model context copied), with close and onChange. */
export function viewHandle(view: AppView): AppViewHandle {
  const handle: AppViewHandle = Object.freeze({
    get id() {
      return view.id;
    },
    get serverName() {
      return view.serverName;
    },
    get toolName() {
      return view.toolName;
    },
    get resourceUri() {
      return view.resourceUri;
    },
    get state() {
      return view.state;
    },
    get displayMode() {
      return view.displayMode;
    },
    get error() {
      return view.error;
    },
    get modelContext() {
      return view.modelContext ? structuredClone(view.modelContext) : null;
    },
    close: (reason?: string) => view.close(reason),
    onChange: (callback: (v: AppViewHandle) => void) => view.onChange(() => callback(handle)),
  });
  return handle;
}
