import { expect, fixture, html } from '@open-wc/testing';
import { axeViolations } from '../../../test/support/axe.js';
import { A11yHelper } from '../services/a11y-helper.js';
import type { GatewayServerSummary } from '../../core/shared/gateway-api/gateway-client.js';
import type { GatewayAuthSummary } from '../../core/shared/gateway-api/gateway-oauth.js';
import { HostContexts, type ContextValues } from '../services/host-contexts.js';
import './sign-in-panel.js';
import type { McpSignInPanel } from './sign-in-panel.js';

// The panel on its own, with a stand-in gateway (the real flow — gateway, authorization server,
// new tab, callback — is test/node/e2e-oauth.test.ts): each state reads right and passes axe, and an
// authorization URL that is not http(s) is never opened or linked.

const summary = (auth: Partial<GatewayAuthSummary> | null): GatewayServerSummary => ({
  name: 'remote',
  transport: 'http',
  state: 'idle',
  restarts: 0,
  sessions: 0,
  lastError: null,
  lastExit: null,
  disabled: false,
  auth:
    auth === null ? null : { mode: 'sign-in', state: 'unknown', scope: null, signedInAt: null, message: null, ...auth },
});

function fakeServices(answer: unknown, calls: string[]): Partial<ContextValues> {
  const gateway = {
    baseUrl: 'http://gateway.test',
    fetch: async (input: string) => {
      calls.push(String(input));
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
    listServers: async () => [summary({ state: 'required' })],
  };
  return { gateway, a11y: new A11yHelper(document.body) } as unknown as Partial<ContextValues>;
}

/** The panel, under a parent that provides `services` as the dashboard would. */
async function panel(
  server: GatewayServerSummary,
  needed = false,
  services?: Partial<ContextValues>,
): Promise<McpSignInPanel> {
  const parentNode = document.createElement('div');
  if (services) new HostContexts(parentNode).provide(services);
  const el = await fixture<McpSignInPanel>(
    html`<mcp-sign-in-panel .server=${server} ?needed=${needed}></mcp-sign-in-panel>`,
    { parentNode },
  );
  await el.updateComplete;
  return el;
}

const text = (el: McpSignInPanel) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ');

describe('mcp-sign-in-panel', () => {
  it('offers Sign in (with the scopes asked for) when the server needs it, Sign out when signed in, nothing when unknown', async () => {
    const needed = await panel(summary({ state: 'required', scope: 'mcp:tools files:read' }));
    expect(text(needed)).to.contain('This server needs you to sign in and grant: mcp:tools files:read');
    expect(needed.shadowRoot!.querySelector('button')!.getAttribute('aria-label')).to.equal('Sign in to remote');
    expect(await axeViolations(needed)).to.deep.equal([]);

    const signedIn = await panel(
      summary({ state: 'signed-in', scope: 'mcp:tools', signedInAt: '2026-11-24T00:00:00Z' }),
    );
    expect(text(signedIn)).to.contain('Signed in (mcp:tools)');
    expect(signedIn.shadowRoot!.querySelector('button')!.getAttribute('aria-label')).to.equal('Sign out of remote');
    expect(await axeViolations(signedIn)).to.deep.equal([]);

    const failed = await panel(
      summary({ state: 'failed', message: 'The authorization server answered "invalid_client".' }),
    );
    expect(text(failed)).to.contain('invalid_client');
    expect(failed.shadowRoot!.querySelector('button')).to.exist;

    const unknown = await panel(summary({ state: 'unknown' }));
    expect(unknown.shadowRoot!.textContent!.trim()).to.equal('');
    const stdio = await panel(summary(null), false);
    expect(stdio.shadowRoot!.textContent!.trim()).to.equal('');
    // A refused connect says "sign in" even before the next server summary arrives.
    const early = await panel(summary(null), true);
    expect(text(early)).to.contain('This server needs you to sign in.');
  });

  it('machine-to-machine servers get no buttons, only what went wrong', async () => {
    const machine = await panel(
      summary({ mode: 'machine', state: 'failed', message: 'Check "mcpServers.remote.oauth".' }),
    );
    expect(machine.shadowRoot!.querySelector('button')).to.equal(null);
    expect(text(machine)).to.contain('client credentials in the config');
  });

  it('waits with a link to the sign-in page, and an address that is not http(s) is never opened', async () => {
    const calls: string[] = [];
    const opened: string[] = [];
    const realOpen = window.open;
    // A stand-in tab that records where it is sent.
    window.open = (() => ({
      opener: {},
      close() {},
      location: { replace: (u: string) => opened.push(u) },
    })) as unknown as typeof window.open;
    try {
      const good = await panel(
        summary({ state: 'required' }),
        false,
        fakeServices({ authorizationUrl: 'https://as.example/authorize?state=abc' }, calls),
      );
      await good.signIn();
      await good.updateComplete;
      expect(calls).to.deep.equal(['http://gateway.test/api/servers/remote/sign-in']);
      expect(opened).to.deep.equal(['https://as.example/authorize?state=abc']);
      expect(text(good)).to.contain('Finish signing in on the page that opened in a new tab');
      const link = good.shadowRoot!.querySelector('a')!;
      expect(link.href).to.equal('https://as.example/authorize?state=abc');
      expect(link.rel).to.equal('noopener noreferrer');
      expect(await axeViolations(good)).to.deep.equal([]);
      good.remove();

      // The stand-in tab records every address the panel sends it to (it recorded the good one above).
      const hostile = await panel(
        summary({ state: 'required' }),
        false,
        fakeServices({ authorizationUrl: 'javascript:alert(document.domain)' }, calls),
      );
      await hostile.signIn();
      await hostile.updateComplete;
      expect(opened).to.have.length(1, 'the javascript: address was not opened');
      expect(hostile.shadowRoot!.querySelector('a')).to.equal(null);
      expect(text(hostile)).to.contain('not http or https');
    } finally {
      window.open = realOpen;
    }
  });
});
