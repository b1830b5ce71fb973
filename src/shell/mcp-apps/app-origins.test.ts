import { expect } from '@open-wc/testing';
import { chooseViewOrigin, DomainClaims } from './app-origins.js';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('choosing a view origin', () => {
  const sandbox = { port: 5000 };
  const view = (serverName: string, domain?: unknown) => ({ serverName, resourceUri: 'ui://x/view.html', domain });

  it('serves a declared domain to the first server that declares it; another server gets a derived origin and the reason', async () => {
    const storage = memory();
    const claims = new DomainClaims(storage);
    const first = await chooseViewOrigin(sandbox, 'http://localhost:5000', view('a', 'shared.localhost'), claims);
    expect(first).to.deep.equal({ origin: 'http://shared.localhost:5000', perApp: true });
    const again = await chooseViewOrigin(sandbox, 'http://localhost:5000', view('a', 'shared.localhost'), claims);
    expect(again.origin).to.equal('http://shared.localhost:5000');
    const other = await chooseViewOrigin(sandbox, 'http://localhost:5000', view('b', 'shared.localhost'), claims);
    expect(other.origin).to.match(/^http:\/\/app--[a-z2-7]{24}\.localhost:5000$/);
    expect(other.refused).to.deep.equal({ domain: 'shared.localhost', reason: 'claimed' });
    // The claim outlives the page: a new page (new claims over the same storage) still refuses server b.
    const later = await chooseViewOrigin(
      sandbox,
      'http://localhost:5000',
      view('b', 'shared.localhost'),
      new DomainClaims(storage),
    );
    expect(later.refused?.reason).to.equal('claimed');
  });

  it('an invalid declaration falls back to the derived origin with its reason; behind a team proxy views share the sandbox origin', async () => {
    const claims = new DomainClaims(memory());
    const foreign = await chooseViewOrigin(sandbox, 'http://localhost:5000', view('a', 'x.example.com'), claims);
    expect(foreign.refused).to.deep.equal({ domain: 'x.example.com', reason: 'not-localhost' });
    expect(foreign.perApp).to.equal(true);
    const none = await chooseViewOrigin(sandbox, 'http://localhost:5000', view('a'), claims);
    expect(none.origin).to.equal(foreign.origin);
    expect(none.refused).to.equal(undefined);
    const team = await chooseViewOrigin(
      { port: 5000, origin: 'https://apps.example.com' },
      'https://apps.example.com',
      view('a', 'shared.localhost'),
      claims,
    );
    expect(team).to.deep.equal({ origin: 'https://apps.example.com', perApp: false });
  });
});
