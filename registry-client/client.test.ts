import { expect } from '@open-wc/testing';
import { startRegistry, stopRegistry, type TestRegistry } from '../test/support/widget-store.js';
import { RegistryClient, type DownloadProgress } from './client.js';
import { PackageStore } from './store.js';

describe('RegistryClient against the reference registry (mcpwp serve)', () => {
  let registry: TestRegistry;
  let client: RegistryClient;

  before(async () => {
    registry = await startRegistry({
      packs: ['@acme/sparkline@1.0.0', '@acme/latency-widget@1.0.0', '@acme/echo-widget@1.0.0'],
    });
    client = new RegistryClient({
      registries: [
        { url: 'http://127.0.0.1:9/', name: 'down' },
        { url: registry.url, name: 'test' },
      ],
      publisherKeys: [{ publisher: registry.publisher, publicKey: registry.publicKey }],
      store: new PackageStore(`registry-client-test-${Date.now()}`),
    });
  });

  after(async () => {
    await stopRegistry(registry);
  });

  it('MCP-WP-16.3.1 resolves through several registries in priority order (an unreachable one is skipped)', async () => {
    const plan = await client.plan('@acme/echo-widget');
    expect(plan.root.source.label).to.equal('test');
    expect(plan.root.signature.state).to.equal('verified');
  });

  it('MCP-WP-16.3.3 searches by text and by server', async () => {
    const { hits } = await client.search('acme', 'everything');
    // The echo widget is for "everything"; packages without mcpServers match any server.
    expect(hits.map((h) => h.name).sort()).to.deep.equal([
      '@acme/echo-widget',
      '@acme/latency-widget',
      '@acme/sparkline',
    ]);
    expect((await client.search('echo', 'another-server')).hits).to.deep.equal([]);
  });

  it('MCP-WP-16.4.2 resolves dependencies first, downloads with progress and stores all of them', async () => {
    const plan = await client.plan('@acme/latency-widget');
    expect(plan.packages.map((p) => `${p.manifest.name}@${p.manifest.version}`)).to.deep.equal([
      '@acme/sparkline@1.0.0',
      '@acme/latency-widget@1.0.0',
    ]);
    const progress: DownloadProgress[] = [];
    const records = await client.fetchAndStore(plan, { onProgress: (p) => progress.push(p) });
    expect(records.map((r) => r.key)).to.deep.equal(['@acme/sparkline@1.0.0', '@acme/latency-widget@1.0.0']);
    for (const record of records) {
      const mine = progress.filter((p) => p.name === record.name);
      expect(mine.length).to.be.greaterThan(0);
      expect(mine[mine.length - 1]!.received).to.equal(record.bytes.byteLength);
      expect(mine.every((p, i) => i === 0 || p.received >= mine[i - 1]!.received)).to.equal(true);
    }
    expect(await client.store.keys()).to.deep.equal(['@acme/latency-widget@1.0.0', '@acme/sparkline@1.0.0']);
    const module = await client.load(records);
    expect(typeof module.default).to.equal('function');
    expect(customElements.get('mcp-acme-sparkline'), 'the dependency was loaded first').to.exist;
  });
});
