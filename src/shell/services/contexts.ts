// The page's services, one context each: an element asks for what it needs and nothing else
// (docs/decisions/shell-contexts.md). <mcp-dashboard> provides them (host-contexts.ts).
//
// The keys are Symbols, not strings: widget elements live inside the dashboard's tree, and a widget's
// own context request must never be answered with a host service it was not handed.

import { ContextConsumer, createContext, type Context } from '@lit/context';
import type { ReactiveControllerHost } from 'lit';
import type { ThemeService } from '../../../theme/theme-service.js';
import type { MCPBridge } from '../../core/bridge/mcp-bridge.js';
import type { ActivityHistory } from '../../core/history/activity-history.js';
import type { ArgumentValidator } from '../../core/invocation/lazy-validator.js';
import type { ToolInvoker } from '../../core/invocation/tool-invoker.js';
import type { Configuration } from '../../core/services/configuration.js';
import type { EventBus } from '../../core/services/event-bus.js';
import type { I18n } from '../../core/services/i18n.js';
import type { GatewayClient } from '../../core/shared/gateway-api/gateway-client.js';
import type { WidgetDependencies } from '../../core/widget-host/widget-deps.js';
import type { WebMcpHost } from '../agents/webmcp-host.js';
import type { WidgetRegistry, WidgetTypeEntry } from '../card/widget-registry.js';
import type { ServerConnections } from '../layout/server-connections.js';
import type { AppHost } from '../mcp-apps/app-host.js';
import type { A11yHelper } from './a11y-helper.js';
import type { PolicyServices } from './policy-services.js';
import type { Preferences } from './preferences.js';

/** Builds the dependencies a card gives the widget it creates for a server (card-dependencies.ts). */
export type WidgetDependenciesFactory = (entry: WidgetTypeEntry, serverName: string) => WidgetDependencies;

/** The page's I18n: the shell's strings and the kit's, in the user's locale. */
export const i18nContext = createContext<I18n | undefined>(Symbol('mcp-dashboard:i18n'));
/** Announcements, focus traps and the user's accessibility settings. */
export const a11yContext = createContext<A11yHelper | undefined>(Symbol('mcp-dashboard:a11y'));
/** The host's event bus (MCP-WP events, host notifications and violations). */
export const busContext = createContext<EventBus | undefined>(Symbol('mcp-dashboard:bus'));
/** The MCP bridge: sessions, lists and calls of every server. */
export const bridgeContext = createContext<MCPBridge | undefined>(Symbol('mcp-dashboard:bridge'));
/** One session per server, shared by every tile that shows it. */
export const connectionsContext = createContext<ServerConnections | undefined>(Symbol('mcp-dashboard:connections'));
/** The user's persisted choices (MCP-WP-10.1) and the host's values. */
export const configurationContext = createContext<Configuration | undefined>(Symbol('mcp-dashboard:configuration'));
/** The gateway's HTTP API (server summaries, logs, sign-in). */
export const gatewayContext = createContext<GatewayClient | undefined>(Symbol('mcp-dashboard:gateway'));
/** Tokens, mode, colour scheme and brand. */
export const themeContext = createContext<ThemeService | undefined>(Symbol('mcp-dashboard:theme'));
/** Theme, accessibility, language and brand choices kept in step with Configuration. */
export const preferencesContext = createContext<Preferences | undefined>(Symbol('mcp-dashboard:preferences'));
/** The widget types each server can be shown with. */
export const registryContext = createContext<WidgetRegistry | undefined>(Symbol('mcp-dashboard:registry'));
/** Each server's activity for the page's lifetime. */
export const historyContext = createContext<ActivityHistory | undefined>(Symbol('mcp-dashboard:history'));
/** MCP Apps: views of `ui://` resources in the sandbox. */
export const appsContext = createContext<AppHost | undefined>(Symbol('mcp-dashboard:apps'));
/** Invocation policy, remembered consents, grants, passkeys and the audit log. */
export const policyContext = createContext<PolicyServices | undefined>(Symbol('mcp-dashboard:policy'));
/** Every tool call the page makes, through the policy and its dialog. */
export const invokerContext = createContext<ToolInvoker | undefined>(Symbol('mcp-dashboard:invoker'));
/** The argument validator (ajv, loaded after start-up). */
export const validatorContext = createContext<ArgumentValidator | undefined>(Symbol('mcp-dashboard:validator'));
/** What a card gives the widget it creates. */
export const widgetDependenciesContext = createContext<WidgetDependenciesFactory | undefined>(
  Symbol('mcp-dashboard:widget-dependencies'),
);
/** The WebMCP registrations behind the header switch, once the agents are installed. */
export const webmcpContext = createContext<WebMcpHost | undefined>(Symbol('mcp-dashboard:webmcp'));

/**
 * Follows one service from its context: `.value` is undefined until a provider above the element
 * answers, and the element re-renders when the provider hands it a new one (the dashboard provides
 * every service once it has created them, after its first render).
 */
export function consume<T>(
  host: ReactiveControllerHost & HTMLElement,
  context: Context<unknown, T>,
): ContextConsumer<Context<unknown, T>, ReactiveControllerHost & HTMLElement> {
  return new ContextConsumer(host, { context, subscribe: true });
}
