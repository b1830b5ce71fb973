import { expect } from '@open-wc/testing';
import { Configuration } from '../services/configuration.js';
import { MCPError } from '../bridge/mcp-error.js';
import { GLOBAL_ROOTS_KEY, RootsStore, SERVER_ROOTS_KEY, checkRoot } from './roots-store.js';

const dbName = () => `roots-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe('RootsStore (the roots each server is given)', () => {
  it('checkRoot accepts file:// folders only, with a message a user can act on otherwise', () => {
    expect(checkRoot({ uri: 'file:///home/me/notes', name: ' Notes ' })).to.deep.equal({
      root: { uri: 'file:///home/me/notes', name: 'Notes' },
    });
    expect((checkRoot({ uri: 'https://example.com' }) as { problem: string }).problem).to.contain(
      'Only folders on this computer',
    );
    expect((checkRoot({ uri: 'not a url' }) as { problem: string }).problem).to.contain('is not an address');
    expect((checkRoot({ uri: 'file:///x', name: 5 }) as { problem: string }).problem).to.contain('name must be text');
    expect((checkRoot(null) as { problem: string }).problem).to.contain('needs a "uri"');
  });

  it('a server gets the roots for every server and its own; set() persists, refuses bad entries and tells listeners', async () => {
    const name = dbName();
    const config = new Configuration({ dbName: name });
    await config.load();
    await config.set(GLOBAL_ROOTS_KEY, [{ uri: 'file:///shared' }, { uri: 'https://nope' }]);
    const store = new RootsStore(config);
    const told: string[] = [];
    const off = store.onChange((server) => told.push(server));
    await store.set('a', [{ uri: 'file:///a', name: 'A' }, { uri: 'file:///a' }]);
    expect(store.forServer('a')).to.deep.equal([
      { uri: 'file:///shared', scope: 'all' },
      { uri: 'file:///a', name: 'A', scope: 'server' },
    ]);
    expect(store.forServer('b')).to.deep.equal([{ uri: 'file:///shared', scope: 'all' }]);
    let refused: unknown;
    try {
      await store.set('a', [{ uri: 'javascript:alert(1)' }]);
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(MCPError);
    expect((refused as MCPError).message).to.contain('Only folders on this computer');
    await config.set(GLOBAL_ROOTS_KEY, []);
    off();
    expect(told).to.deep.equal(['a', '*']);
    const again = new Configuration({ dbName: name });
    await again.load();
    expect(new RootsStore(again).forServer('a')).to.deep.equal([{ uri: 'file:///a', name: 'A', scope: 'server' }]);
  });

  it('a server named "__proto__" gets its own list and changes nothing else', async () => {
    const config = new Configuration({ dbName: dbName() });
    await config.load();
    const store = new RootsStore(config);
    await store.set('__proto__', [{ uri: 'file:///p' }]);
    expect(store.forServer('__proto__')).to.deep.equal([{ uri: 'file:///p', scope: 'server' }]);
    expect(store.forServer('other')).to.deep.equal([]);
    expect(Object.getPrototypeOf(config.get(SERVER_ROOTS_KEY))).to.equal(Object.prototype);
    expect(({} as Record<string, unknown>).uri).to.equal(undefined);
  });
});
