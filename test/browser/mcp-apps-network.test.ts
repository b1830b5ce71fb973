import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen } from '../support/dashboard.js';
import { openThroughWidget, viewReady, viewReport } from '../support/apps.js';
import { clickInView, evalInView } from '../support/views.js';
import { useDashboard } from '../support/setup.js';

type Attempt = { name: string; outcome: 'returned' | 'threw'; value?: string | null; error?: string };
type Seen = { udp: Array<{ from: number; bytes: number }>; tcp: Array<{ firstLine: string }> };

const listeners = {
  start: () => executeServerCommand<{ udpPort: number; tcpPort: number }, undefined>('listeners-start'),
  read: async () => (await executeServerCommand<Seen, undefined>('listeners-read'))!,
  reset: () => executeServerCommand('listeners-reset'),
  stop: () => executeServerCommand('listeners-stop'),
};

/** How long after the views' attempts the listeners are given to receive anything (the control shows traffic arrives within milliseconds). */
const GRACE_MS = 2000;

describe('MCP App views have no network unless declared — WebRTC included (a real UDP and TCP listener on loopback)', () => {
  let ports: { udpPort: number; tcpPort: number };

  before(async () => {
    ports = (await listeners.start())!;
  });
  const env = useDashboard({
    mcpServers: () => ({
      network: {
        command: 'node',
        args: ['test/fixtures/network-app-server.mjs', String(ports.tcpPort), String(ports.udpPort)],
      },
    }),
    ready: ['network'],
  });
  after(() => listeners.stop());

  it('control: from a page without the guard, WebRTC with a STUN server does send UDP, a preconnect link opens a TCP connection, and fetch reaches the TCP listener', async () => {
    await listeners.reset();
    const pc = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${ports.udpPort}` }] });
    pc.createDataChannel('control');
    await pc.setLocalDescription(await pc.createOffer());
    await waitFor(async () => (await listeners.read()).udp.length > 0, 10_000, 'a STUN packet from the control');
    pc.close();
    // A preconnect link opens a TCP connection that sends nothing; CSP does not stop it.
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = `http://127.0.0.1:${ports.tcpPort}/`;
    document.head.append(link);
    await waitFor(
      async () => (await listeners.read()).tcp.some((c) => c.firstLine === ''),
      10_000,
      'the control preconnect',
    );
    link.remove();
    await fetch(`http://127.0.0.1:${ports.tcpPort}/page-control`).catch(() => undefined);
  });

  it('a view that declares nothing tries WebRTC (STUN, TURN, data channels), fetch, WebSocket, EventSource, sendBeacon, WebTransport, image, font, media, CSS, prefetch, preconnect and preload — from its window and from frames it makes — and nothing arrives; the card says WebRTC was blocked', async function () {
    this.timeout(120_000);
    await listeners.reset();
    const refused: Array<{ method: string; message: string }> = [];
    const off = env.dashboard.services!.bus.on('mcp:app:refused', (d: { method: string; message: string }) =>
      refused.push(d),
    );
    const card = await env.card('network');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'network', 'leak');
    const viewId = await viewReady(frame);
    const report = await viewReport<{
      done: boolean;
      results: Attempt[];
      nested: Array<{ label: string; results: Attempt[] }>;
    }>(handle, (r) => r.done === true, 90_000);
    await new Promise((r) => setTimeout(r, GRACE_MS));
    const seen = await listeners.read();
    off();

    const webrtc = /NotAllowedError: \w*RTCPeerConnection is turned off in MCP App views/;
    const check = (label: string, results: Attempt[]) => {
      const byName = new Map(results.map((a) => [a.name, a]));
      // Every WebRTC attempt ran and was refused by the guard.
      for (const channel of ['stun', 'turn', 'datachannel-pair']) {
        const a = byName.get(`${label}:${channel}`);
        expect(a, `${label}:${channel}`).to.exist;
        expect(a!.outcome, `${label}:${channel}: ${JSON.stringify(a)}`).to.equal('threw');
        expect(a!.error, `${label}:${channel}`).to.match(webrtc);
      }
      // The other channels ran too; the browser's CSP stopped each (none reported a success).
      for (const channel of ['fetch', 'websocket', 'eventsource', 'webtransport', 'font', 'img', 'media']) {
        expect(
          byName.get(`${label}:${channel}`)?.outcome,
          `${label}:${channel}: ${JSON.stringify(byName.get(`${label}:${channel}`))}`,
        ).to.equal('threw');
      }
      for (const channel of ['beacon', 'css-url', 'prefetch', 'preconnect', 'dns-prefetch', 'preload'])
        expect(byName.get(`${label}:${channel}`), `${label}:${channel}`).to.exist;
    };
    check('view', report.results);
    // The proxy page shares the view's per-app origin: its window is guarded the same way.
    check('parent', report.results);
    // The windows of frames the view makes are another origin, whatever sandbox they ask for, also in the
    // proxy's document: the view cannot even reach them.
    for (const name of [
      'append:reach',
      'index:reach',
      'sandbox-attribute:reach',
      'sandbox-property:reach',
      'sandbox-list:reach',
      'sandbox-value:reach',
      'proxy-frame:reach',
    ])
      expect(report.results.find((a) => a.name === name)!.error, name).to.match(/SecurityError/);
    // Every srcdoc frame — by property, attribute, innerHTML, a closed declarative shadow root in the
    // view's own markup, after a reload in a new window, and a grandchild —
    // ran every channel from its own window, with the same outcome.
    const labels = report.nested.map((n) => n.label);
    for (const label of [
      'declarative',
      'property',
      'property-reloaded',
      'property/grandchild',
      'attribute',
      'markup',
    ]) {
      const run = report.nested.find((n) => n.label === label);
      expect(run, `${label} ran (saw ${labels.join(', ')})`).to.exist;
      check(label, run!.results);
    }

    // What counts: nothing reached either listener.
    expect(seen.udp, JSON.stringify(seen.udp)).to.deep.equal([]);
    // (On failure, the attempts by time tell which one got through.)
    const timeline = [...report.results, ...report.nested.flatMap((n) => n.results)]
      .map((a) => `${(a as { at?: number }).at} ${a.name}`)
      .sort();
    expect(seen.tcp, `${JSON.stringify(seen.tcp)}\n${timeline.join('\n')}`).to.deep.equal([]);

    // The card says what happened.
    await waitFor(() => frame.view!.notes.some((n) => /WebRTC/.test(n.text)), 5000, 'the WebRTC note');
    expect(refused.some((e) => e.method === 'webrtc')).to.equal(true);
    expect(refused.some((e) => e.method === 'javascript-frame')).to.equal(true);
    expect(refused.some((e) => e.method === 'preconnect')).to.equal(true);
    // What the view's CSP blocked is said in plain words, naming the origin (once each).
    const origin = `http://127.0.0.1:${ports.tcpPort}`;
    const said = (text: string) => frame.view!.notes.filter((n) => n.text === text).length;
    const connect = `The app tried to connect to ${origin}, which it did not declare: blocked.`;
    const image = `The app tried to load an image from ${origin}, which it did not declare: blocked.`;
    await waitFor(() => said(connect) && said(image), 5000, `the CSP notes (${JSON.stringify(frame.view!.notes)})`);
    expect([said(connect), said(image)]).to.deep.equal([1, 1]);
    expect(refused.filter((e) => e.method === 'csp').length).to.be.at.most(20);

    // A view cannot make the card say more than that: a synthetic violation event is not the browser's, and a
    // report it posts itself naming a javascript: address, a long text or an unknown directive is dropped.
    await evalInView(
      viewId,
      `return (document.dispatchEvent(new SecurityPolicyViolationEvent('securitypolicyviolation', {
        effectiveDirective: 'img-src', violatedDirective: 'img-src', blockedURI: 'https://synthetic.example/x',
        originalPolicy: '', disposition: 'enforce', statusCode: 0 })),
       parent.postMessage({ mcpViewGuard: 'csp', directive: 'img-src', blocked: 'javascript:alert(1)' }, '*'),
       parent.postMessage({ mcpViewGuard: 'csp', directive: 'sandbox', blocked: 'https://posted.example' }, '*'),
       parent.postMessage({ mcpViewGuard: 'csp', directive: 'img-src', blocked: 'https://' + 'a'.repeat(400) + '.example' }, '*'),
       parent.postMessage({ mcpViewGuard: 'csp', directive: 'img-src', blocked: 'https://posted.example/p' }, '*'),
       'sent')`,
    );
    // The last one is well formed: it shows (about the view itself), so the others had their chance to arrive.
    await waitFor(
      () => said('The app tried to load an image from https://posted.example, which it did not declare: blocked.'),
      5000,
      'the well-formed posted report',
    );
    const texts = frame.view!.notes.map((n) => n.text);
    expect(
      texts.filter((t) => /synthetic\.example|javascript:alert|aaaaaaaa/.test(t)),
      texts.join('\n'),
    ).to.deep.equal([]);
    expect(texts, 'an unknown directive').to.not.include(
      'The app tried to load content from https://posted.example, which it did not declare: blocked.',
    );
  });

  it('control: a view that declares the TCP listener in _meta.ui.csp connectDomains reaches it; WebRTC stays off even then', async () => {
    await listeners.reset();
    const card = await env.card('network');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'network', 'control');
    await viewReady(frame);
    const report = await viewReport<{ done: boolean; results: Attempt[] }>(handle, (r) => r.done === true, 30_000);
    await waitFor(
      async () => (await listeners.read()).tcp.some((c) => c.firstLine.includes('/control/fetch')),
      10_000,
      'the declared fetch to arrive',
    );
    expect(report.results.find((a) => a.name === 'declared:fetch')!.outcome).to.equal('returned');
    expect(report.results.find((a) => a.name === 'declared:stun')!.error).to.match(/NotAllowedError/);
  });

  it('a view’s tools/call before ui/initialize is refused and reaches no one; after the handshake the same call goes through the dialog', async () => {
    const calls: unknown[] = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string }) => {
      if (d.toolName === 'app-echo') calls.push(d);
    });
    const card = await env.card('network');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'network', 'early-call');
    await viewReady(frame);
    const first = await viewReport<{ early: { error?: string; code?: number } }>(handle, (r) => r.early !== undefined);
    expect(first.early.error).to.match(/before it finished ui\/initialize/);
    expect(first.early.code).to.equal(-32600);
    expect(calls).to.deep.equal([]);
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('network:app-echo');
    answerDialog(env.dashboard, 'confirm');
    const done = await viewReport<{ later?: { ok?: { structuredContent?: { echoed?: string } } } }>(
      handle,
      (r) => r.later !== undefined,
    );
    expect(done.later!.ok!.structuredContent!.echoed).to.equal('after initialize');
    expect(calls).to.have.length(1);
    off();
  });

  it('an in-page #fragment link scrolls inside the view instead of replacing it with an error page', async () => {
    const card = await env.card('network');
    const { handle, frame } = await openThroughWidget(env.dashboard, card, 'network', 'fragment');
    const viewId = await viewReady(frame);
    await viewReport(handle, (r) => r.ready === true);
    const scrolled =
      'return { far: !!document.getElementById("far"), y: document.getElementById("scroller").scrollTop, url: location.href }';
    expect((await evalInView<{ y: number }>(viewId, scrolled)).y).to.equal(0);
    await clickInView(viewId, '#jump');
    const after = await waitFor(
      async () => {
        const state = await evalInView<{ far: boolean; y: number; url: string }>(viewId, scrolled).catch(
          () => undefined,
        );
        return state && state.y > 0 ? state : undefined;
      },
      15_000,
      'the view to scroll to #far',
    ); // a full CI run's load once took longer than 5 s
    expect(after.far).to.equal(true);
    expect(after.url).to.equal('about:srcdoc');
    expect(frame.view!.state).to.equal('ready');
  });
});
