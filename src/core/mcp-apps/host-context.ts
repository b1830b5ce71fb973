import type { McpUiHostContext, McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { DisplayMode } from '../mcplet/display-mode.js';
import type { MCPTool } from '../shared/types.js';

/** Container size limits per display mode, in CSS pixels. */
export interface ContainerLimits {
  /** Tallest an inline view may grow (it sizes itself up to this). */
  inlineMaxHeight: number;
  /** Picture-in-picture panel size. */
  pipWidth: number;
  pipHeight: number;
}

/** The dashboard's defaults. */
export const DEFAULT_CONTAINER_LIMITS: ContainerLimits = { inlineMaxHeight: 640, pipWidth: 400, pipHeight: 300 };

/**
 * `containerDimensions` for a mode (MCP Apps "Container Dimensions"): inline views get the card's
 * width, fixed, and a flexible height up to a maximum (the view reports its height with
 * `size-changed`); fullscreen and picture-in-picture views get a fixed box.
 */
export function containerDimensionsFor(
  mode: DisplayMode,
  box: { width: number; height: number },
  limits: ContainerLimits = DEFAULT_CONTAINER_LIMITS,
): NonNullable<McpUiHostContext['containerDimensions']> {
  const width = Math.max(0, Math.round(box.width));
  const height = Math.max(0, Math.round(box.height));
  if (mode === 'inline') return { width, maxHeight: limits.inlineMaxHeight };
  return { width, height };
}

/** What the host knows when it builds a view's context. */
export interface HostContextInput {
  tool?: MCPTool;
  /** JSON-RPC id of the originating tools/call, when known. */
  toolCallId?: string | number;
  theme: 'light' | 'dark';
  styles: Partial<McpUiStyles>;
  displayMode: DisplayMode;
  availableDisplayModes: readonly DisplayMode[];
  containerDimensions: NonNullable<McpUiHostContext['containerDimensions']>;
  locale: string;
  timeZone: string;
  userAgent: string;
  deviceCapabilities?: { touch?: boolean; hover?: boolean };
}

/**
 * The full `hostContext` of the `ui/initialize` result (MCP Apps "Host Context"): tool info, theme
 * and style variables, display mode and the modes the host offers, container size, locale, time
 * zone, user agent and platform `web`.
 */
export function buildHostContext(input: HostContextInput): McpUiHostContext {
  const context: McpUiHostContext = {
    theme: input.theme,
    styles: { variables: input.styles as McpUiStyles },
    displayMode: input.displayMode,
    availableDisplayModes: [...input.availableDisplayModes],
    containerDimensions: input.containerDimensions,
    locale: input.locale,
    timeZone: input.timeZone,
    userAgent: input.userAgent,
    platform: 'web',
  };
  if (input.deviceCapabilities) context.deviceCapabilities = input.deviceCapabilities;
  if (input.tool) {
    context.toolInfo = { tool: input.tool as never };
    if (input.toolCallId !== undefined) context.toolInfo.id = input.toolCallId;
  }
  return context;
}

/**
 * The fields of `next` that differ from `previous` (shallow, JSON-compared): what goes into a
 * `host-context-changed` notification, which carries only changed fields.
 */
export function changedContextFields(previous: McpUiHostContext, next: McpUiHostContext): Partial<McpUiHostContext> {
  const changed: Partial<McpUiHostContext> = {};
  for (const key of Object.keys(next)) {
    if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) changed[key] = next[key];
  }
  return changed;
}
