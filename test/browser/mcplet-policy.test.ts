import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import type { HostCallOptions } from '../../src/core/bridge/mcp-bridge.js';
import type { AuditEntry } from '../../src/core/audit/audit-types.js';
import { deepQuery, deepQueryText, deepText } from '../support/dom.js';
import { startGateway, stopGateway, waitFor, type TestGateway } from '../support/gateway.js';
import {
  answerDialog,
  confirmDialog,
  dialogOpen,
  fillAndInvoke,
  mountDashboard,
  readyCard,
  selectTool,
} from '../support/dashboard.js';
import {
  addVirtualAuthenticator,
  authenticatorCredentials,
  removeVirtualAuthenticator,
  setUserPresence,
} from '../support/webauthn.js';
import { SERVER, CONFIG, passkeyPrompt, promptOpens, toolItem, runnerText } from '../support/mcplet.js';

// End to end against the real MCPlet demo server, through the real gateway and its dev FIDO2 server,
// in real Chromium with its virtual authenticator (CDP WebAuthn domain).
describe('MCPlet WebUI policy end to end (demo server, gateway FIDO2, virtual authenticator)', () => {
  let gateway: TestGateway;
  let dashboard: McpDashboard;
  let card: McpWidgetCard;
  const calls: Array<{ toolName: string; args: unknown }> = [];

  before(async () => {
    gateway = await startGateway(CONFIG);
    await addVirtualAuthenticator();
    dashboard = await mountDashboard(gateway);
    card = await readyCard(dashboard, SERVER);
    expect(card.phase, card.error).to.equal('ready');
    dashboard.services!.bus.on('mcp:tool:calling', (d: { toolName: string; args: unknown }) =>
      calls.push({ toolName: d.toolName, args: d.args }),
    );
  });

  after(async () => {
    dashboard?.remove();
    await removeVirtualAuthenticator();
    await stopGateway(gateway);
  });

  it('MCPlet §5.3.1 every tool view shows type, visibility, pool, auth, display mode, result schema — and exclusions with the reason', async () => {
    const item = (title: string) => toolItem(card, title);
    expect(await item('Search notes'))
      .to.contain('read')
      .and.contain('visible: model + app')
      .and.contain('pool: notes-pool')
      .and.contain('display: inline')
      .and.contain('result schema \u2713');
    expect(await item('Delete a note'))
      .to.contain('action')
      .and.contain('passkey (strict)');
    expect(await item('Publish a note')).to.contain('passkey (host-only)');
    expect(await item('Refresh search index')).to.contain('visible: app');
    expect(await item('Legacy echo')).to.contain('MCP tool');
    expect(await item('Bulk delete')).to.contain('excluded: it is an action visible to the model without _meta.auth');
    expect(await item('Rename (invalid type)')).to.contain('excluded: it declares mcpletType "write"');
    await selectTool(card, 'Search notes');
    // The tool runner shows the same badges.
    const runner = deepQuery('mcp-tool-runner', card.shadowRoot!)!;
    expect(deepText(runner.shadowRoot!)).to.contain('pool: notes-pool');
  });

  it('read tool: the dialog says why it asks and offers "Remember"; remembered, the next call runs without a dialog; the result is checked against its schema', async () => {
    const runner = await selectTool(card, 'Search notes');
    await fillAndInvoke(runner, { query: 'pass' });
    const text = await dialogOpen(dashboard);
    expect(text).to.contain('Invoke tool: mcplet-demo:search_notes');
    expect(text).to.contain('read \u2014 only reads');
    expect(text).to.contain('notes-pool');
    expect(text).to.contain('Why you are asked');
    expect(text).to.contain('policy C6');
    const remember = confirmDialog(dashboard).shadowRoot!.querySelector('[data-action="remember"]') as HTMLInputElement;
    expect(remember, 'Remember is offered for read tools').to.exist;
    remember.click();
    answerDialog(dashboard, 'confirm');
    const done = await runnerText(runner, 'Matches its result schema');
    expect(done).to.contain('Passkeys');
    expect(dashboard.services!.policy.consents.list().map((c) => c.toolName)).to.include('search_notes');

    // Second call: A2, no dialog.
    const before = calls.length;
    await fillAndInvoke(runner, { query: 'groceries' });
    await runnerText(runner, 'Groceries');
    expect(confirmDialog(dashboard).shadowRoot!.querySelector('dialog')!.open).to.equal(false);
    expect(calls.slice(before).map((c) => c.toolName)).to.deep.equal(['search_notes']);
  });

  it('MCPlet §4 action with confirmation: no "Remember", confirmed, audited without argument values', async () => {
    const runner = await selectTool(card, 'Archive a note');
    await fillAndInvoke(runner, { id: 'n1' });
    const text = await dialogOpen(dashboard);
    expect(text).to.contain('action \u2014 changes something');
    expect(text).to.contain('policy C2');
    expect(
      confirmDialog(dashboard).shadowRoot!.querySelector('[data-action="remember"]'),
      'no Remember for actions',
    ).to.equal(null);
    answerDialog(dashboard, 'confirm');
    await runnerText(runner, '"archived": "n1"');
    const entries = await waitFor(
      async () => {
        const list = await dashboard.services!.policy.audit.list({ kind: 'tool-call' });
        const entry = list.find((e) => e.toolName === 'archive_note');
        return entry?.outcome === 'ok' ? list : undefined;
      },
      5000,
      'the audit entry',
    );
    const entry = entries.find((e) => e.toolName === 'archive_note')!;
    expect(entry).to.include({ decision: 'confirm', rule: 'C2', surface: 'widget', mcpletType: 'action' });
    expect(entry.argumentNames).to.deep.equal(['id']);
    expect(entry.argumentsDigest).to.match(/^sha256-/);
    expect(JSON.stringify(entry)).to.not.contain('"n1"');
  });

  it('MCPlet §7 strict passkey action: dialog, first-time registration, ceremony with the promptMessage, assertion only in params._meta, verified by the server', async () => {
    const runner = await selectTool(card, 'Delete a note');
    await fillAndInvoke(runner, { id: 'n2' });
    const text = await dialogOpen(dashboard);
    expect(text).to.contain('policy K1');
    expect(text).to.contain('Confirm deleting this note with your passkey');
    const confirm = confirmDialog(dashboard).shadowRoot!.querySelector('[data-action="confirm"]')!;
    expect(confirm.textContent).to.contain('Continue with passkey');
    // Capture what actually goes to the bridge.
    const bridge = dashboard.services!.bridge;
    const original = bridge.callTool.bind(bridge);
    let seen: { args: object; options: HostCallOptions } | undefined;
    bridge.callTool = (s: string, t: string, a: object, o: HostCallOptions = {}) => {
      seen = { args: a, options: o };
      return original(s, t, a, o);
    };
    try {
      const opened = promptOpens(dashboard);
      answerDialog(dashboard, 'confirm');
      const shown = await opened;
      expect(shown).to.contain('Confirm deleting this note with your passkey');
      const done = await runnerText(runner, '"verifiedBy": "passkey"');
      expect(done).to.contain('"deleted": "n2"');
    } finally {
      bridge.callTool = original;
    }
    expect((await authenticatorCredentials()).length, 'one passkey was registered on first use').to.equal(1);
    expect(seen!.args).to.deep.equal({ id: 'n2' });
    const auth = (seen!.options._meta as { mcplet_auth?: Record<string, unknown> }).mcplet_auth!;
    expect(auth.type).to.equal('passkey_assertion');
    for (const field of ['challenge', 'clientDataJSON', 'authenticatorData', 'signature'])
      expect(auth[field], field).to.be.a('string').and.not.equal('');
    // Never in events or the audit log.
    expect(JSON.stringify(calls)).to.not.contain(String(auth.signature));
    const audit = await dashboard.services!.policy.audit.exportJson();
    expect(audit).to.not.contain(String(auth.signature));
    expect(audit).to.not.contain(String(auth.clientDataJSON));
    expect(audit).to.contain('"rule": "K1"');
  });

  it('MCPlet §3.7/§7.2 a cancelled ceremony is an MCP error and nothing is sent', async () => {
    await setUserPresence(false); // the authenticator waits for a touch that never comes
    try {
      const runner = await selectTool(card, 'Delete a note');
      const before = calls.length;
      await fillAndInvoke(runner, { id: 'n3' });
      await dialogOpen(dashboard);
      const opened = promptOpens(dashboard);
      answerDialog(dashboard, 'confirm');
      await opened;
      (
        passkeyPrompt(dashboard).shadowRoot!.querySelector('[data-action="cancel-passkey"]') as HTMLButtonElement
      ).click();
      await runnerText(runner, 'nothing was sent');
      expect(calls.slice(before), 'no tools/call was sent').to.deep.equal([]);
    } finally {
      await setUserPresence(true);
    }
    // n3 still exists.
    const result = await dashboard.services!.bridge.callTool(SERVER, 'search_notes', { query: 'WebAuthn' });
    expect(JSON.stringify(result.structuredContent)).to.contain('n3');
  });

  it('MCPlet §7.2 phase 6 a tampered assertion is refused by the backend (AUTH_FAILED), and a replayed one too', async () => {
    const bridge = dashboard.services!.bridge;
    const original = bridge.callTool.bind(bridge);
    let captured: Record<string, unknown> | undefined;
    bridge.callTool = (s: string, t: string, a: object, o: HostCallOptions = {}) => {
      const auth = (o._meta as { mcplet_auth?: Record<string, string> } | undefined)?.mcplet_auth;
      if (auth) {
        captured = { ...auth };
        // Flip one byte of the signature (a host or network that tampers).
        const sig = auth.signature!;
        const flipped = sig[10] === 'A' ? 'B' : 'A';
        o = {
          ...o,
          _meta: { ...o._meta, mcplet_auth: { ...auth, signature: `${sig.slice(0, 10)}${flipped}${sig.slice(11)}` } },
        };
      }
      return original(s, t, a, o);
    };
    let runner: HTMLElement;
    try {
      runner = await selectTool(card, 'Delete a note');
      await fillAndInvoke(runner, { id: 'n3' });
      await dialogOpen(dashboard);
      answerDialog(dashboard, 'confirm');
      const text = await runnerText(runner, 'AUTH_FAILED');
      expect(text).to.contain('Passkey verification failed');
      expect(text).to.contain('could not verify the passkey');
    } finally {
      bridge.callTool = original;
    }
    expect(captured, 'the tampering hook saw an assertion').to.exist;
    // Replaying the untampered assertion: its challenge was used up by the first attempt.
    const replay = await bridge.callTool(SERVER, 'delete_note', { id: 'n3' }, { _meta: { mcplet_auth: captured } });
    expect(replay.isError).to.equal(true);
    expect(JSON.stringify(replay.structuredContent)).to.contain('AUTH_FAILED').and.contain('already used');
    const still = await bridge.callTool(SERVER, 'search_notes', { query: 'WebAuthn' });
    expect(JSON.stringify(still.structuredContent), 'the note was not deleted').to.contain('n3');
  });

  it('MCPlet §9.1 a call without credentials gets AUTH_REQUIRED (as a non-MCPlet client would), rendered with its meaning', async () => {
    const events: Array<{ mcplet?: { envelope?: { code?: string; meaning?: string } } }> = [];
    const off = dashboard.services!.bus.on('mcp:tool:result', (d) => events.push(d));
    try {
      const result = await dashboard.services!.bridge.callTool(SERVER, 'delete_note', { id: 'n3' });
      expect(result.isError).to.equal(true);
    } finally {
      off();
    }
    expect(events[0]?.mcplet?.envelope?.code).to.equal('AUTH_REQUIRED');
    expect(events[0]?.mcplet?.envelope?.meaning).to.contain('no credentials reached it');
  });

  it('MCPlet §9.2 a result that breaks its declared schema is flagged', async () => {
    const runner = await selectTool(card, 'Note statistics');
    await fillAndInvoke(runner, {});
    await dialogOpen(dashboard);
    answerDialog(dashboard, 'confirm');
    const text = await runnerText(runner, 'does not match its declared schema');
    expect(text).to.contain('/count');
  });

  it('MCPlet §6.7 host-only enforcement: explicit confirmation every time, no assertion', async () => {
    const bridge = dashboard.services!.bridge;
    const original = bridge.callTool.bind(bridge);
    let meta: unknown;
    bridge.callTool = (s: string, t: string, a: object, o: HostCallOptions = {}) => {
      meta = o._meta;
      return original(s, t, a, o);
    };
    try {
      const runner = await selectTool(card, 'Publish a note');
      await fillAndInvoke(runner, { id: 'n3' });
      const text = await dialogOpen(dashboard);
      expect(text).to.contain('policy C1');
      expect(confirmDialog(dashboard).shadowRoot!.querySelector('[data-action="remember"]')).to.equal(null);
      answerDialog(dashboard, 'confirm');
      await runnerText(runner, '"published": "n3"');
    } finally {
      bridge.callTool = original;
    }
    expect((meta as Record<string, unknown>)?.mcplet_auth).to.equal(undefined);
    expect(passkeyPrompt(dashboard).shadowRoot!.querySelector('dialog')!.open).to.equal(false);
  });

  it('MCPlet §8.2 an app-only tool is refused to the agent surface, a model-only tool to apps; a pool needs a grant', async () => {
    const invoker = dashboard.services!.invoker;
    const attempt = async (toolName: string, caller: Parameters<typeof invoker.invoke>[1]) => {
      try {
        await invoker.invoke({ serverName: SERVER, toolName, args: {} }, caller);
        return undefined;
      } catch (error) {
        return error as { jsonrpcCode: number; message: string; data?: { rule?: string } };
      }
    };
    const before = calls.length;
    const agent = await attempt('refresh_index', { surface: 'agent', id: 'notes-agent' });
    expect(agent?.jsonrpcCode).to.equal(-32003);
    expect(agent?.data?.rule).to.equal('D5');
    expect(agent?.message).to.contain('app-only');
    const app = await attempt('summarize_notes', { surface: 'app', id: 'app:demo', serverName: SERVER });
    expect(app?.data?.rule).to.equal('D4');
    const otherAgent = await attempt('search_notes', { surface: 'agent', id: 'stranger' });
    expect(otherAgent?.data?.rule).to.equal('D6');
    expect(calls.slice(before), 'nothing was sent').to.deep.equal([]);
    expect(confirmDialog(dashboard).shadowRoot!.querySelector('dialog')!.open, 'denials open no dialog').to.equal(
      false,
    );
    // The tool list an agent surface would be given has no app-only and no excluded tools.
    const tools = dashboard.services!.bridge.getServer(SERVER)!.info!.tools;
    const forAgent = dashboard
      .services!.policy.gate.visibleTools(SERVER, tools, { surface: 'agent', id: 'notes-agent' })
      .map((t) => t.name);
    expect(forAgent).to.include.members(['search_notes', 'delete_note', 'summarize_notes']);
    expect(forAgent).to.not.include.members(['refresh_index', 'archive_note', 'bulk_delete', 'rename_note']);
    const forApp = dashboard
      .services!.policy.gate.visibleTools(SERVER, tools, { surface: 'app', id: 'app:demo', serverName: SERVER })
      .map((t) => t.name);
    expect(forApp).to.include('refresh_index');
    expect(forApp).to.not.include('summarize_notes');
    const denials = await dashboard.services!.policy.audit.list({ kind: 'policy-denial' });
    expect(denials.map((e: AuditEntry) => e.rule)).to.include.members(['D4', 'D5', 'D6']);
  });

  it('MCPlet §5.3.2 tools/list_changed: the host re-lists and classifies new tools; the widget shows them', async () => {
    const runner = await selectTool(card, 'Toggle experimental tool');
    await fillAndInvoke(runner, {});
    await dialogOpen(dashboard);
    answerDialog(dashboard, 'confirm');
    await runnerText(runner, '"experimental": true');
    const probe = await waitFor(
      () => dashboard.services!.bridge.getServer(SERVER)?.info?.tools.find((t) => t.name === 'experimental_probe'),
      10_000,
      'the new tool',
    );
    expect(probe.hostStatus?.routable).to.equal(true);
    expect(probe.hostStatus?.kind).to.equal('mcplet');
    expect(await toolItem(card, 'Experimental probe'), 'the widget lists it with its badges').to.contain('prepare');
  });

  it('the audit panel lists calls, consents and grants, exports JSON, and forgets a consent', async () => {
    const button = deepQueryText<HTMLButtonElement>('header button', 'Audit log', dashboard.shadowRoot!)!;
    button.click();
    const panel = dashboard.shadowRoot!.querySelector('mcp-audit-panel')!;
    await waitFor(() => panel.shadowRoot?.querySelector('dialog')?.open, 5000, 'the audit panel');
    const text = await waitFor(
      () => (deepText(panel.shadowRoot!).includes('archive_note') ? deepText(panel.shadowRoot!) : undefined),
      5000,
      'entries',
    );
    expect(text).to.contain('Consent remembered');
    expect(text).to.contain('Permissions granted');
    expect(text).to.contain('server-panel:mcplet-demo');
    expect(text).to.contain('trust community');
    await expect(panel).to.be.accessible();
    const forget = panel.shadowRoot!.querySelector('[data-action="forget"]') as HTMLButtonElement;
    forget.click();
    await waitFor(() => dashboard.services!.policy.consents.list().length === 0, 5000, 'the consent to be forgotten');
    await waitFor(
      async () => (await dashboard.services!.policy.audit.list({ kind: 'consent-revoked' })).length === 1,
      5000,
      'the revocation entry',
    );
    (panel.shadowRoot!.querySelector('[data-action="close-audit"]') as HTMLButtonElement).click();
  });
});
