import { Configuration } from '../core/configuration.js';
import { EventBus } from '../core/event-bus.js';
import { GatewayClient } from '../core/gateway-client.js';
import { MCPBridge } from '../core/mcp-bridge.js';
import { routeReadRequests } from '../core/request-router.js';
import { ToolInvoker, type Confirmer } from '../core/tool-invoker.js';
import { SchemaValidator } from '../core/validation.js';
import { ThemeService } from '../../theme/theme-service.js';
import type { ThemeMode } from '../../theme/tokens.js';
import { A11yHelper } from './a11y-helper.js';
import { BUILT_IN_WIDGETS, WidgetRegistry } from './widget-registry.js';

/** Everything the shell wires together once per page. */
export interface HostServices {
  bus: EventBus;
  configuration: Configuration;
  gateway: GatewayClient;
  bridge: MCPBridge;
  validator: SchemaValidator;
  invoker: ToolInvoker;
  theme: ThemeService;
  a11y: A11yHelper;
  registry: WidgetRegistry;
  dispose(): void;
}

/** Creates the host's services; `confirm` is the dialog the invoker asks. */
export function createHostServices(options: { baseUrl: string; token: string; confirm: Confirmer; announcerHost?: HTMLElement; dbName?: string }): HostServices {
  const bus = new EventBus();
  const configuration = new Configuration({ dbName: options.dbName });
  const gateway = new GatewayClient({ baseUrl: options.baseUrl, token: options.token });
  const bridge = new MCPBridge({ bus, gateway });
  const validator = new SchemaValidator();
  const invoker = new ToolInvoker({ bus, bridge, validator, confirm: options.confirm });
  invoker.start();
  const stopRouting = routeReadRequests(bus, bridge);
  const theme = new ThemeService((configuration.get<ThemeMode>('theme.mode') ?? 'light') as ThemeMode);
  const a11y = new A11yHelper(options.announcerHost);
  const registry = new WidgetRegistry();
  for (const entry of BUILT_IN_WIDGETS) registry.register(entry);
  return {
    bus,
    configuration,
    gateway,
    bridge,
    validator,
    invoker,
    theme,
    a11y,
    registry,
    dispose() {
      invoker.stop();
      stopRouting();
    },
  };
}
