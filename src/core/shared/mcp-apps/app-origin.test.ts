import { expect } from '@open-wc/testing';
import { appLabelOfHost, appOrigin, deriveAppLabel, validateAppDomain } from './app-origin.js';

describe('MCP Apps per-app origins (_meta.ui.domain)', () => {
  it('a declared .localhost label is served as declared (also written as an http origin)', () => {
    expect(validateAppDomain('my-app.localhost')).to.deep.equal({ ok: true, label: 'my-app' });
    expect(validateAppDomain('HTTP://Charts.LOCALHOST/')).to.deep.equal({ ok: true, label: 'charts' });
    expect(appOrigin('my-app', 4321)).to.equal('http://my-app.localhost:4321');
  });

  it('refuses, with a reason, what the gateway cannot serve or what would meet a derived label', () => {
    const reason = (d: unknown) => {
      const v = validateAppDomain(d);
      return v.ok ? 'accepted' : v.reason;
    };
    expect(reason('a904794854a047f6.claudemcpcontent.com')).to.equal('not-localhost');
    expect(reason('localhost')).to.equal('not-localhost');
    expect(reason('a.b.localhost')).to.equal('bad-label');
    expect(reason('-x.localhost')).to.equal('bad-label');
    expect(reason('x_y.localhost')).to.equal('bad-label');
    expect(reason(`${'a'.repeat(64)}.localhost`)).to.equal('bad-label');
    expect(reason('app--qw5fysiwtb4llqpdy3x7ks62.localhost')).to.equal('reserved');
    expect(reason('xn--80ak6aa92e.localhost')).to.equal('reserved');
    expect(reason('my-app.localhost:8080')).to.equal('port-or-path');
    expect(reason('http://my-app.localhost/path')).to.equal('port-or-path');
    expect(reason('user@my-app.localhost')).to.equal('port-or-path');
    expect(reason('')).to.equal('not-a-name');
    expect(reason(42)).to.equal('not-a-name');
  });

  it('derives a DNS-safe label per server and view address: stable, distinct, never a declarable one', async () => {
    const a = await deriveAppLabel('charts', 'ui://charts/view.html');
    expect(a).to.match(/^app--[a-z2-7]{24}$/);
    expect(await deriveAppLabel('charts', 'ui://charts/view.html')).to.equal(a);
    expect(await deriveAppLabel('charts', 'ui://charts/other.html')).to.not.equal(a);
    expect(await deriveAppLabel('charts-2', 'ui://charts/view.html')).to.not.equal(a);
    // The separator cannot be forged by moving text between the two parts.
    expect(await deriveAppLabel('a\nb', 'c')).to.not.equal(await deriveAppLabel('a', 'b\nc'));
    expect(validateAppDomain(`${a}.localhost`).ok).to.equal(false);
  });

  it('reads the label of a per-app Host header, and nothing else', () => {
    expect(appLabelOfHost('app--abc.localhost:1234')).to.equal('app--abc');
    expect(appLabelOfHost('My-App.localhost')).to.equal('my-app');
    expect(appLabelOfHost('localhost:1234')).to.equal(undefined);
    expect(appLabelOfHost('a.b.localhost:1')).to.equal(undefined);
    expect(appLabelOfHost('app.localhost.evil.example:1')).to.equal(undefined);
    expect(appLabelOfHost('127.0.0.1:1')).to.equal(undefined);
  });
});
