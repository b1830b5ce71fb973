import { expect } from '@open-wc/testing';
import { deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, confirmDialog, dialogOpen, permissionDialogOpen } from '../support/dashboard.js';
import { openThroughWidget, viewReady, viewReport } from '../support/apps.js';
import { evalInView, viewFrameUrl } from '../support/views.js';
import type { AppViewHandle } from '../../src/core/shared/types.js';
import { useDashboard } from '../support/setup.js';

type Attempt = { attempted: true; outcome: 'returned' | 'threw'; value?: string; error?: string; code?: number };
type AttackReport = {
  ran: boolean;
  results: Record<string, Attempt>;
  violations: Array<{ directive: string; blocked: string }>;
};

const SECRET = 'S3CRET-HOST-VALUE';

async function plantSecrets(): Promise<void> {
  (window as unknown as { __hostSentinel: string }).__hostSentinel = 'intact';
  localStorage.setItem('mcp-secret', SECRET);
  sessionStorage.setItem('mcp-secret', SECRET);
  document.cookie = `mcp_secret=${SECRET}; path=/; SameSite=Lax`;
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('mcp-secret-db', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('s');
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

describe('MCP Apps hostile-app corpus: every attempt runs in a real view and fails', () => {
  let sandboxOrigin: string;
  const appEvents: Array<{ event: string; data: any }> = [];
  const calls: Array<{ toolName: string; args: any }> = [];
  const opened: unknown[][] = [];
  const realOpen = window.open;
  let victim: AppViewHandle;

  before(() => plantSecrets());
  const env = useDashboard({
    mcpServers: {
      hostile: { command: 'node', args: ['test/fixtures/hostile-app-server.mjs'] },
      'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'] },
    },
    ready: ['hostile', 'basic-vanillajs'],
  });

  before(async () => {
    env.dashboard.services!.bus.on('mcp:app:*', (data, meta) => appEvents.push({ event: meta.event, data }));
    env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string; args: unknown }) => calls.push(d));
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    const port = await env.dashboard.services!.gateway.sandboxPort();
    sandboxOrigin = `http://${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${port}`;
    // A well-behaved view that stays open while the others attack it too.
    const card = await env.card('hostile');
    const victimView = await openThroughWidget(env.dashboard, card, 'hostile', 'probe', { label: 'victim' });
    victim = victimView.handle;
    await viewReady(victimView.frame);
    await viewReport(victim, (r) =>
      r.received?.some((m: { method: string }) => m.method === 'ui/notifications/tool-result'),
    );
  });

  after(async () => {
    window.open = realOpen;
    localStorage.removeItem('mcp-secret');
    sessionStorage.removeItem('mcp-secret');
    document.cookie = 'mcp_secret=; path=/; max-age=0';
    indexedDB.deleteDatabase('mcp-secret-db');
  });

  it('control: the planted secrets and the sentinel are readable from the host page itself', async () => {
    expect(localStorage.getItem('mcp-secret')).to.equal(SECRET);
    expect(sessionStorage.getItem('mcp-secret')).to.equal(SECRET);
    expect(document.cookie).to.contain(SECRET);
    expect((window as unknown as { __hostSentinel: string }).__hostSentinel).to.equal('intact');
    const dbs = await indexedDB.databases();
    expect(dbs.map((d) => d.name)).to.include('mcp-secret-db');
  });

  it('the attack view runs its whole battery, and every escape attempt fails (DOM, storage, network, CSP, forged messages, refused requests)', async () => {
    const card = await env.card('hostile');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'attack', {
      gatewayOrigin: env.gateway.origin,
      sandboxOrigin,
      hostOrigin: location.origin,
    });
    const viewId = await viewReady(frame);
    // The control call (app-only tool, from the app) meets the confirmation dialog, naming the app.
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('hostile:app-echo');
    expect(text).to.contain('the MCP App');
    answerDialog(env.dashboard, 'confirm');
    const report = await viewReport<AttackReport>(handle, (r) => r.ran === true, 30_000);
    const r = report.results;
    const threw = (name: string, pattern: RegExp) => {
      expect(r[name], name).to.exist;
      expect(r[name]!.attempted, `${name} attempted`).to.equal(true);
      expect(r[name]!.outcome, `${name}: ${JSON.stringify(r[name])}`).to.equal('threw');
      expect(r[name]!.error ?? '', name).to.match(pattern);
    };
    // 1–5: the proxy's and the dashboard's DOM. The view runs on its own origin (per-app origins), which is the
    // proxy page's: it reads that page (its own sandbox, armed with the guard), never the dashboard's.
    expect(r.parentDocument!.value).to.equal('MCP App sandbox');
    threw('topDocument', /SecurityError/);
    threw('topSentinel', /SecurityError/);
    expect((window as unknown as { __hostSentinel: string }).__hostSentinel).to.equal('intact');
    expect(r.frameElement!.value).to.equal('[object HTMLIFrameElement]');
    threw('documentDomain', /SecurityError/);
    // 6–10: the host's cookies and storage: the view's own are empty (another origin), the host's unreachable.
    expect(r.cookie!.value).to.equal('');
    expect(r.localStorage!.value).to.equal('null');
    expect(r.sessionStorage!.value).to.equal('null');
    expect(r.indexedDB!.value).to.equal('opened mcp-secret-db stores: ');
    threw('topLocalStorage', /SecurityError/);
    expect(JSON.stringify(report)).to.not.contain(SECRET);
    // 11–16: network and CSP (each blocked by the policy, seen as a violation in the view).
    threw('fetchGateway', /TypeError/);
    threw('fetchHealthz', /TypeError/);
    threw('fetchSandbox', /TypeError/);
    threw('imageExfiltration', /image blocked/);
    // The view's own script may take the forms bundlers emit (eval, data:/blob: workers and modules) and
    // still reaches nothing: the network directives are as closed for them as for inline script.
    expect(r.eval!.value).to.equal('42');
    expect(r.newFunction!.value).to.equal('42');
    threw('evalFetch', /TypeError/);
    expect(r.blobWorkerFetch!.outcome, JSON.stringify(r.blobWorkerFetch)).to.equal('threw');
    expect(r.blobWorkerFetch!.error).to.not.match(/^status/);
    expect(r.dataWorkerFetch!.outcome, JSON.stringify(r.dataWorkerFetch)).to.equal('threw');
    threw('dataScriptFetch', /TypeError/);
    threw('remoteScript', /script blocked/);
    const directives = report.violations.map((v) => v.directive);
    expect(directives).to.include('connect-src');
    expect(directives).to.include('img-src');
    expect(
      directives.some((d) => d.startsWith('script-src')),
      directives.join(),
    ).to.equal(true);
    expect(directives).to.include('base-uri');
    expect(directives).to.include('frame-src');
    expect(r.baseHijack!.value).to.not.contain(env.gateway.origin);
    expect(r.nestedFrame!.value ?? '').to.not.contain('readable: {');
    expect(r.nestedSrcdocReachesTop!.value).to.match(/nested-blocked SecurityError/);
    threw('serviceWorker', /Error/);
    // 17–19: forged messages to the proxy, to the dashboard, and to other frames.
    expect(appEvents.some((e) => JSON.stringify(e.data).includes('"forged":true'))).to.equal(false);
    expect(appEvents.some((e) => JSON.stringify(e.data).includes('forged-via-top'))).to.equal(false);
    expect(calls.some((c) => JSON.stringify(c.args).includes('forged-via-top'))).to.equal(false);
    const proxy = await evalInView<{ frames: number; sandbox: string | null }>(
      viewId,
      `const f = document.querySelectorAll('iframe'); return { frames: f.length, sandbox: f[0].getAttribute('sandbox') };`,
      'proxy',
    );
    expect(proxy).to.deep.equal({ frames: 1, sandbox: 'allow-scripts allow-forms allow-same-origin' });
    // 20–25: requests the host refuses before anything reaches a server or the user.
    threw('callModelOnlyTool', /not available to apps/);
    expect(r.callModelOnlyTool!.code).to.equal(-32601);
    threw('callOtherServersTool', /exists on "basic-vanillajs", but an app may only call tools of its own server/);
    threw('callUnknownTool', /has no tool named/);
    expect(calls.map((c) => c.toolName)).to.not.include.members(['model-only', 'get-time', '../../everything/echo']);
    for (const name of ['openJavascriptLink', 'openDataLink', 'openCredentialLink'])
      expect(r[name]!.value, name).to.equal('{"isError":true}');
    expect(opened).to.deep.equal([]);
    threw('readOtherServersResource', /not found/);
    // The host's history records the app's read, with the app as who asked.
    const read = env.dashboard
      .services!.history.list('hostile')
      .find((e) => e.kind === 'resource' && e.name === 'ui://get-time/mcp-app.html');
    expect(read?.outcome).to.equal('error');
    expect(read?.source?.surface).to.equal('app');
    expect(read?.source?.id).to.match(/^app:ui:\/\//);
    expect(r.undeclaredDisplayMode!.value).to.equal('{"mode":"inline"}');
    expect(frame.getAttribute('mode')).to.equal('inline');
    // 26–27: floods are bounded.
    const height = parseFloat(frame.view!.frameElement!.style.height || '0');
    expect(height).to.be.at.most(640);
    expect(frame.view!.notes.some((n) => n.text.includes('kept resizing'))).to.equal(true);
    const floodMessages = appEvents.filter(
      (e) => e.event === 'mcp:app:message' && e.data.viewId === viewId && /flood/.test(e.data.text),
    );
    expect(floodMessages.length).to.be.at.most(20);
    expect(floodMessages.length).to.be.greaterThan(0);
    // Controls: the legitimate uses of the same channels work.
    expect(r.allowedAppTool!.value).to.contain('echo: legit');
    expect(appEvents.some((e) => e.event === 'mcp:app:message' && e.data.text === 'legit message')).to.equal(true);
    // Other views cannot even be addressed: frames live in shadow trees, so top.frames is empty,
    // and the victim view got nothing (messages posted to the dashboard as it were were dropped).
    expect(r.forgedToOtherFrames!.value).to.equal('posted to 0 frames');
    const victimReport = await viewReport(victim);
    const results = victimReport.received.filter(
      (m: { method: string }) => m.method === 'ui/notifications/tool-result',
    );
    expect(results.length).to.equal(1);
    expect(JSON.stringify(victimReport)).to.not.contain('forged-result');
    const victimFrame = await evalInView<{ frames: number; text: string }>(
      victim.id,
      `return { frames: document.querySelectorAll('iframe').length, text: document.querySelector('iframe').srcdoc.slice(0, 200) };`,
      'proxy',
    );
    expect(victimFrame.frames).to.equal(1);
    expect(victimFrame.text).to.not.contain('hijacked');
    expect(await evalInView<string>(victim.id, `return document.getElementById('state').textContent;`)).to.equal(
      'result',
    );
    // The refusals are visible to the user in the frame's notes and the card's activity.
    expect(deepText(frame.shadowRoot!)).to.contain('tools/call refused');
  });

  it('navigation: the view cannot navigate the dashboard (top), its proxy (parent), or open pop-ups', async () => {
    const card = await env.card('hostile');
    const hostUrl = location.href.split('#')[0]!;
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'navigate', { hostUrl });
    const viewId = await viewReady(frame);
    const report = await viewReport<{ ran: boolean; results: Record<string, string> }>(handle, (r) => r.ran);
    expect(Object.keys(report.results)).to.have.members([
      'topLocation',
      'topLocationReplace',
      'parentLocation',
      'openPopup',
      'targetTopLink',
    ]);
    expect(report.results.openPopup).to.equal('completed: null');
    await new Promise((r) => setTimeout(r, 500));
    expect(location.hash).to.not.contain('owned');
    expect(location.href.split('#')[0]).to.equal(hostUrl);
    const proxyUrl = await viewFrameUrl(viewId, 'proxy');
    expect(new URL(proxyUrl).searchParams.get('view')).to.equal(viewId);
    expect(opened).to.deep.equal([]);
  });

  it('meta refresh: the view is sent to a data: document by <meta http-equiv=refresh>, and the sandbox refuses to load it', async () => {
    const card = await env.card('hostile');
    // Control: the escape payload, run as a view's own script, does reach the host.
    const control = await openThroughWidget(env.dashboard, card, 'hostile', 'escape-control');
    await viewReport(control.handle, (r) => r.escaped === true, 10_000);
    await control.handle.close();
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'refresh');
    const viewId = await viewReady(frame);
    await viewReport(handle, (r) => r.refreshScheduled === true);
    // The refresh fires after 1 s; the frame leaves the view's document for an error page.
    const url = await waitFor(
      async () => {
        const u = await viewFrameUrl(viewId, 'inner');
        return u !== 'about:srcdoc' ? u : undefined;
      },
      10_000,
      'the refresh to be attempted',
    );
    expect(url.startsWith('data:')).to.equal(false);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      appEvents.some((e) => e.data?.viewId === viewId && JSON.stringify(e.data).includes('"escaped":true')),
    ).to.equal(false);
    expect(handle.modelContext?.structuredContent).to.deep.equal({ ran: true, refreshScheduled: true });
  });

  it('CSP and permissions: declared entries are validated, never loosened; no permission is granted without asking', async () => {
    const card = await env.card('hostile');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'hostile', 'csp');
    await viewReady(frame);
    const report = await viewReport<{
      ran: boolean;
      granted: any;
      attempts: Record<string, string>;
      violations: Array<{ directive: string; blocked: string }>;
    }>(handle, (r) => r.ran);
    expect(report.granted.csp).to.deep.equal({
      connectDomains: ['https://ok.example.com'],
      resourceDomains: ['https://cdn.example.com'],
    });
    // Nothing is granted without the person: the declared permissions are asked (camera, clipboard, location),
    // and until an answer the frame has no `allow` at all.
    expect(report.granted.permissions).to.deep.equal({});
    expect(frame.view!.frameElement!.getAttribute('allow') ?? '').to.equal('');
    const asking = await permissionDialogOpen(env.dashboard);
    expect(
      [...asking.shadowRoot!.querySelectorAll('[data-permission]')].map((li) => li.getAttribute('data-permission')),
    ).to.deep.equal(['camera', 'clipboardWrite', 'geolocation']);
    asking.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="deny"]')!.click();
    // A declared origin is allowed by the policy (the fetch fails only for lack of a network); an
    // undeclared one is blocked by the policy itself.
    const blocked = report.violations.filter((v) => v.directive === 'connect-src').map((v) => v.blocked);
    expect(blocked.some((b) => b.startsWith('https://evil.example.net'))).to.equal(true);
    expect(blocked.some((b) => b.startsWith('https://ok.example.com'))).to.equal(false);
    expect(report.attempts.eval).to.equal('2');
    expect(frame.view!.cspRejections.length).to.be.greaterThan(5);
    expect(deepText(frame.shadowRoot!)).to.contain('does not allow');
    expect(frame.hasAttribute('borderless')).to.equal(true);
  });

  it("a widget cannot forge what apps report: mcp:app:* events are the host's", async () => {
    const card = await env.card('hostile');
    const panel = card.shadowRoot!.querySelector('.mount mcp-server-panel-widget') as unknown as {
      deps: { EventBus: { emit(e: string, d: unknown): void } };
    };
    const before = appEvents.length;
    expect(() =>
      panel.deps.EventBus.emit('mcp:app:context', {
        serverName: 'hostile',
        viewId: victim.id,
        structuredContent: { forged: true },
      }),
    ).to.throw(/only the host/);
    expect(appEvents.length).to.equal(before);
  });

  it('MCP Apps visibility: app-only tools are absent from the model/agent tool list; model-only tools are there', () => {
    const names = env.dashboard.modelVisibleTools().map((t) => t.name);
    expect(names).to.include('hostile__model-only');
    expect(names).to.include('hostile__attack');
    expect(names).to.not.include('hostile__app-echo');
    expect(names).to.include('basic-vanillajs__get-time');
  });
});

void confirmDialog;
