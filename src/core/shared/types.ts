/**
 * Public MCP-WP types shared by the host and by widgets (MCP-WP §3, §4, §5, §6).
 * Widgets import these through `widgets/kit`; the host uses them directly.
 * One file per concept under ./types/; this barrel is the public path and re-exports them all.
 */

export type * from './types/common.js';
export type * from './types/server-info.js';
export type * from './types/results.js';
export type * from './types/bridge.js';
export type * from './types/event-bus.js';
export type * from './types/a11y.js';
export type * from './types/theme.js';
export type * from './types/app-view.js';
export type * from './types/i18n.js';
export type * from './types/dependencies.js';
export type * from './types/widget.js';
export type * from './types/invocation.js';
export type * from './types/history.js';
export type * from './types/client-features.js';
export type * from './types/agents.js';
