import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type {
  DependenciesObject,
  MCPServerInfo,
  MCPWidgetInterface,
  MCPTool,
  WidgetFactory,
  WidgetResourceUsage,
} from '../../src/core/shared/types.js';
// The mocks by file: the kit's index also loads axe-core (CommonJS), which this test does not need.
import { MockConfiguration } from '../../widgets/kit/test-kit/mock-configuration.js';
import { MockEventBus } from '../../widgets/kit/test-kit/mock-event-bus.js';
import { MockMCPBridge } from '../../widgets/kit/test-kit/mock-mcp-bridge.js';
import { sampleServerInfo } from '../../widgets/kit/test-kit/fixtures.js';
import serverStatus from '../../widgets/server-status/index.js';
import serverPanel from '../../widgets/server-panel/index.js';
import toolBrowser from '../../widgets/tool-browser/index.js';
import resourceExplorer from '../../widgets/resource-explorer/index.js';
import activityLog from '../../widgets/activity-log/index.js';
import { waitFor } from '../support/gateway.js';

// Rules about the built-in widgets as elements (MCP-WP-11.5.6, 18.1.4), each widget created by its
// own factory with the conformance kit's mock dependencies (MCP-WP-17.9.1), as `mcpwp test` does.
const WIDGETS: Record<string, WidgetFactory> = {
  'server-status': serverStatus,
  'server-panel': serverPanel,
  'tool-browser': toolBrowser,
  'resource-explorer': resourceExplorer,
  'activity-log': activityLog,
};

type Mounted = {
  result: MCPWidgetInterface;
  element: HTMLElement & { updateComplete: Promise<unknown>; getResourceUsage(): WidgetResourceUsage };
};

async function mount(factory: WidgetFactory, info: MCPServerInfo): Promise<Mounted> {
  const deps = {
    EventBus: new MockEventBus(),
    MCPBridge: new MockMCPBridge(info),
    Configuration: new MockConfiguration(),
  } as unknown as DependenciesObject;
  const result = await factory(deps, info);
  await result.api.initialize?.();
  const element = result.api.element as Mounted['element'];
  document.body.append(element);
  await element.updateComplete;
  await frames(2);
  return { result, element };
}

async function unmount(m: Mounted): Promise<void> {
  await m.result.api.destroy?.();
  m.element.remove();
}

const frames = async (n: number) => {
  for (let i = 0; i < n; i += 1) await new Promise((r) => requestAnimationFrame(r));
};

/** Every element inside the widget's shadow trees (nested components included). */
function shadowElements(host: Element): Element[] {
  const out: Element[] = [];
  const visit = (root: ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      out.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  if (host.shadowRoot) visit(host.shadowRoot);
  return out;
}

/** Every shadow root of the widget, its own first. */
function shadowRoots(host: Element): ShadowRoot[] {
  const roots = host.shadowRoot ? [host.shadowRoot] : [];
  for (const el of shadowElements(host)) if (el.shadowRoot) roots.push(el.shadowRoot);
  return roots;
}

/** Elements that animate or transition, with what. */
function moving(host: Element): string[] {
  return shadowElements(host).flatMap((el) => {
    const style = getComputedStyle(el);
    const durations = [...style.transitionDuration.split(','), ...style.animationDuration.split(',')].map(
      (d) => parseFloat(d) || 0,
    );
    const animated = style.animationName.split(',').some((n) => n.trim() !== 'none');
    return durations.some((d) => d > 0) || animated
      ? [
          `${el.localName} (transition ${style.transitionDuration}, animation ${style.animationName} ${style.animationDuration})`,
        ]
      : [];
  });
}

/** Motion the way a theme, a brand stylesheet or a later change might add it to every part of a widget. */
function addMotion(host: Element): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    '@keyframes mcp-test-pulse { from { opacity: 0.5; } to { opacity: 1; } } * { transition: opacity 250ms ease, color 250ms; animation: mcp-test-pulse 1s infinite; }',
  );
  const roots = shadowRoots(host);
  for (const root of roots) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return () => {
    for (const root of roots) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}

function withTools(count: number): MCPServerInfo {
  const info = sampleServerInfo('rules');
  const tools: MCPTool[] = Array.from({ length: count }, (_, i) => ({
    name: `tool-${i}`,
    title: `Tool ${i}`,
    description: `Synthetic tool number ${i}`,
    inputSchema: { type: 'object', properties: { id: { type: 'integer' } } },
  }));
  return { ...info, tools };
}

describe('built-in widgets as elements', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    document.documentElement.style.fontSize = '';
  });

  for (const [name, factory] of Object.entries(WIDGETS)) {
    it(`MCP-WP-11.5.6 honours prefers-reduced-motion: nothing animates or transitions, even motion added by a stylesheet (${name})`, async () => {
      const m = await mount(factory, sampleServerInfo('motion'));
      const check = async (view: string) => {
        const remove = addMotion(m.element);
        try {
          // Control: without the preference the added motion is there, so the check below can see it.
          await emulateMedia({ reducedMotion: 'no-preference' });
          expect(matchMedia('(prefers-reduced-motion: reduce)').matches).to.equal(false);
          expect(moving(m.element).length, `${view}: the control stylesheet adds motion`).to.be.above(0);
          await emulateMedia({ reducedMotion: 'reduce' });
          expect(matchMedia('(prefers-reduced-motion: reduce)').matches).to.equal(true);
          expect(moving(m.element), view).to.deep.equal([]);
        } finally {
          remove();
          await emulateMedia({ reducedMotion: 'no-preference' });
        }
      };
      try {
        // Each view once: every tab of the panel, and a chosen tool with its form where there is one.
        const tabs = [...(m.element.shadowRoot!.querySelectorAll('[role="tab"]') as NodeListOf<HTMLElement>)];
        for (const tab of tabs.length ? tabs : [undefined]) {
          tab?.click();
          await m.element.updateComplete;
          await frames(2);
          await check(tab?.textContent ?? 'main view');
          const tool = shadowElements(m.element).find((el) => el.matches('button.tool-item')) as
            HTMLButtonElement | undefined;
          if (tool) {
            tool.click();
            await frames(2);
            await check(`${tab?.textContent ?? 'main view'} with a tool chosen`);
          }
        }
      } finally {
        await unmount(m);
      }
    });

    it(`MCP-WP-11.5.6 follows browser zoom and the user's font size, in relative units (${name})`, async () => {
      const m = await mount(factory, sampleServerInfo('zoom'));
      try {
        const sample = () =>
          shadowElements(m.element).filter(
            (el) =>
              el.localName === 'button' || el.localName === 'p' || el.localName === 'dd' || el.localName === 'span',
          );
        const sizes = () => sample().map((el) => parseFloat(getComputedStyle(el).fontSize));
        const normal = sizes();
        expect(normal.length).to.be.above(0);
        document.documentElement.style.fontSize = '32px';
        const large = sizes();
        large.forEach((size, i) =>
          expect(size / normal[i]!, `${sample()[i]!.localName} scales with the root font size`).to.be.closeTo(2, 0.01),
        );
      } finally {
        await unmount(m);
      }
    });

    it(`MCP-WP-18.1.4 / 17.6.5 getResourceUsage() reports memory and gzipped bundle in bytes and the last render in milliseconds (${name})`, async () => {
      const small = await mount(factory, withTools(10));
      const large = await mount(factory, withTools(2000));
      try {
        const usage = small.element.getResourceUsage();
        expect(Object.keys(usage).sort()).to.deep.equal(['bundleSize', 'memoryUsed', 'renderTime']);
        // Memory: the server data the widget keeps, as UTF-16 bytes of its JSON.
        const info = (small.element as unknown as { info: MCPServerInfo }).info;
        expect(usage.memoryUsed).to.equal(2 * JSON.stringify(info).length);
        const bigInfo = (large.element as unknown as { info: MCPServerInfo }).info;
        expect(large.element.getResourceUsage().memoryUsed).to.equal(2 * JSON.stringify(bigInfo).length);
        expect(large.element.getResourceUsage().memoryUsed).to.be.above((100 * usage.memoryUsed) / 10);
        // Bundle: the gzipped bytes of the module the factory came from, measured independently here.
        const moduleUrl = (small.element as unknown as { moduleUrl: string }).moduleUrl;
        expect(moduleUrl).to.contain(`/widgets/${name}/index.ts`);
        const bundle = await waitFor(() => small.element.getResourceUsage().bundleSize, 5000, 'the bundle size');
        const source = await (await fetch(moduleUrl)).arrayBuffer();
        const gzipped = await new Response(
          new Blob([source]).stream().pipeThrough(new CompressionStream('gzip')),
        ).arrayBuffer();
        expect(bundle).to.equal(gzipped.byteLength);
        expect(bundle).to.be.below(source.byteLength);
        expect(Number.isInteger(bundle) && Number.isInteger(usage.memoryUsed)).to.equal(true);
        // Render time: a render made to take 20 ms reports 20+ ms, within what performance.now() saw.
        const el = small.element as unknown as {
          render(): unknown;
          requestUpdate(): void;
          updateComplete: Promise<unknown>;
        };
        const render = el.render;
        el.render = function (this: unknown) {
          const end = performance.now() + 20;
          while (performance.now() < end) {
            // busy: a slow render
          }
          return render.call(this);
        };
        const t0 = performance.now();
        el.requestUpdate();
        await el.updateComplete;
        const elapsed = performance.now() - t0;
        el.render = render;
        const { renderTime } = small.element.getResourceUsage();
        expect(renderTime).to.be.at.least(20);
        expect(renderTime).to.be.at.most(elapsed);
      } finally {
        await unmount(small);
        await unmount(large);
      }
    });
  }
});
