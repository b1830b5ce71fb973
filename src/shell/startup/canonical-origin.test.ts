import { expect } from '@open-wc/testing';
import { localhostUrlFor, passkeyOriginProblem } from './canonical-origin.js';

const loc = (href: string) => {
  const u = new URL(href);
  return {
    protocol: u.protocol,
    hostname: u.hostname,
    port: u.port,
    pathname: u.pathname,
    search: u.search,
    hash: u.hash,
  };
};

describe('the page moves from 127.0.0.1 to localhost (WebAuthn refuses IP addresses)', () => {
  it('moves a loopback-IP page to localhost, keeping port, path and the launch-code fragment', () => {
    expect(localhostUrlFor(loc('http://127.0.0.1:41234/#code=abc'))).to.equal('http://localhost:41234/#code=abc');
    expect(localhostUrlFor(loc('http://[::1]:8080/x?y=1#code=t'))).to.equal('http://localhost:8080/x?y=1#code=t');
  });
  it('leaves localhost and other hosts alone', () => {
    expect(localhostUrlFor(loc('http://localhost:41234/#code=abc'))).to.equal(undefined);
    expect(localhostUrlFor(loc('http://example.test/'))).to.equal(undefined);
  });
  it('explains why a passkey cannot run on an IP-address page', () => {
    expect(passkeyOriginProblem(loc('http://127.0.0.1:5000/'))).to.contain('http://localhost:5000');
    expect(passkeyOriginProblem(loc('http://localhost:5000/'))).to.equal(undefined);
  });
});
