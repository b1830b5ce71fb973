import { expect } from '@open-wc/testing';
import { checkAppResourceRead, checkAppToolCall, checkOpenLink } from './app-request-rules.js';
import { containerDimensionsFor, buildHostContext, changedContextFields } from './host-context.js';
import { OUTER_SANDBOX, resolveInnerSandbox, resolvePermissions } from './sandbox-policy.js';
import { sandboxOriginFor, sandboxProxyUrl } from '../shared/mcp-apps/sandbox-origin.js';
import { SizeGovernor } from './size-governor.js';
import type { MCPTool } from '../shared/types.js';

const tool = (name: string, visibility?: string[]): MCPTool => ({
  name,
  inputSchema: { type: 'object' },
  ...(visibility ? { _meta: { ui: { visibility } } } : {}),
});

describe('MCP Apps sandbox tokens and permissions', () => {
  it('inner sandbox: requested tokens are intersected with the allowlist; allow-same-origin and navigation tokens never pass', () => {
    expect(resolveInnerSandbox(undefined).sandbox).to.equal('allow-scripts allow-forms');
    const d = resolveInnerSandbox(
      'allow-scripts allow-same-origin allow-top-navigation allow-popups allow-popups-to-escape-sandbox allow-modals allow-forms allow-pointer-lock',
    );
    expect(d.sandbox).to.equal('allow-scripts allow-forms allow-pointer-lock');
    expect(d.refused).to.deep.equal([
      'allow-same-origin',
      'allow-top-navigation',
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-modals',
    ]);
    expect(resolveInnerSandbox('').sandbox).to.equal('allow-scripts');
    expect(resolveInnerSandbox(['allow-forms', 7]).sandbox).to.equal('allow-scripts allow-forms');
  });

  it('MCP Apps "Sandbox proxy" rule 2: the proxy frame has allow-scripts and allow-same-origin', () => {
    expect(OUTER_SANDBOX.split(' ')).to.include.members(['allow-scripts', 'allow-same-origin']);
    expect(OUTER_SANDBOX).to.not.contain('top-navigation');
    expect(OUTER_SANDBOX).to.not.contain('popups');
  });

  it('_meta.ui.permissions becomes the iframe allow attribute, only for granted features', () => {
    const all = { camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {}, usb: {} };
    // Nothing the person has not allowed: no `allow` at all.
    const none = resolvePermissions(all, []);
    expect(none.allow).to.equal('');
    expect(none.granted).to.deep.equal({});
    expect(none.refused).to.deep.equal(['camera', 'microphone', 'geolocation', 'clipboardWrite', 'usb']);
    const d = resolvePermissions(all, ['clipboardWrite', 'usb']);
    expect(d.allow).to.equal('clipboard-write');
    expect(d.granted).to.deep.equal({ clipboardWrite: {} });
    expect(d.refused).to.deep.equal(['camera', 'microphone', 'geolocation', 'usb']);
    expect(resolvePermissions({ camera: {}, microphone: {} }, ['camera', 'microphone']).allow).to.equal(
      'camera; microphone',
    );
    expect(resolvePermissions('camera', ['camera']).allow).to.equal('');
    expect(resolvePermissions({ __proto__: {}, constructor: {} } as never, ['constructor']).allow).to.equal('');
  });

  it('the sandbox runs on the other loopback host name than the page, on its own port', () => {
    expect(sandboxOriginFor('127.0.0.1', 5000)).to.equal('http://localhost:5000');
    expect(sandboxOriginFor('localhost', 5000)).to.equal('http://127.0.0.1:5000');
    const url = new URL(
      sandboxProxyUrl('http://localhost:5000', {
        hostOrigin: 'http://127.0.0.1:4000',
        csp: { connectDomains: ['https://a.example.com'] },
        view: 'v1',
      }),
    );
    expect(url.pathname).to.equal('/proxy');
    expect(url.searchParams.get('host')).to.equal('http://127.0.0.1:4000');
    expect(JSON.parse(url.searchParams.get('csp')!)).to.deep.equal({ connectDomains: ['https://a.example.com'] });
  });
});

describe('MCP Apps requests from a view', () => {
  const tools = [tool('both'), tool('app-only', ['app']), tool('model-only', ['model'])];

  it('MCP Apps "Visibility": tools/call is allowed for tools whose visibility includes app, on the view\'s own server', () => {
    expect(checkAppToolCall({ viewServer: 's', name: 'both', tools }).ok).to.equal(true);
    expect(checkAppToolCall({ viewServer: 's', name: 'app-only', tools }).ok).to.equal(true);
  });

  it('MCP Apps "Visibility": tools/call is refused for a model-only tool, a tool of another server, and a missing tool', () => {
    const modelOnly = checkAppToolCall({ viewServer: 's', name: 'model-only', tools });
    expect(modelOnly).to.deep.include({ ok: false, code: -32601 });
    expect((modelOnly as { message: string }).message).to.contain('not available to apps');
    const other = checkAppToolCall({
      viewServer: 's',
      name: 'echo',
      tools,
      otherServers: new Map([
        ['everything', [tool('echo')]],
        ['s', tools],
      ]),
    });
    expect((other as { message: string }).message).to.contain('exists on "everything"');
    expect(checkAppToolCall({ viewServer: 's', name: 'nope', tools }).ok).to.equal(false);
    expect(checkAppToolCall({ viewServer: 's', name: 42, tools }).ok).to.equal(false);
    expect(checkAppToolCall({ viewServer: 's', name: '', tools }).ok).to.equal(false);
  });

  it('ui/open-link: only absolute http(s) URLs without credentials', () => {
    expect(checkOpenLink('https://modelcontextprotocol.io/')).to.deep.equal({
      ok: true,
      url: 'https://modelcontextprotocol.io/',
      host: 'modelcontextprotocol.io',
    });
    expect(checkOpenLink('http://example.com/a?b#c').ok).to.equal(true);
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'blob:https://a/b',
      'vbscript:x',
      '/relative',
      'https://bank.example@evil.example',
      '',
      42,
      `https://a.example/${'x'.repeat(3000)}`,
    ]) {
      expect(checkOpenLink(bad).ok, String(bad).slice(0, 40)).to.equal(false);
    }
  });

  it('resources/read needs a URI string', () => {
    expect(checkAppResourceRead('ui://x/y')).to.deep.equal({ ok: true, uri: 'ui://x/y' });
    expect(checkAppResourceRead(undefined).ok).to.equal(false);
  });
});

describe('MCP Apps host context and sizing', () => {
  it('containerDimensions: inline views get the card width and a maximum height; other modes a fixed box', () => {
    expect(containerDimensionsFor('inline', { width: 500.4, height: 10 })).to.deep.equal({
      width: 500,
      maxHeight: 640,
    });
    expect(containerDimensionsFor('fullscreen', { width: 1200, height: 800 })).to.deep.equal({
      width: 1200,
      height: 800,
    });
    expect(containerDimensionsFor('pip', { width: 400, height: 300 })).to.deep.equal({ width: 400, height: 300 });
  });

  it('buildHostContext has every field the issue asks for, platform web', () => {
    const ctx = buildHostContext({
      tool: tool('t'),
      theme: 'dark',
      styles: { '--color-text-primary': '#fff' },
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen', 'pip'],
      containerDimensions: { width: 300, maxHeight: 640 },
      locale: 'ja-JP',
      timeZone: 'Asia/Tokyo',
      userAgent: 'mcp-dashboard/0.1.0',
    });
    expect(ctx).to.deep.include({
      theme: 'dark',
      displayMode: 'inline',
      locale: 'ja-JP',
      timeZone: 'Asia/Tokyo',
      platform: 'web',
    });
    expect(ctx.styles!.variables!['--color-text-primary']).to.equal('#fff');
    expect(ctx.availableDisplayModes).to.deep.equal(['inline', 'fullscreen', 'pip']);
    expect(ctx.toolInfo!.tool.name).to.equal('t');
    expect(changedContextFields(ctx, { ...ctx, theme: 'light' })).to.deep.equal({ theme: 'light' });
  });

  it('size-changed: heights are clamped, repeats ignored, and a resize loop is frozen at its tallest height', () => {
    let now = 0;
    const g = new SizeGovernor({ minHeight: 60, maxHeight: 640, now: () => now });
    expect(g.propose(300)).to.deep.equal({ apply: true, height: 300 });
    expect(g.propose(300.4)).to.deep.equal({ apply: false, reason: 'unchanged' });
    expect(g.propose(10_000)).to.deep.equal({ apply: true, height: 640 });
    expect(g.propose(-5)).to.deep.equal({ apply: false, reason: 'invalid' });
    expect(g.propose(Number.NaN)).to.deep.equal({ apply: false, reason: 'invalid' });
    let applied = 0;
    let loop = false;
    for (let i = 0; i < 40; i++) {
      now += 10;
      const v = g.propose(i % 2 ? 200 : 400);
      if (v.apply) applied += 1;
      if (v.loopDetected) loop = true;
    }
    expect(applied).to.be.lessThan(15);
    expect(g.height).to.equal(640);
    now += 5000;
    expect(g.propose(250)).to.deep.equal({ apply: true, height: 250 });
    expect(loop).to.equal(true);
  });
});
