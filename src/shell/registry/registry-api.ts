import type { GatewayClient } from '../../core/shared/gateway-api/gateway-client.js';
import { GatewayRequestError } from '../../core/shared/gateway-api/gateway-client.js';
import type {
  InstalledWidgetConfig,
  PublisherKeyConfig,
  RegistryEntryConfig,
} from '../../core/shared/config/registry-config-schema.js';

/** What `GET /api/registry` returns. */
export interface RegistrySettings {
  registries: RegistryEntryConfig[];
  publisherKeys: PublisherKeyConfig[];
  widgetUpdates: { checkIntervalHours?: number };
  widgets: Record<string, InstalledWidgetConfig>;
  configFile: string;
}

async function json<T>(gateway: GatewayClient, path: string, init?: RequestInit): Promise<T> {
  const response = await gateway.fetch(`${gateway.baseUrl}${path}`, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok)
    throw new GatewayRequestError(
      response.status,
      (body as { error?: string } | undefined)?.error ?? `The gateway answered ${response.status}.`,
    );
  return body as T;
}

/** The gateway's registry routes: settings from the config file, and recording installs in it. */
export class RegistryApi {
  constructor(private readonly gateway: GatewayClient) {}

  /** Registries, pinned keys and installed widgets (MCP-WP-16.3.1). */
  settings(): Promise<RegistrySettings> {
    return json<RegistrySettings>(this.gateway, '/api/registry');
  }

  /** Records an install or update in `dashboard.widgets` (MCP-WP-16.4.1 step 8). */
  async record(name: string, entry: InstalledWidgetConfig): Promise<Record<string, InstalledWidgetConfig>> {
    const body = await json<{ widgets: Record<string, InstalledWidgetConfig> }>(
      this.gateway,
      `/api/registry/widgets/${encodeURIComponent(name)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(entry),
      },
    );
    return body.widgets;
  }

  /** Removes a widget from `dashboard.widgets` (MCP-WP-16.8.1 step 1). */
  async remove(name: string): Promise<Record<string, InstalledWidgetConfig>> {
    const body = await json<{ widgets: Record<string, InstalledWidgetConfig> }>(
      this.gateway,
      `/api/registry/widgets/${encodeURIComponent(name)}`,
      { method: 'DELETE' },
    );
    return body.widgets;
  }
}
