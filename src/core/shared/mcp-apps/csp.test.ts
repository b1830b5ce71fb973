import { expect } from '@open-wc/testing';
import { buildAppCspHeader, validateAppCsp } from './csp.js';

function directives(header: string): Record<string, string> {
  return Object.fromEntries(
    header.split(';').map((d) => {
      const [name, ...rest] = d.trim().split(/\s+/);
      return [name!, rest.join(' ')];
    }),
  );
}

describe('MCP Apps CSP from _meta.ui.csp', () => {
  it('MCP Apps "Restrictive Default": with nothing declared the policy allows no network, no frames, no plugins; script and style from the view only', () => {
    const d = directives(buildAppCspHeader(undefined));
    expect(d['default-src']).to.equal("'none'");
    // The reference host's script forms (eval, data:/blob: modules, wasm); no origin.
    expect(d['script-src']).to.equal("'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' data: blob:");
    expect(d['worker-src']).to.equal("'self' data: blob:");
    expect(d['style-src']).to.equal("'self' 'unsafe-inline'");
    expect(d['img-src']).to.equal("'self' data: blob:");
    expect(d['media-src']).to.equal("'self' data: blob:");
    expect(d['connect-src']).to.equal("'none'");
    expect(d['frame-src']).to.equal("'none'");
    expect(d['object-src']).to.equal("'none'");
    expect(d['base-uri']).to.equal("'none'");
    expect(d['form-action']).to.equal("'none'");
    expect(d['frame-ancestors']).to.equal("'none'");
    expect(d['script-src']).to.not.match(/https?:|\*/);
  });

  it('each declared list maps to exactly the directives the spec names', () => {
    const d = directives(
      buildAppCspHeader(
        {
          connectDomains: ['https://api.example.com', 'wss://live.example.com'],
          resourceDomains: ['https://cdn.example.com'],
          frameDomains: ['https://www.youtube.com'],
          baseUriDomains: ['https://cdn.example.com'],
        },
        { frameAncestors: ['http://127.0.0.1:4000'] },
      ),
    );
    expect(d['connect-src']).to.equal('https://api.example.com wss://live.example.com');
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src'])
      expect(d[name], name).to.contain('https://cdn.example.com');
    expect(d['connect-src']).to.not.contain('cdn.example.com');
    expect(d['frame-src']).to.equal('https://www.youtube.com');
    expect(d['base-uri']).to.equal('https://cdn.example.com');
    expect(d['frame-ancestors']).to.equal('http://127.0.0.1:4000');
  });

  it('MCP Apps "No Loosening": keywords, bare schemes, "*", injections and insecure schemes are refused with a reason', () => {
    const hostile = [
      "'unsafe-eval'",
      "'self'",
      '*',
      'https:',
      'data:',
      'blob:',
      'javascript:alert(1)',
      'https://*.com',
      "https://a.example.com; script-src 'unsafe-eval'",
      'https://a.example.com https://b.example.com',
      'http://evil.example.com',
      'https://10.0.0.1',
      'ftp://files.example.com',
      'https://exa mple.com',
      'https://éxample.com',
      42,
    ];
    const { csp, rejected } = validateAppCsp({
      connectDomains: hostile,
      resourceDomains: hostile,
      frameDomains: hostile,
      baseUriDomains: hostile,
    });
    expect(csp).to.deep.equal({});
    expect(rejected.length).to.equal(hostile.length * 4);
    for (const r of rejected) expect(r.reason).to.be.a('string').and.not.equal('');
    const header = buildAppCspHeader({ connectDomains: hostile as string[] });
    expect(header).to.equal(buildAppCspHeader(undefined));
    expect(directives(header)['connect-src']).to.equal("'none'");
  });

  it('accepts plain origins, wildcard subdomains, paths, wss for connect, and localhost with a port', () => {
    const { csp, rejected } = validateAppCsp({
      connectDomains: [
        'https://API.example.com/',
        'wss://live.example.com:8443',
        'http://localhost:5173',
        'https://api.example.com',
      ],
      resourceDomains: ['https://*.cloudflare.com', 'https://cdn.jsdelivr.net/npm/'],
    });
    expect(rejected).to.deep.equal([]);
    expect(csp.connectDomains).to.deep.equal([
      'https://api.example.com',
      'wss://live.example.com:8443',
      'http://localhost:5173',
    ]);
    expect(csp.resourceDomains).to.deep.equal(['https://*.cloudflare.com', 'https://cdn.jsdelivr.net/npm']);
  });

  it("wss is for connections only; localhost needs a port; the dashboard's own origins are never allowed", () => {
    const { csp, rejected } = validateAppCsp(
      {
        connectDomains: ['http://127.0.0.1:4000', 'ws://127.0.0.1:4000', 'http://localhost'],
        resourceDomains: ['wss://x.example.com', 'http://localhost:4000'],
      },
      { forbiddenOrigins: ['http://127.0.0.1:4000', 'http://localhost:4000'] },
    );
    expect(csp).to.deep.equal({});
    expect(rejected.map((r) => r.reason)).to.satisfy(
      (reasons: string[]) =>
        reasons.some((m) => m.includes('dashboard itself')) && reasons.some((m) => m.includes('port')),
    );
  });

  it("the gateway's and the sandbox's ports are refused on every loopback spelling and scheme; other loopback ports still pass", () => {
    const forbiddenOrigins = [
      'http://127.0.0.1:4000',
      'http://localhost:4000',
      'http://127.0.0.1:4001',
      'http://localhost:4001',
    ];
    const hosts = [
      'localhost',
      'LOCALHOST',
      '127.0.0.1',
      '[::1]',
      '0.0.0.0',
      '127.0.0.2',
      '[::]',
      'app.localhost',
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:0:0:1]',
      'localhost.',
    ];
    const spellings = hosts.flatMap((host) =>
      ['http', 'https', 'ws', 'wss'].flatMap((scheme) => [4000, 4001].map((port) => `${scheme}://${host}:${port}`)),
    );
    const { csp, rejected } = validateAppCsp({ connectDomains: spellings.slice(0, 32) }, { forbiddenOrigins });
    const rest = validateAppCsp(
      { connectDomains: spellings.slice(32, 64), resourceDomains: spellings.slice(64, 88) },
      { forbiddenOrigins },
    );
    expect(csp).to.deep.equal({});
    expect(rest.csp).to.deep.equal({});
    expect(rejected.length + rest.rejected.length).to.equal(spellings.length);
    // The same spellings on a port that is not the gateway's are judged by the ordinary rules.
    const other = validateAppCsp(
      { connectDomains: ['ws://localhost:5173', 'wss://[::1]:5173', 'http://app.localhost:5173'] },
      { forbiddenOrigins },
    );
    expect(other.csp.connectDomains).to.deep.equal([
      'ws://localhost:5173',
      'wss://[::1]:5173',
      'http://app.localhost:5173',
    ]);
  });

  it('a malformed declaration is refused as a whole, and at most 32 entries per list are read', () => {
    expect(validateAppCsp('https://x.example.com').rejected[0]!.reason).to.contain('must be an object');
    expect(validateAppCsp({ connectDomains: 'https://x.example.com' }).rejected[0]!.reason).to.contain('array');
    const many = Array.from({ length: 40 }, (_, i) => `https://h${i}.example.com`);
    const { csp, rejected } = validateAppCsp({ connectDomains: many });
    expect(csp.connectDomains).to.have.length(32);
    expect(rejected.at(-1)!.reason).to.contain('at most 32');
  });
});
