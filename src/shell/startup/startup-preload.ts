import { loadMcpClientSdk } from '../../core/bridge/mcp-sdk.js';
import { loadTaskRuntime } from '../../core/tasks/load-runtime.js';
import { loadWidgetContract } from '../card/widget-lifecycle.js';
import { BUILT_IN_WIDGETS, DEFAULT_WIDGET_TYPE } from '../card/widget-registry.js';

export { coalesce } from './coalesce.js';

/**
 * The critical path of start-up. What the first widget needs — the contract checker and
 * the default widget's chunks — stays out of
 * the initial bundle (first paint does not wait for it), but its download starts here, while the page
 * spends its launch code and reads its settings, instead of after. Each load is
 * memoised by its loader, so the cards later get the same modules; a failed load is retried by them
 * and reported where it is needed.
 */
export function preloadStartup(): void {
  const quiet = () => {};
  void BUILT_IN_WIDGETS.find((w) => w.type === DEFAULT_WIDGET_TYPE)
    ?.load()
    .catch(quiet);
  // Its validator was compiled at build time (scripts/gen-widget-contract.ts): nothing to compile here.
  void loadWidgetContract().catch(quiet);
}

/**
 * The MCP SDK and the task runtime, which this page's sessions need. Cards drawn from the gateway's
 * catalog open their sessions after the first paint, so these load then (their evaluation would
 * otherwise compete with it); a card that must connect first (no catalog entry) loads them at once.
 */
export function preloadSessions(): void {
  const quiet = () => {};
  void loadMcpClientSdk().catch(quiet);
  void loadTaskRuntime().catch(quiet);
}
