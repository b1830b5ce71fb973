import type { WidgetDependencies } from '../core/widget-deps.js';
import type { MCPServerInfo, MCPWidgetInterface, MCPWidgetMetadata, WidgetFactory } from '../core/types.js';

/** A widget broke a rule of the contract; `rule` is the MCP-WP rule ID. */
export class WidgetContractError extends Error {
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(`${message} (${rule})`);
    this.name = 'WidgetContractError';
  }
}

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

/** Minimal contract checks on what a factory returned (MCP-WP-3.1.4, 4.2). */
export function checkWidgetResult(result: unknown, info: MCPServerInfo): MCPWidgetInterface {
  const r = result as Partial<MCPWidgetInterface> | undefined;
  if (!r || typeof r !== 'object' || !r.api || typeof r.api !== 'object' || !r.widget || typeof r.widget !== 'object') {
    throw new WidgetContractError('MCP-WP-3.1.4', 'The widget factory must return { api, widget }');
  }
  const w = r.widget;
  if (w.protocolVersion !== '1.0.0') throw new WidgetContractError('MCP-WP-4.2.1', `widget.protocolVersion must be "1.0.0", not ${JSON.stringify(w.protocolVersion)}`);
  if (typeof w.element !== 'string' || !/^mcp-[a-z0-9-]+-widget$/.test(w.element)) {
    throw new WidgetContractError('MCP-WP-4.2.2', `widget.element ${JSON.stringify(w.element)} must match ^mcp-[a-z0-9-]+-widget$`);
  }
  if (w.category !== 'MCP Servers') throw new WidgetContractError('MCP-WP-4.2.3', 'widget.category must be "MCP Servers"');
  if (w.mcpServerName !== info.serverName) {
    throw new WidgetContractError('MCP-WP-4.2.4', `widget.mcpServerName ${JSON.stringify(w.mcpServerName)} does not match the server "${info.serverName}"`);
  }
  if (w.transport !== info.transport) throw new WidgetContractError('MCP-WP-4.2.5', `widget.transport ${JSON.stringify(w.transport)} does not match "${info.transport}"`);
  for (const method of ['initialize', 'destroy', 'refresh'] as const) {
    if (r.api[method] !== undefined && typeof r.api[method] !== 'function') throw new WidgetContractError('MCP-WP-3.4.1', `api.${method} must be a function`);
  }
  return r as MCPWidgetInterface;
}

/**
 * Creates a widget for a connected server in the order MCP-WP-10.2.1 gives: factory → checks →
 * `api.initialize()` → the element to mount. Any failure is thrown with a reason for the error card.
 */
export async function createWidgetInstance(factory: WidgetFactory, deps: WidgetDependencies, info: MCPServerInfo): Promise<WidgetInstance> {
  let result: unknown;
  try {
    result = await withTimeout(Promise.resolve().then(() => factory(deps.dependencies, info)), 10_000, 'The widget factory');
  } catch (error) {
    if (error instanceof WidgetContractError) throw error;
    throw new Error(`The widget failed to start: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  }
  const checked = checkWidgetResult(result, info);
  if (!customElements.get(checked.widget.element)) {
    throw new WidgetContractError('MCP-WP-5.1.1', `The widget did not register the element <${checked.widget.element}>`);
  }
  const given = checked.api.element;
  const element = given instanceof HTMLElement ? given : document.createElement(checked.widget.element);
  if (element.localName !== checked.widget.element) {
    throw new WidgetContractError('MCP-WP-5.1.1', `api.element is <${element.localName}>, but widget.element says <${checked.widget.element}>`);
  }
  if (typeof (element as unknown as { getStatus?: unknown }).getStatus !== 'function') {
    throw new WidgetContractError('MCP-WP-5.2.1', `<${checked.widget.element}> does not implement getStatus()`);
  }
  if (checked.api.initialize) {
    try {
      await withTimeout(Promise.resolve().then(() => checked.api.initialize!()), 10_000, 'api.initialize()');
    } catch (error) {
      throw new Error(`The widget failed to initialise: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    }
  }
  return { api: checked.api, widget: checked.widget, element, deps };
}

/**
 * Destroys a widget (MCP-WP-10.2.2): `api.destroy()` with the 5000 ms limit of MCP-WP-3.4.4, then the
 * host removes the element and drops whatever the widget left on the bus, bridge and config — even
 * if destroy threw or timed out.
 */
export async function destroyWidgetInstance(instance: WidgetInstance, timeoutMs = 5000): Promise<{ error?: string }> {
  let error: string | undefined;
  try {
    if (instance.api.destroy) await withTimeout(Promise.resolve().then(() => instance.api.destroy!()), timeoutMs, 'api.destroy()');
  } catch (e) {
    error = (e as Error)?.message ?? String(e);
  } finally {
    instance.element.remove();
    instance.deps.dispose();
  }
  return error ? { error } : {};
}
