import { expect } from '@open-wc/testing';
import { RegistryError, type RegistrySecurityEvent } from './errors.js';
import { sha256Integrity } from './integrity.js';
import { loadStoredPackage } from './loader.js';
import type { WidgetManifest } from './manifest.js';
import { EVICT_AFTER_MS, PackageStore, packageKey, type StoredPackage } from './store.js';

declare global {
  var __storeTestSentinel: string[] | undefined;
}

let n = 0;
const freshStore = () => new PackageStore(`registry-store-test-${Date.now()}-${++n}`);

async function record(name: string, version: string, source: string, lastUsedAt = Date.now()): Promise<StoredPackage> {
  const bytes = new TextEncoder().encode(source);
  const integrity = await sha256Integrity(bytes);
  const manifest = { name, version, bundle: 'b.js', integrity, mcpwpVersion: '1.0.0' } as WidgetManifest;
  return {
    key: packageKey(name, version),
    name,
    version,
    integrity,
    manifest,
    bytes: bytes.buffer as ArrayBuffer,
    registry: 'http://127.0.0.1/',
    storedAt: lastUsedAt,
    lastUsedAt,
  };
}

describe('package store (IndexedDB) and loader', () => {
  it('stores manifest and bytes of several packages in one transaction, and returns the exact bytes', async () => {
    const store = freshStore();
    const a = await record('@t/a', '1.0.0', 'export default 1;');
    const b = await record('@t/b', '2.0.0', 'export default 2;');
    await store.putAll([a, b]);
    expect(await store.keys()).to.deep.equal(['@t/a@1.0.0', '@t/b@2.0.0']);
    const back = await store.get('@t/b', '2.0.0');
    expect(new TextDecoder().decode(back!.bytes)).to.equal('export default 2;');
    await store.close();
  });

  it('a failure half way through the transaction stores nothing and leaves the previous state intact', async () => {
    const store = freshStore();
    await store.putAll([await record('@t/old', '1.0.0', 'old')]);
    const good = await record('@t/new', '1.0.0', 'new');
    // A function cannot be stored: the second put fails after the first was queued.
    const broken = {
      ...(await record('@t/broken', '1.0.0', 'x')),
      manifest: { oops: () => 1 } as unknown as WidgetManifest,
    };
    let error: unknown;
    try {
      await store.putAll([good, broken]);
    } catch (e) {
      error = e;
    }
    expect((error as RegistryError).code).to.equal('storage-failed');
    expect(await store.keys()).to.deep.equal(['@t/old@1.0.0']);
    await store.close();
  });

  it('MCP-WP-16.7.3 evicts versions unused for 90 days unless they are installed or kept for rollback', async () => {
    const store = freshStore();
    const now = Date.now();
    const old = now - EVICT_AFTER_MS - 1000;
    await store.putAll([
      await record('@t/stale', '1.0.0', 's', old),
      await record('@t/kept', '1.0.0', 'k', old),
      await record('@t/recent', '1.0.0', 'r', now - 1000),
    ]);
    const evicted = await store.evict(new Set(['@t/kept@1.0.0']), now);
    expect(evicted).to.deep.equal(['@t/stale@1.0.0']);
    expect(await store.keys()).to.deep.equal(['@t/kept@1.0.0', '@t/recent@1.0.0']);
    await store.touch(['@t/kept@1.0.0'], now + 5);
    expect((await store.get('@t/kept', '1.0.0'))!.lastUsedAt).to.equal(now + 5);
    await store.close();
  });

  it('MCP-WP-16.6.2 bytes changed inside IndexedDB never run; the untouched copy does (sentinel)', async () => {
    globalThis.__storeTestSentinel = [];
    const source = (id: string) =>
      `globalThis.__storeTestSentinel.push(${JSON.stringify(id)}); export default function f() {}`;
    const control = await record('@t/control', '1.0.0', source('control'));
    const module = await loadStoredPackage(control);
    expect(typeof module.default).to.equal('function');
    expect(globalThis.__storeTestSentinel).to.deep.equal(['control']);

    const genuine = await record('@t/swapped', '1.0.0', source('genuine'));
    const swapped: StoredPackage = {
      ...genuine,
      bytes: new TextEncoder().encode(source('swapped')).buffer as ArrayBuffer,
    };
    const events: RegistrySecurityEvent[] = [];
    let error: unknown;
    try {
      await loadStoredPackage(swapped, (e) => events.push(e));
    } catch (e) {
      error = e;
    }
    expect((error as RegistryError).code).to.equal('integrity-mismatch');
    expect((error as Error).message).to.match(/@t\/swapped@1\.0\.0 \(stored copy\) does not match its integrity hash/);
    expect(events.map((e) => e.kind)).to.deep.equal(['integrity-mismatch']);
    expect(globalThis.__storeTestSentinel).to.deep.equal(['control']);
  });
});
