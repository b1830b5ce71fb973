// Harness for bench/widget-lifecycle.bench.mjs: creates, mounts and destroys the built-in widgets
// with the host's own lifecycle code (src/shell/card/widget-lifecycle.ts) and the dependencies a card
// injects (src/core/widget-host/widget-deps.ts), against a real server through the real gateway. Every widget
// type the host offers for that server is measured, so widgets added later are picked up without changes.
import { cardWidgetDependencies } from '../../src/shell/card/card-dependencies.js';
import type { MCPServerInfo, WidgetFactory } from '../../src/core/shared/types.js';
import { createHostServices, type HostServices } from '../../src/shell/services/host-services.js';
import {
  createWidgetInstance,
  destroyWidgetInstance,
  type WidgetInstance,
} from '../../src/shell/card/widget-lifecycle.js';
import type { WidgetTypeEntry } from '../../src/shell/card/widget-registry.js';

let services: HostServices;
let info: MCPServerInfo;
let serverName: string;
let mount: HTMLElement;
const factories = new Map<string, WidgetFactory>();
const kept: WidgetInstance[] = [];

/** Resolves after the next frame has been painted. */
function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function entryFor(type: string): WidgetTypeEntry {
  const entry = services.registry.get(type);
  if (!entry) throw new Error(`no widget type "${type}"`);
  return entry;
}

async function factoryFor(type: string): Promise<WidgetFactory> {
  let factory = factories.get(type);
  if (!factory) {
    factory = await entryFor(type).load();
    factories.set(type, factory);
  }
  return factory;
}

/** Factory → initialize → mount → rendered (and painted); resolves with the instance and both times. */
async function create(type: string): Promise<{ instance: WidgetInstance; ms: number; paintedMs: number }> {
  const factory = await factoryFor(type);
  // Exactly what a card wires for this widget type and server.
  const deps = cardWidgetDependencies(services, entryFor(type), serverName);
  const started = performance.now();
  const instance = await createWidgetInstance(factory, deps, info);
  mount.append(instance.element);
  services.theme.applyToElement(instance.element);
  await (instance.element as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
  // Reading a layout property forces style and layout now, so they count as part of the render.
  void instance.element.getBoundingClientRect();
  const ms = performance.now() - started;
  await painted();
  return { instance, ms, paintedMs: performance.now() - started };
}

const bench = {
  /** Connects to the server; resolves with the widget types to measure. */
  async setup(options: {
    baseUrl: string;
    token: string;
    serverName: string;
  }): Promise<Array<{ type: string; label: string }>> {
    serverName = options.serverName;
    mount = document.createElement('main');
    document.body.append(mount);
    services = createHostServices({
      baseUrl: options.baseUrl,
      token: options.token,
      confirm: async () => false,
      dbName: `mcp-dashboard-bench-${Date.now()}`,
    });
    await Promise.all([services.configuration.load(), services.policy.load()]);
    info = await services.bridge.connect(options.serverName, 'stdio');
    // The types the card's View chooser offers for this server.
    return services.registry.listFor(options.serverName).map((e) => ({ type: e.type, label: e.label }));
  },

  /** `count` render times (each: create, paint, destroy): to the end of the first render, and to the painted frame. */
  async renderTimes(type: string, count: number): Promise<{ rendered: number[]; painted: number[] }> {
    const rendered: number[] = [];
    const painted: number[] = [];
    for (let i = 0; i < count; i++) {
      const { instance, ms, paintedMs } = await create(type);
      rendered.push(ms);
      painted.push(paintedMs);
      await destroyWidgetInstance(instance);
    }
    return { rendered, painted };
  },

  /** Creates one instance and keeps it mounted (for memory after init). */
  async keep(type: string): Promise<void> {
    kept.push((await create(type)).instance);
  },

  /** Destroys every kept instance. */
  async dropKept(): Promise<void> {
    for (const instance of kept.splice(0)) await destroyWidgetInstance(instance);
  },

  /** `count` create → mount → paint → destroy cycles; resolves with what is left mounted (should be 0). */
  async cycles(type: string, count: number): Promise<number> {
    for (let i = 0; i < count; i++) {
      const { instance } = await create(type);
      await destroyWidgetInstance(instance);
    }
    return mount.childElementCount;
  },

  /** Tool/resource/prompt counts of the server the widgets show. */
  counts: () => ({ tools: info.tools.length, resources: info.resources.length, prompts: info.prompts.length }),
};

declare global {
  interface Window {
    widgetBench: typeof bench;
  }
}
window.widgetBench = bench;
