// Mounting a widget under test with mock dependencies, and clicking through it as a user would.

import type {
  DependenciesObject,
  MCPServerInfo,
  MCPWidgetInterface,
  WidgetFactory,
} from '../../../src/core/shared/types.js';
import type { ConformanceOptions } from './conformance-options.js';
import { deepAll, nextPaint } from './dom.js';
import { sampleServerInfo } from './fixtures.js';
import { MockConfiguration } from './mock-configuration.js';
import { MockEventBus } from './mock-event-bus.js';
import { MockMCPBridge } from './mock-mcp-bridge.js';

/** A mounted widget under test with its mock dependencies. */
export interface Mounted {
  result: MCPWidgetInterface;
  element: HTMLElement;
  bus: MockEventBus;
  bridge: MockMCPBridge;
  config: MockConfiguration;
  info: MCPServerInfo;
}

// The suite's own timers use the real functions, so they never count as the widget's.
/** `setTimeout` as it was before any instrumentation. */
export const realSetTimeout = window.setTimeout.bind(window);
const realClearTimeout = window.clearTimeout.bind(window);
/** Waits `ms` with the real timer. */
export const sleep = (ms: number) => new Promise<void>((r) => realSetTimeout(r, ms));
/** Settles with the promise's value, or `{ ok: false }` after `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<{ ok: true; v: T } | { ok: false }> {
  let timer = 0;
  return Promise.race([
    p.then((v) => ({ ok: true as const, v })),
    new Promise<{ ok: false }>((r) => {
      timer = realSetTimeout(() => r({ ok: false }), ms);
    }),
  ]).finally(() => realClearTimeout(timer));
}

/** Mounts, unmounts and exercises the widget under test; each category's checks run through it. */
export class WidgetHarness {
  /** Where widgets are mounted. */
  readonly container: HTMLElement;

  constructor(
    readonly factory: WidgetFactory,
    readonly options: ConformanceOptions = {},
  ) {
    this.container = options.container ?? document.body.appendChild(document.createElement('div'));
  }

  /** Creates the widget with fresh mocks, initializes it (unless told not to) and attaches its element. */
  async mount(info: MCPServerInfo = sampleServerInfo(), initialize = true): Promise<Mounted> {
    const bus = new MockEventBus();
    const bridge = new MockMCPBridge(info);
    const config = new MockConfiguration();
    const deps: DependenciesObject = { EventBus: bus, MCPBridge: bridge, Configuration: config };
    const result = (await this.factory(deps, info)) as MCPWidgetInterface;
    const tag = (result?.widget as { element?: string } | undefined)?.element ?? '';
    const given = (result?.api as { element?: unknown } | undefined)?.element;
    const element =
      given instanceof HTMLElement
        ? given
        : document.createElement(/^[a-z][a-z0-9-]*-[a-z0-9-]*$/.test(tag) ? tag : 'div');
    if (initialize && result?.api?.initialize) await result.api.initialize();
    this.container.append(element);
    await (element as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
    await nextPaint();
    return { result, element, bus, bridge, config, info };
  }

  /** Destroys the widget (bounded wait) and removes its element. */
  async unmount(m: Mounted): Promise<void> {
    await withTimeout(
      Promise.resolve().then(() => m.result.api?.destroy?.()),
      5000,
    );
    m.element.remove();
  }

  /**
   * Clicks what a user would click, depth first: everything inside the current view before moving
   * to the next tab, filling required fields before a submit. Budget: `clicks` clicks.
   */
  async exercise(m: Mounted, clicks = 60, until?: () => boolean): Promise<void> {
    const clicked = new Set<Element>();
    for (let n = 0; n < clicks && !until?.(); n += 1) {
      const candidates = deepAll<HTMLButtonElement>(m.element, 'button, [role="tab"], summary').filter(
        (b) =>
          b.isConnected &&
          !clicked.has(b) &&
          !/download/i.test(b.textContent ?? '') &&
          b.getAttribute('aria-disabled') !== 'true',
      );
      const next = candidates.find((b) => b.getAttribute('role') !== 'tab') ?? candidates[0];
      if (!next) break;
      clicked.add(next);
      if (next.type === 'submit') {
        for (const input of deepAll<HTMLInputElement>(m.element, 'input[aria-required="true"]')) {
          if (input.value) continue;
          input.value = input.type === 'number' ? '1' : 'conformance';
          input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        }
        await nextPaint();
      }
      next.click();
      await nextPaint();
    }
  }
}
