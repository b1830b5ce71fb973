import { ContextProvider, type Context, type ContextType } from '@lit/context';
import { cardWidgetDependencies } from '../card/card-dependencies.js';
import {
  a11yContext,
  appsContext,
  bridgeContext,
  busContext,
  configurationContext,
  connectionsContext,
  gatewayContext,
  historyContext,
  i18nContext,
  invokerContext,
  policyContext,
  preferencesContext,
  registryContext,
  themeContext,
  validatorContext,
  webmcpContext,
  widgetDependenciesContext,
} from './contexts.js';
import type { HostServices } from './host-services.js';

const CONTEXTS = {
  i18n: i18nContext,
  a11y: a11yContext,
  bus: busContext,
  bridge: bridgeContext,
  connections: connectionsContext,
  configuration: configurationContext,
  gateway: gatewayContext,
  theme: themeContext,
  preferences: preferencesContext,
  registry: registryContext,
  history: historyContext,
  apps: appsContext,
  policy: policyContext,
  invoker: invokerContext,
  validator: validatorContext,
  widgetDependencies: widgetDependenciesContext,
  webmcp: webmcpContext,
};

type Contexts = typeof CONTEXTS;

/** The value of each context, by name. */
export type ContextValues = { [K in keyof Contexts]: NonNullable<ContextType<Contexts[K]>> };

/** What the page's services give each context (the WebMCP host comes later, with the agents). */
export function contextValues(services: HostServices): Omit<ContextValues, 'webmcp'> {
  return {
    i18n: services.i18n,
    a11y: services.a11y,
    bus: services.bus,
    bridge: services.bridge,
    connections: services.connections,
    configuration: services.configuration,
    gateway: services.gateway,
    theme: services.theme,
    preferences: services.preferences,
    registry: services.registry,
    history: services.history,
    invoker: services.invoker,
    apps: services.apps,
    policy: services.policy,
    validator: services.validator,
    widgetDependencies: (entry, serverName) => cardWidgetDependencies(services, entry, serverName),
  };
}

/**
 * One ContextProvider per service on `host`: <mcp-dashboard> provides the page's services to everything
 * it renders, and a test provides what the element it mounts needs on the fixture's parent.
 */
export class HostContexts {
  private readonly providers = new Map<keyof Contexts, ContextProvider<Context<unknown, unknown>>>();

  constructor(host: HTMLElement) {
    for (const [name, context] of Object.entries(CONTEXTS) as Array<[keyof Contexts, Context<unknown, unknown>]>)
      this.providers.set(name, new ContextProvider(host, { context }));
  }

  /** Hands the given services to the elements below (each re-renders with its new ones). */
  provide(values: Partial<ContextValues>): void {
    for (const [name, value] of Object.entries(values) as Array<[keyof Contexts, unknown]>)
      this.providers.get(name)?.setValue(value);
  }
}
