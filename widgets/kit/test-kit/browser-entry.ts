// Entry bundled by `mcpwp test`: exposes the suite to the Node side, which drives Chromium.
import type { WidgetFactory } from '../../../src/core/shared/types.js';
import { runConformance, type ConformanceOptions } from './conformance.js';

declare global {
  interface Window {
    __mcpwpRun(modulePath: string, options: ConformanceOptions & { widgetName?: string }): Promise<unknown>;
    __mcpwpPress?(key: string): Promise<void>;
    __mcpwpHeap?(): Promise<number>;
  }
}

let loads = 0;
async function load(modulePath: string): Promise<WidgetFactory> {
  loads += 1;
  const mod = (await import(/* @vite-ignore */ `${modulePath}?load=${loads}`)) as { default?: unknown };
  if (typeof mod.default !== 'function')
    throw new Error('The widget module has no default export function (MCP-WP-3.1.1).');
  return mod.default as WidgetFactory;
}

window.__mcpwpRun = async (modulePath, options) => {
  const factory = await load(modulePath);
  return runConformance(factory, {
    ...options,
    press: window.__mcpwpPress,
    measureHeap: window.__mcpwpHeap,
    reload: () => load(modulePath),
  });
};
