import type { WidgetDependencies, WidgetLeftovers } from '../../core/widget-host/widget-deps.js';
import type { MCPServerInfo, MCPWidgetInterface, MCPWidgetMetadata, WidgetFactory } from '../../core/shared/types.js';
import { WidgetContractError } from '../../core/widget-host/widget-contract-error.js';

export { WidgetContractError };

/** Milliseconds a factory and `api.initialize()` may take before the host gives up. */
export const INITIALIZE_TIMEOUT_MS = 10_000;
/** Milliseconds `api.destroy()` may take (MCP-WP-3.4.4). */
export const DESTROY_TIMEOUT_MS = 5000;

/** A live widget instance. */
export interface WidgetInstance {
  api: MCPWidgetInterface['api'];
  widget: MCPWidgetMetadata;
  element: HTMLElement;
  deps: WidgetDependencies;
}

/** Rejects after `ms` with a message naming what took too long. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    }),
  ]);
}

let contract: Promise<typeof import('../../core/widget-host/widget-contract.js')> | undefined;

/**
 * The widget contract checker (a validator compiled at build time), loaded once. It is not part of the
 * initial bundle: nothing is checked before a server has connected
 * (docs/decisions/startup-contract-precompiled.md).
 */
export function loadWidgetContract(): Promise<typeof import('../../core/widget-host/widget-contract.js')> {
  contract ??= import('../../core/widget-host/widget-contract.js').catch((error: unknown) => {
    contract = undefined;
    throw error;
  });
  return contract;
}

/** Contract checks on what a factory returned, with ajv (MCP-WP-3.1.4, §4.1, §4.2). */
export async function checkWidgetResult(result: unknown, info: MCPServerInfo): Promise<MCPWidgetInterface> {
  let checker: typeof import('../../core/widget-host/widget-contract.js');
  try {
    checker = await loadWidgetContract();
  } catch (error) {
    // Fail closed: a widget whose result cannot be checked is not mounted.
    throw new Error(
      `The widget could not be checked: the contract checker did not load (${(error as Error)?.message ?? String(error)}). Reload the page.`,
      { cause: error },
    );
  }
  return checker.assertWidgetContract(result, info);
}

/**
 * Creates a widget for a connected server in the order MCP-WP-10.2.1 gives: factory → checks →
 * `api.initialize()` → the element to mount. Any failure is thrown with a reason for the error card.
 */
export async function createWidgetInstance(
  factory: WidgetFactory,
  deps: WidgetDependencies,
  info: MCPServerInfo,
  attested: { signature?: Record<string, unknown> } = {},
): Promise<WidgetInstance> {
  let result: unknown;
  try {
    result = await withTimeout(
      Promise.resolve().then(() => factory(deps.dependencies, info)),
      INITIALIZE_TIMEOUT_MS,
      'The widget factory',
    );
  } catch (error) {
    if (error instanceof WidgetContractError) throw error;
    throw new Error(`The widget failed to start: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  }
  // A widget cannot carry the signature over its own bundle; when the host verified the registry
  // manifest's signature against a pinned key, that verified signature stands in for it (MCP-WP-4.2.9).
  const metadata = (result as { widget?: Record<string, unknown> } | undefined)?.widget;
  if (
    attested.signature &&
    metadata &&
    typeof metadata === 'object' &&
    metadata.trustLevel === 'verified' &&
    metadata.signature === undefined
  ) {
    metadata.signature = attested.signature;
  }
  const checked = await checkWidgetResult(result, info);
  // Permissions come from the metadata the factory returned; trust only from the dashboard config (MCP-WP-11.4).
  deps.applyMetadata?.(checked.widget);
  if (!customElements.get(checked.widget.element)) {
    throw new WidgetContractError(
      'MCP-WP-5.1.1',
      `The widget did not register the element <${checked.widget.element}>`,
    );
  }
  const given = checked.api.element;
  const element = given instanceof HTMLElement ? given : document.createElement(checked.widget.element);
  if (element.localName !== checked.widget.element) {
    throw new WidgetContractError(
      'MCP-WP-5.1.1',
      `api.element is <${element.localName}>, but widget.element says <${checked.widget.element}>`,
    );
  }
  if (typeof (element as unknown as { getStatus?: unknown }).getStatus !== 'function') {
    throw new WidgetContractError('MCP-WP-5.2.1', `<${checked.widget.element}> does not implement getStatus()`);
  }
  if (checked.api.initialize) {
    try {
      await withTimeout(
        Promise.resolve().then(() => checked.api.initialize!()),
        INITIALIZE_TIMEOUT_MS,
        'api.initialize()',
      );
    } catch (error) {
      throw new Error(`The widget failed to initialise: ${(error as Error)?.message ?? String(error)}`, {
        cause: error,
      });
    }
  }
  // Its AgentAPI (MCP-WP §3.5) is offered to agents only once the widget is ready, and only through the host's gate.
  deps.attachApi?.(checked.api);
  return { api: checked.api, widget: checked.widget, element, deps };
}

/** Outcome of destroying a widget: a destroy() failure or timeout, and what it left behind. */
export interface DestroyOutcome {
  error?: string;
  /** Non-zero counts of what the widget still held when destroy() returned (MCP-WP-3.4.2). */
  leftovers?: Partial<WidgetLeftovers>;
}

/**
 * Destroys a widget (MCP-WP-10.2.2): `api.destroy()` with the 5000 ms limit of MCP-WP-3.4.4, then the
 * host notes what the widget failed to release, removes the element and drops whatever the widget
 * left on the bus, bridge, config and timers — even if destroy threw or timed out.
 */
export async function destroyWidgetInstance(
  instance: WidgetInstance,
  timeoutMs = DESTROY_TIMEOUT_MS,
): Promise<DestroyOutcome> {
  const outcome: DestroyOutcome = {};
  try {
    if (instance.api.destroy)
      await withTimeout(
        Promise.resolve().then(() => instance.api.destroy!()),
        timeoutMs,
        'api.destroy()',
      );
  } catch (e) {
    outcome.error = (e as Error)?.message ?? String(e);
  }
  try {
    // MCP App views get ui/resource-teardown while their frames are still on the page.
    await instance.deps.release?.();
  } catch {
    // teardown is bounded and best-effort
  } finally {
    const left = Object.entries(instance.deps.leftovers()).filter(([, n]) => n > 0);
    if (left.length) outcome.leftovers = Object.fromEntries(left);
    instance.element.remove();
    instance.deps.dispose();
  }
  return outcome;
}
