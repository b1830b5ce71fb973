import { expect } from '@open-wc/testing';
import { Configuration, ScopedConfiguration } from './configuration.js';

const dbName = () => `config-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe('Configuration', () => {
  it('get / set / onChange, with a fallback for missing keys', async () => {
    const config = new Configuration({ dbName: dbName() });
    await config.load();
    const changes: unknown[] = [];
    const off = config.onChange('theme.mode', (value) => changes.push(value));
    expect(config.get('theme.mode', 'light')).to.equal('light');
    await config.set('theme.mode', 'dark');
    off();
    await config.set('theme.mode', 'light');
    expect(changes).to.deep.equal(['dark']);
  });

  it('persists user preferences in IndexedDB across instances', async () => {
    const name = dbName();
    const first = new Configuration({ dbName: name });
    await first.load();
    await first.set('mcp.pollingInterval', 750);
    await first.set('widgets.type.everything', 'server-panel');
    const second = new Configuration({ dbName: name });
    await second.load();
    expect(second.get('mcp.pollingInterval')).to.equal(750);
    expect(second.get('widgets.type.everything')).to.equal('server-panel');
  });

  it('MCP-WP-10.1.1 mcp.servers comes from the host and cannot be overwritten by set()', async () => {
    const config = new Configuration({ dbName: dbName() });
    config.setHostValue('mcp.servers', { a: { transport: 'stdio' } });
    expect(config.get('mcp.servers')).to.deep.equal({ a: { transport: 'stdio' } });
    let error: Error | undefined;
    try {
      await config.set('mcp.servers', {});
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).to.contain('config file');
  });

  it("a widget's view writes into its own namespace and drops its listeners on dispose", async () => {
    const config = new Configuration({ dbName: dbName() });
    config.setHostValue('mcp.servers', { a: {} });
    const scoped = new ScopedConfiguration(config, 'w1');
    let calls = 0;
    scoped.onChange('view', () => (calls += 1));
    await scoped.set('view', 'compact');
    expect(config.get('widgets.w1.view')).to.equal('compact');
    expect(scoped.get('view')).to.equal('compact');
    expect(scoped.get('mcp.servers')).to.deep.equal({ a: {} });
    scoped.dispose();
    await scoped.set('view', 'full');
    expect(calls).to.equal(1);
  });
});
