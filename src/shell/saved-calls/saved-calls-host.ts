import type { SavedCallData } from '../../core/saved-calls/saved-call-file.js';
import type { SavedCall, SavedCallsStore } from '../../core/saved-calls/saved-calls-store.js';
import type { HostServices } from '../services/host-services.js';
import type { McpSavedCalls } from './saved-calls-panel.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The page's saved calls: `open()` shows the panel (its code and the store load on first use). */
export interface SavedCallsHost {
  open(draft?: SavedCallData): Promise<McpSavedCalls | undefined>;
  /** The saved calls (the store loads on first use), newest first. */
  list(): Promise<SavedCall[]>;
  dispose(): void;
}

/**
 * Wires saved calls into a dashboard: the `<mcp-saved-calls>` element in `root`, and the
 * `mcp:call:save-requested` event a tool form sends ({ serverName, toolName, args }) when the user
 * presses "Save call". A widget may offer only calls of its own server (as for running them); the
 * call is stored only once the user names it and presses Save in the panel.
 */
export function installSavedCalls(options: {
  root: ParentNode;
  services: HostServices;
  dbName?: string;
  /**
   * Team mode: the person's saved calls kept elsewhere (the gateway), as a saved-calls file's text; they replace
   * this browser's when the store opens, and every change is saved there.
   */
  mirror?: { text(): string | undefined; save(text: string): void };
}): SavedCallsHost {
  const { services, mirror } = options;
  let store: Promise<SavedCallsStore> | undefined;
  const openStore = async (Store: typeof SavedCallsStore): Promise<SavedCallsStore> => {
    const opened = new Store(options.dbName);
    if (!mirror) return opened;
    const text = mirror.text();
    if (text) await opened.syncFrom(text).catch((e: unknown) => console.warn('[mcp-dashboard] saved calls', e));
    let last = opened.exportText();
    opened.onChange(() => {
      const now = opened.exportText();
      if (now !== last) mirror.save((last = now));
    });
    return opened;
  };
  const open = async (draft?: SavedCallData): Promise<McpSavedCalls | undefined> => {
    const [{ SavedCallsStore: Store }] = await Promise.all([
      import('../../core/saved-calls/saved-calls-store.js'),
      import('./saved-calls-panel.js'),
    ]);
    store ??= openStore(Store);
    const panel = options.root.querySelector('mcp-saved-calls');
    if (!panel) return undefined;
    panel.store = await store;
    await panel.show(draft);
    return panel;
  };
  const off = services.bus.on('mcp:call:save-requested', (data: unknown, meta) => {
    if (
      !isObject(data) ||
      typeof data.serverName !== 'string' ||
      typeof data.toolName !== 'string' ||
      !isObject(data.args)
    )
      return;
    if (meta.source !== 'host' && services.policy.grants.get(meta.source)?.serverName !== data.serverName) return;
    const name = typeof data.name === 'string' ? data.name : data.toolName;
    void open({ name, serverName: data.serverName, toolName: data.toolName, args: structuredClone(data.args) });
  });
  const list = async (): Promise<SavedCall[]> => {
    const { SavedCallsStore: Store } = await import('../../core/saved-calls/saved-calls-store.js');
    store ??= openStore(Store);
    const opened = await store;
    await opened.load();
    return opened.list();
  };
  return { open, list, dispose: off };
}
