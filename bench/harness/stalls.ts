// BENCHMARK-ONLY page for bench/stalls.bench.mjs: the two page stalls the attack run measured, on the real
// modules. (1) A tool schema's hostile `pattern` checked against hostile input by the host's argument
// validator (the path every call takes before its dialog) and by the schema form's re-check. (2) A flood of
// 20,000 log messages through the real LogStore and EventBus into a mounted <mcp-log-view>. Each figure is the
// longest main-thread task while it runs: the longest synchronous block of the work itself, or a longer
// task the browser reported meanwhile (PerformanceObserver 'longtask', 50 ms and up: rendering included).
import { SchemaValidator } from '../../src/core/invocation/validation.js';
import { LogStore } from '../../src/core/logging/log-store.js';
import { EventBus } from '../../src/core/services/event-bus.js';
import '../../widgets/kit/client/log-view.js';
import { stillFails } from '../../widgets/kit/schema-form/schema-fit.js';

const HOSTILE_PATTERN = '^(a+)+$';
const HOSTILE_INPUT = `${'a'.repeat(40)}!`;

/** Runs `work` and resolves with the longest task seen until two frames after it finished. */
async function longestTask(work: () => Promise<void>): Promise<number> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  await work();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  observer.disconnect();
  return longest;
}

/** Runs `block` synchronously and returns how long it held the main thread. */
function timed(block: () => void): number {
  const started = performance.now();
  block();
  return performance.now() - started;
}

/** The hostile pattern through the host's validator and the form's re-check. */
async function patternStall(): Promise<{ longestMs: number; rejected: boolean }> {
  const validator = new SchemaValidator();
  const schema = { type: 'object', properties: { name: { type: 'string', pattern: HOSTILE_PATTERN } } };
  validator.compile(schema);
  let rejected = false;
  let block = 0;
  const longest = await longestTask(async () => {
    await new Promise((r) => setTimeout(r, 0));
    block = timed(() => {
      rejected = !validator.validate(schema, { name: HOSTILE_INPUT }).ok;
      stillFails(
        { path: '/name', message: 'must match pattern', keyword: 'pattern', params: { pattern: HOSTILE_PATTERN } },
        HOSTILE_INPUT,
      );
    });
  });
  return { longestMs: Math.max(longest, block), rejected };
}

/** 20,000 log messages arriving 200 to a network chunk, shown by a mounted log view. */
async function floodStall(): Promise<{
  longestMs: number;
  kept: number;
  shown: number;
  block: number;
  longest: number;
}> {
  const bus = new EventBus();
  const logs = new LogStore(bus);
  const view = document.createElement('mcp-log-view') as HTMLElement & {
    deps: unknown;
    serverName: string;
    updateComplete: Promise<boolean>;
  };
  view.serverName = 'flood';
  view.deps = {
    EventBus: bus,
    MCPBridge: { getLog: (name: string) => logs.list(name), getLoggingLevel: () => undefined },
  };
  document.body.append(view);
  await view.updateComplete;
  // Mounted means shown: the page's first paint (its first layout, fonts) is not part of the flood.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  let block = 0;
  const longest = await longestTask(async () => {
    for (let chunk = 0; chunk < 100; chunk++) {
      const spent = timed(() => {
        for (let i = 0; i < 200; i++) logs.add('flood', { level: 'info', data: `message ${chunk * 200 + i}` });
      });
      block = Math.max(block, spent);
      await new Promise((r) => setTimeout(r, 0));
    }
  });
  const longestMs = Math.max(longest, block);

  await view.updateComplete;
  // The view virtualises its rows: `kept` is what a person can reach, `shown` the rows in the DOM.
  const kept = logs.list('flood').length;
  const shown = view.shadowRoot?.querySelectorAll('li, tr, [role="row"]').length ?? 0;
  view.remove();
  return { longestMs, kept, shown, block, longest };
}

Object.assign(globalThis, { stalls: { patternStall, floodStall } });
