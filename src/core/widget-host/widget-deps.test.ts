import { expect } from '@open-wc/testing';
import { Configuration } from '../services/configuration.js';
import { normalizePolicySettings } from '../shared/config/dashboard-config.js';
import { EventBus } from '../services/event-bus.js';
import type { MCPBridge } from '../bridge/mcp-bridge.js';
import { WidgetGrants } from '../policy/widget-grants.js';
import type { ToolInvoker } from '../invocation/tool-invoker.js';
import type { MCPWidgetMetadata } from '../shared/types.js';
import { createWidgetDependencies } from './widget-deps.js';

// One unit: the dependencies a widget is handed, gated by its grant (MCP-WP-11.4.3). The bridge and
// invoker are not reached by these operations, so bare stand-ins suffice.
const meta = (permissions: MCPWidgetMetadata['permissions']): MCPWidgetMetadata => ({
  protocolVersion: '1.0.0',
  element: 'mcp-x-widget',
  displayName: 'x',
  icon: 'x',
  category: 'MCP Servers',
  mcpServerName: 's',
  transport: 'stdio',
  mcpProtocolVersion: '2025-06-18',
  capabilities: { tools: true, resources: false, prompts: false, sampling: false },
  permissions,
});

function setup(trust: Record<string, string>, dbName: string) {
  const settings = normalizePolicySettings({ trust: { widgets: trust } });
  const grants = new WidgetGrants(() => settings);
  const configuration = new Configuration({ dbName });
  const copied: string[] = [];
  const denied: string[] = [];
  const deps = createWidgetDependencies({
    widgetId: 'w:s',
    bus: new EventBus(),
    bridge: {} as MCPBridge,
    invoker: {} as ToolInvoker,
    configuration,
    policy: {
      grants,
      widgetType: 'w',
      serverName: 's',
      clipboard: async (t) => void copied.push(t),
      onPermissionDenied: (e) => denied.push(e.operation),
    },
  });
  return { deps, grants, configuration, copied, denied };
}

describe('gated widget dependencies (MCP-WP-11.4.3)', () => {
  it('community: storage is session-only — the widget reads its value back, but nothing reaches IndexedDB', async () => {
    const dbName = `gated-${Date.now()}-a`;
    const { deps } = setup({ w: 'community' }, dbName);
    deps.applyMetadata!(meta({ storage: 'persistent' }));
    await deps.dependencies.Configuration.set('colour', 'teal');
    expect(deps.dependencies.Configuration.get('colour')).to.equal('teal');
    const fresh = new Configuration({ dbName });
    await fresh.load();
    expect(fresh.get('widgets.w:s.colour')).to.equal(undefined);
  });

  it('enterprise: a declared persistent storage is stored in IndexedDB', async () => {
    const dbName = `gated-${Date.now()}-b`;
    const { deps } = setup({ w: 'enterprise' }, dbName);
    deps.applyMetadata!(meta({ storage: 'persistent' }));
    await deps.dependencies.Configuration.set('colour', 'teal');
    const fresh = new Configuration({ dbName });
    await fresh.load();
    expect(fresh.get('widgets.w:s.colour')).to.equal('teal');
  });

  it('before its metadata is applied a widget has nothing; afterwards only what it declared', async () => {
    const { deps, copied, denied } = setup({ w: 'community' }, `gated-${Date.now()}-c`);
    const early = await deps.dependencies.Clipboard!.writeText('x').then(
      () => 'ok',
      (e: Error) => e.message,
    );
    expect(early).to.contain('no permission for "clipboard"');
    deps.applyMetadata!(meta({ clipboard: true }));
    await deps.dependencies.Clipboard!.writeText('copied');
    expect(copied).to.deep.equal(['copied']);
    const store = await deps.dependencies.Configuration.set('k', 1).then(
      () => 'ok',
      (e: Error) => e.message,
    );
    expect(store).to.contain('no permission for "storage"');
    expect(denied).to.deep.equal(['clipboard', 'storage']);
  });

  it('dispose revokes the grant', () => {
    const { deps, grants } = setup({ w: 'community' }, `gated-${Date.now()}-d`);
    deps.applyMetadata!(meta({ mcpOperations: { invokeTool: true } }));
    expect(grants.get('w:s')?.permissions.invokeTool).to.equal(true);
    deps.dispose();
    expect(grants.get('w:s')).to.equal(undefined);
  });
});
