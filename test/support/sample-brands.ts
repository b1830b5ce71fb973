// The sample brands (examples/brands/) as the a11y tests check them: each loaded from the config through the real
// gateway, in the mode it is checked in.
import type { McpDashboard } from '../../src/shell/dashboard.js';
import { waitFor } from './gateway.js';
import { useDashboard, type DashboardSetup } from './setup.js';

/** Each sample brand with the mode it is checked in. */
const SAMPLE_BRANDS = [
  ['acme-ops', 'light'],
  ['harbor-labs', 'dark'],
] as const;

/** What a sample-brand test is given: servers and the rest of the `dashboard` section, its title, and its check. */
export interface SampleBrandCheck {
  mcpServers: Record<string, unknown>;
  /** The config's `dashboard` section besides the brand. */
  dashboard?: Record<string, unknown>;
  teardown?: DashboardSetup['teardown'];
  title(name: string, mode: string): string;
  /** Runs once the brand is loaded and its mode set; `label` names the brand and mode (`acme-ops/light`). */
  check(dashboard: McpDashboard, label: string): Promise<void>;
}

/** One `describe` per sample brand: a fresh dashboard with that brand in its mode, then `check`. */
export function describeSampleBrands({ mcpServers, dashboard, teardown, title, check }: SampleBrandCheck): void {
  for (const [name, mode] of SAMPLE_BRANDS) {
    describe(`sample brand ${name}`, () => {
      const env = useDashboard({
        mcpServers,
        dashboard: { ...dashboard, brand: `examples/brands/${name}/brand.json` },
        mount: 'each',
        ...(teardown ? { teardown } : {}),
      });

      it(title(name, mode), async () => {
        await waitFor(() => env.dashboard!.services?.theme.brand, 10_000, 'the brand from the config');
        await env.dashboard.services!.configuration.set('theme.mode', mode);
        await check(env.dashboard, `${name}/${mode}`);
      });
    });
  }
}
