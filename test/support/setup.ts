// One setup for browser tests that need a real gateway and a real <mcp-dashboard>: mocha hooks start the
// gateway once for the describe block (or the file), mount the dashboard, and take both down afterwards.
import { setViewport } from '@web/test-runner-commands';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { mountDashboard, readyCard } from './dashboard.js';
import { startGateway, stopGateway, type TestGateway } from './gateway.js';

type Lazy<T> = T | (() => T | Promise<T>);

/** What `useDashboard` sets up: the gateway's config file, and how the dashboard is mounted. */
export interface DashboardSetup {
  /** The config's servers; a function when they depend on something an earlier `before` made (a scratch folder). */
  mcpServers: Lazy<Record<string, unknown>>;
  /** The config's `dashboard` section (policy, brand, registries, layouts…). */
  dashboard?: Lazy<Record<string, unknown> | undefined>;
  /**
   * `once` (default): one dashboard for every test of the block. `each`: a fresh dashboard (fresh IndexedDB)
   * before each test. `test`: the test mounts (`env.mount()`, or assigns `env.dashboard`); it is removed after
   * the test. `none`: no dashboard, only the gateway.
   */
  mount?: 'once' | 'each' | 'test' | 'none';
  /** The IndexedDB of the first mount (a fixed name lets a test reload as the same person); fresh by default. */
  dbName?: string;
  /** Cards to wait for after each mount, in this order. */
  ready?: string[];
  /** Page size while the block runs; 800×600 again afterwards. */
  viewport?: { width: number; height: number };
  /** Runs before the dashboard is removed (after each test for `each`/`test`, else after the block). */
  teardown?: (env: DashboardEnv) => unknown;
}

/** The gateway and dashboard of a block, valid inside its tests and hooks. */
export interface DashboardEnv {
  readonly gateway: TestGateway;
  /** The mounted dashboard (assign one mounted another way; the env removes it). */
  dashboard: McpDashboard;
  /** The card of server `name`, once it is ready (or in error). */
  card(name: string, timeoutMs?: number): Promise<McpWidgetCard>;
  /** Replaces the dashboard with a new one; the same `dbName` is the same person after a reload. */
  mount(options?: { dbName?: string; token?: string }): Promise<McpDashboard>;
}

const resolve = async <T>(value: Lazy<T>): Promise<T> =>
  typeof value === 'function' ? (value as () => T | Promise<T>)() : value;

/** Registers the hooks of a gateway (and a dashboard) with `setup` in the enclosing describe; returns the env. */
export function useDashboard(setup: DashboardSetup): DashboardEnv {
  const mode = setup.mount ?? 'once';
  let gateway: TestGateway | undefined;
  let current: McpDashboard | undefined;

  const env: DashboardEnv = {
    get gateway() {
      if (!gateway) throw new Error('the gateway is not started yet (use env.gateway inside a test or hook)');
      return gateway;
    },
    get dashboard() {
      if (!current) throw new Error('no dashboard is mounted');
      return current;
    },
    set dashboard(el: McpDashboard) {
      if (current && current !== el) current.remove();
      current = el;
    },
    card: (name, timeoutMs) => readyCard(env.dashboard, name, timeoutMs),
    async mount({ dbName, token } = {}) {
      current?.remove();
      current = undefined;
      current = await mountDashboard(env.gateway, token ?? env.gateway.token, dbName);
      for (const name of setup.ready ?? []) await env.card(name);
      return current;
    },
  };

  const unmount = async () => {
    if (current) await setup.teardown?.(env);
    current?.remove();
    current = undefined;
  };

  let starting: string | undefined;
  before(async function () {
    // A gateway may take long to start on a busy machine (its own deadline is 60 s); the cards, 20 s each.
    this.timeout(Math.max(this.timeout(), 90_000));
    if (setup.viewport) await setViewport(setup.viewport);
    const config = {
      mcpServers: await resolve(setup.mcpServers),
      ...(setup.dashboard ? { dashboard: await resolve(setup.dashboard) } : {}),
    };
    gateway = await startGateway(config, (id) => (starting = id));
    if (mode === 'once') await env.mount({ dbName: setup.dbName });
  });
  if (mode === 'each') beforeEach(() => env.mount());
  if (mode === 'each' || mode === 'test') afterEach(unmount);
  after(async function () {
    this.timeout(Math.max(this.timeout(), 90_000));
    await unmount();
    // Also a gateway whose start outlasted the hook: it is stopped once it has started.
    await stopGateway(gateway ?? (starting ? { id: starting } : undefined));
    gateway = undefined;
    starting = undefined;
    if (setup.viewport) await setViewport({ width: 800, height: 600 });
  });
  return env;
}
