import { expect } from '@open-wc/testing';
import {
  MCP_APP_MIME_TYPE,
  UiResourceError,
  extractUiResource,
  isMcpAppMimeType,
  toolUiResourceUri,
} from './ui-resource.js';
import { UIResourceError, parseUIResource, uriListDocument, uriListTarget } from './mcp-ui.js';

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('MCP Apps ui:// resources', () => {
  it('reads _meta.ui.resourceUri, falls back to the deprecated flat key, and ignores anything but ui://', () => {
    expect(toolUiResourceUri({ _meta: { ui: { resourceUri: 'ui://a/b.html' } } })).to.equal('ui://a/b.html');
    expect(toolUiResourceUri({ _meta: { 'ui/resourceUri': 'ui://legacy' } })).to.equal('ui://legacy');
    expect(toolUiResourceUri({ _meta: { ui: { resourceUri: 'ui://new' }, 'ui/resourceUri': 'ui://old' } })).to.equal(
      'ui://new',
    );
    for (const bad of ['https://evil.example/x.html', 'javascript:alert(1)', 'ui://"><script>', 42, '']) {
      expect(toolUiResourceUri({ _meta: { ui: { resourceUri: bad } } }), String(bad)).to.equal(undefined);
    }
    expect(toolUiResourceUri({})).to.equal(undefined);
  });

  it('MCP Apps "Content Requirements": text/html;profile=mcp-app with text or base64 blob; _meta.ui from the content, else from the list entry', () => {
    expect(isMcpAppMimeType('Text/HTML; profile=mcp-app')).to.equal(true);
    expect(isMcpAppMimeType('text/html')).to.equal(false);
    const fromText = extractUiResource(
      {
        contents: [
          {
            uri: 'ui://a',
            mimeType: MCP_APP_MIME_TYPE,
            text: '<p>x</p>',
            _meta: { ui: { csp: { connectDomains: ['https://a.example.com'] }, prefersBorder: true } },
          },
        ],
      },
      'ui://a',
    );
    expect(fromText).to.deep.include({ html: '<p>x</p>', prefersBorder: true });
    expect(fromText.csp).to.deep.equal({ connectDomains: ['https://a.example.com'] });
    const fromBlob = extractUiResource(
      { contents: [{ uri: 'ui://a', mimeType: MCP_APP_MIME_TYPE, blob: b64('<p>héllo ✓</p>') }] },
      'ui://a',
      {
        uri: 'ui://a',
        _meta: { ui: { permissions: { camera: {} } } },
      },
    );
    expect(fromBlob.html).to.equal('<p>héllo ✓</p>');
    expect(fromBlob.permissions).to.deep.equal({ camera: {} });
  });

  it('a resource that is not a view fails with a specific message', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ contents: [] }, /no content/],
      [{ contents: [{ uri: 'ui://a', mimeType: 'text/plain', text: 'x' }] }, /not an MCP App view/],
      [{ contents: [{ uri: 'ui://a', mimeType: MCP_APP_MIME_TYPE }] }, /neither "text" nor "blob"/],
      [{ contents: [{ uri: 'ui://a', mimeType: MCP_APP_MIME_TYPE, blob: '%%%' }] }, /not valid base64/],
      [{ contents: [{ uri: 'ui://a', mimeType: MCP_APP_MIME_TYPE, text: '   ' }] }, /empty/],
      [
        {
          contents: [
            { uri: 'ui://b', text: 'x' },
            { uri: 'ui://c', text: 'y' },
          ],
        },
        /none of them/,
      ],
      [undefined, /no content/],
    ];
    for (const [result, pattern] of cases) {
      expect(() => extractUiResource(result as never, 'ui://a'))
        .to.throw(UiResourceError)
        .with.property('message')
        .that.matches(pattern);
    }
  });
});

describe('MCP-WP §15 mcp-ui resources', () => {
  it('MCP-WP-16.2.1 accepts { uri, mimeType, content }, embedded resources and resources/read items', () => {
    expect(parseUIResource({ uri: 'ui://x', mimeType: 'text/html', content: '<p>a</p>' })).to.deep.equal({
      uri: 'ui://x',
      mimeType: 'text/html',
      content: '<p>a</p>',
    });
    expect(
      parseUIResource({
        type: 'resource',
        resource: { uri: 'ui://x', mimeType: 'text/html; charset=utf-8', text: 'a' },
      }),
    ).to.deep.equal({ uri: 'ui://x', mimeType: 'text/html', content: 'a' });
    expect(
      parseUIResource({ uri: 'ui://x', mimeType: 'text/uri-list', blob: b64('https://a.example.com') }).content,
    ).to.equal('https://a.example.com');
  });

  it('MCP-WP-16.2.2 refuses unknown and remote-dom types, non-ui:// URIs and empty content, saying why', () => {
    expect(() =>
      parseUIResource({
        uri: 'ui://x',
        mimeType: 'application/vnd.mcp-ui.remote-dom+javascript; framework=react',
        content: 'x',
      }),
    ).to.throw(UIResourceError, /remote-dom/);
    expect(() => parseUIResource({ uri: 'ui://x', mimeType: 'image/png', content: 'x' })).to.throw(
      UIResourceError,
      /not an mcp-ui type/,
    );
    expect(() => parseUIResource({ uri: 'https://x', mimeType: 'text/html', content: 'x' })).to.throw(
      UIResourceError,
      /ui:\/\//,
    );
    expect(() => parseUIResource({ uri: 'ui://x', mimeType: 'text/html' })).to.throw(UIResourceError, /no content/);
    expect(() => parseUIResource(null)).to.throw(UIResourceError);
  });

  it('MCP-WP-16.3.3 text/uri-list: https only (http rejected), comments skipped, the URL escaped into the wrapper document', () => {
    expect(uriListTarget('# comment\n\nhttps://a.example.com/app?x=1&y="2"\nhttps://b.example.com').href).to.equal(
      'https://a.example.com/app?x=1&y=%222%22',
    );
    expect(() => uriListTarget('http://a.example.com')).to.throw(UIResourceError, /16\.3\.3/);
    expect(() => uriListTarget('javascript:alert(1)')).to.throw(UIResourceError);
    expect(() => uriListTarget('# only comments')).to.throw(UIResourceError, /empty/);
    expect(() => uriListTarget('https://user:pw@a.example.com')).to.throw(UIResourceError, /password/);
    const doc = uriListDocument(new URL('https://a.example.com/"><script>alert(1)</script>'));
    expect(doc).to.not.contain('<script>alert');
    expect(doc).to.contain('sandbox="allow-scripts allow-forms"');
  });
});
