import type { MCPTool } from '../shared/types.js';

/** A concrete display mode (MCPlet §11.1, MCP Apps `McpUiDisplayMode`). */
export type DisplayMode = 'inline' | 'fullscreen' | 'pip';

/** Any `_meta.ui.displayMode` value MCPlet allows (§6.6), including the LLM-decided extensions. */
export type McpletDisplayMode = DisplayMode | 'llm-inline' | 'llm-fullscreen' | 'llm-pip';

/** Every concrete mode, in the order a host offers them. */
export const DISPLAY_MODES: readonly DisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** Where the resolved mode came from (the step of MCPlet §11.2 that decided). */
export type DisplayModeSource = 'tool' | 'llm-suggestion' | 'llm-fallback' | 'host-default' | 'hard-fallback';

/** Inputs to the resolution. Anything invalid is treated as absent. */
export interface DisplayModeInputs {
  /** The tool's `_meta.ui.displayMode`. */
  toolMode?: unknown;
  /** A concrete mode suggested by an LLM for this call (only used when the tool says `llm-*`). */
  llmSuggestion?: unknown;
  /** The host configuration's (or a compatibility source's) default mode. */
  hostDefault?: unknown;
}

/** True for `inline`, `fullscreen` and `pip`. */
export function isDisplayMode(value: unknown): value is DisplayMode {
  return typeof value === 'string' && (DISPLAY_MODES as readonly string[]).includes(value);
}

/** The tool's declared `_meta.ui.displayMode`, if it is one MCPlet allows. */
export function toolDisplayMode(tool: Pick<MCPTool, '_meta'> | undefined): McpletDisplayMode | undefined {
  const ui = (tool?._meta as { ui?: { displayMode?: unknown } } | undefined)?.ui;
  const mode = ui && typeof ui === 'object' ? ui.displayMode : undefined;
  if (isDisplayMode(mode)) return mode;
  if (typeof mode === 'string' && mode.startsWith('llm-') && isDisplayMode(mode.slice(4)))
    return mode as McpletDisplayMode;
  return undefined;
}

/**
 * MCPlet §11.2: the host resolves the final concrete mode in this order — (1) the tool's concrete
 * mode, (2) for an `llm-*` mode, a valid LLM suggestion, (3) the `llm-*` mode's own fallback,
 * (4) the host's configured default, (5) `fullscreen`. §11.3: the result is an MCP Apps mode.
 */
export function resolveDisplayMode(inputs: DisplayModeInputs): { mode: DisplayMode; source: DisplayModeSource } {
  const tool = inputs.toolMode;
  if (isDisplayMode(tool)) return { mode: tool, source: 'tool' };
  if (typeof tool === 'string' && tool.startsWith('llm-') && isDisplayMode(tool.slice(4))) {
    if (isDisplayMode(inputs.llmSuggestion)) return { mode: inputs.llmSuggestion, source: 'llm-suggestion' };
    return { mode: tool.slice(4) as DisplayMode, source: 'llm-fallback' };
  }
  if (isDisplayMode(inputs.hostDefault)) return { mode: inputs.hostDefault, source: 'host-default' };
  return { mode: 'fullscreen', source: 'hard-fallback' };
}

/** The modes a view may be shown in: the host's, narrowed to the app's declared ones when it declared any. */
export function allowedDisplayModes(hostModes: readonly DisplayMode[], appModes: unknown): DisplayMode[] {
  if (!Array.isArray(appModes)) return [...hostModes];
  return hostModes.filter((m) => appModes.includes(m));
}

/**
 * `ui/request-display-mode` (MCP Apps "Display Modes"): the requested mode when both the host and
 * the app (if it declared modes) support it; otherwise the current mode, unchanged.
 */
export function negotiateDisplayMode(
  requested: unknown,
  current: DisplayMode,
  hostModes: readonly DisplayMode[],
  appModes: unknown,
): DisplayMode {
  if (!isDisplayMode(requested)) return current;
  return allowedDisplayModes(hostModes, appModes).includes(requested) ? requested : current;
}

/**
 * The mode to show a view in once its declared modes are known: the resolved mode when allowed,
 * else `inline` when allowed, else the first allowed mode, else the resolved mode (an app that
 * declares none of the host's modes still has to be shown somewhere).
 */
export function fitDisplayMode(
  resolved: DisplayMode,
  hostModes: readonly DisplayMode[],
  appModes: unknown,
): DisplayMode {
  const allowed = allowedDisplayModes(hostModes, appModes);
  if (allowed.includes(resolved)) return resolved;
  if (allowed.includes('inline')) return 'inline';
  return allowed[0] ?? resolved;
}
