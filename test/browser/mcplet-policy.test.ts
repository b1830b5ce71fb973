import { expect } from '@open-wc/testing';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import type { AuditEntry } from '../../src/core/audit/audit-types.js';
import { deepQuery, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import {
  answerDialog,
  confirmDialog,
  dialogIsOpen,
  dialogOpen,
  fillAndInvoke,
  searchTools,
  selectTool,
} from '../support/dashboard.js';
import { interceptCallTool, passkeyPrompt, runnerText, SERVER, useMcpletDemo } from '../support/mcplet.js';

// The MCPlet policy end to end against the real demo server, through the real gateway: how each tool is
// classified and shown, what the dialog asks, what is audited, and which surface may call what. The passkey
// ceremonies are in mcplet-passkey.test.ts.

/** The text of one tool's item in the (virtualised, searchable) tool list, as a person finds it. */
async function toolItem(card: McpWidgetCard, title: string): Promise<string> {
  deepQueryText<HTMLButtonElement>('[role="tab"]', 'Tools', card.shadowRoot!)?.click();
  await searchTools(card.shadowRoot!, title);
  // Once its result schema, prefetched at discovery, is no longer loading (a busy machine may still be fetching it).
  const item = await waitFor(
    () => {
      const found = deepQueryText('button.tool-item', title, card.shadowRoot!);
      return found && !found.textContent!.includes('result schema loading') ? found : undefined;
    },
    10_000,
    `the list item of ${title}, its result schema loaded`,
  );
  return item.textContent!.replace(/\s+/g, ' ');
}

describe('MCPlet WebUI policy end to end (demo server, gateway FIDO2, virtual authenticator)', () => {
  const { env, card, calls } = useMcpletDemo();

  it('MCPlet §5.3.1 every tool view shows type, visibility, pool, auth, display mode, result schema — and exclusions with the reason', async () => {
    const item = (title: string) => toolItem(card(), title);
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
    await selectTool(card(), 'Search notes');
    // The tool runner shows the same badges.
    const runner = deepQuery('mcp-tool-runner', card().shadowRoot!)!;
    expect(deepText(runner.shadowRoot!)).to.contain('pool: notes-pool');
  });

  it('read tool: the dialog says why it asks and offers "Remember"; remembered, the next call runs without a dialog; the result is checked against its schema', async () => {
    const runner = await selectTool(card(), 'Search notes');
    await fillAndInvoke(runner, { query: 'pass' });
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('Let mcplet-demo run Search notes?');
    expect(text).to.contain('read \u2014 only reads');
    expect(text).to.contain('notes-pool');
    expect(text).to.contain('Why you are asked');
    expect(text).to.contain('policy C6');
    const remember = confirmDialog(env.dashboard).shadowRoot!.querySelector(
      '[data-action="remember"]',
    ) as HTMLInputElement;
    expect(remember, 'Remember is offered for read tools').to.exist;
    remember.click();
    answerDialog(env.dashboard, 'confirm');
    const done = await runnerText(runner, 'Matches its result schema');
    expect(done).to.contain('Passkeys');
    expect(env.dashboard.services!.policy.consents.list().map((c) => c.toolName)).to.include('search_notes');

    // Second call: A2, no dialog.
    const before = calls.length;
    await fillAndInvoke(runner, { query: 'groceries' });
    await runnerText(runner, 'Groceries');
    expect(dialogIsOpen(env.dashboard)).to.equal(false);
    expect(calls.slice(before).map((c) => c.toolName)).to.deep.equal(['search_notes']);
  });

  it('MCPlet §4 action with confirmation: no "Remember", confirmed, audited without argument values', async () => {
    const runner = await selectTool(card(), 'Archive a note');
    await fillAndInvoke(runner, { id: 'n1' });
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('action \u2014 changes something');
    expect(text).to.contain('policy C2');
    expect(
      confirmDialog(env.dashboard).shadowRoot!.querySelector('[data-action="remember"]'),
      'no Remember for actions',
    ).to.equal(null);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, '"archived": "n1"');
    const entries = await waitFor(
      async () => {
        const list = await env.dashboard.services!.policy.audit.list({ kind: 'tool-call' });
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

  it('MCPlet §9.2 a result that breaks its declared schema is flagged', async () => {
    const runner = await selectTool(card(), 'Note statistics');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const text = await runnerText(runner, 'does not match its declared schema');
    expect(text).to.contain('/count');
  });

  it('MCPlet §6.7 host-only enforcement: explicit confirmation every time, no assertion', async () => {
    let meta: unknown;
    const restore = interceptCallTool(env.dashboard, (_args, options) => {
      meta = options._meta;
    });
    try {
      const runner = await selectTool(card(), 'Publish a note');
      await fillAndInvoke(runner, { id: 'n3' });
      const text = await dialogOpen(env.dashboard);
      expect(text).to.contain('policy C1');
      expect(confirmDialog(env.dashboard).shadowRoot!.querySelector('[data-action="remember"]')).to.equal(null);
      answerDialog(env.dashboard, 'confirm');
      await runnerText(runner, '"published": "n3"');
    } finally {
      restore();
    }
    expect((meta as Record<string, unknown>)?.mcplet_auth).to.equal(undefined);
    expect(passkeyPrompt(env.dashboard).shadowRoot!.querySelector('dialog')!.open).to.equal(false);
  });

  it('MCPlet §8.2 an app-only tool is refused to the agent surface, a model-only tool to apps; a pool needs a grant', async () => {
    const invoker = env.dashboard.services!.invoker;
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
    expect(dialogIsOpen(env.dashboard), 'denials open no dialog').to.equal(false);
    // The tool list an agent surface would be given has no app-only and no excluded tools.
    const tools = env.dashboard.services!.bridge.getServer(SERVER)!.info!.tools;
    const forAgent = env.dashboard
      .services!.policy.gate.visibleTools(SERVER, tools, { surface: 'agent', id: 'notes-agent' })
      .map((t) => t.name);
    expect(forAgent).to.include.members(['search_notes', 'delete_note', 'summarize_notes']);
    expect(forAgent).to.not.include.members(['refresh_index', 'archive_note', 'bulk_delete', 'rename_note']);
    const forApp = env.dashboard
      .services!.policy.gate.visibleTools(SERVER, tools, { surface: 'app', id: 'app:demo', serverName: SERVER })
      .map((t) => t.name);
    expect(forApp).to.include('refresh_index');
    expect(forApp).to.not.include('summarize_notes');
    const denials = await env.dashboard.services!.policy.audit.list({ kind: 'policy-denial' });
    expect(denials.map((e: AuditEntry) => e.rule)).to.include.members(['D4', 'D5', 'D6']);
  });

  it('MCPlet §5.3.2 tools/list_changed: the host re-lists and classifies new tools; the widget shows them', async () => {
    const runner = await selectTool(card(), 'Toggle experimental tool');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await runnerText(runner, '"experimental": true');
    const probe = await waitFor(
      () => env.dashboard.services!.bridge.getServer(SERVER)?.info?.tools.find((t) => t.name === 'experimental_probe'),
      10_000,
      'the new tool',
    );
    expect(probe.hostStatus?.routable).to.equal(true);
    expect(probe.hostStatus?.kind).to.equal('mcplet');
    expect(await toolItem(card(), 'Experimental probe'), 'the widget lists it with its badges').to.contain('prepare');
  });

  it('the audit panel lists calls, consents and grants, exports JSON, and forgets a consent', async () => {
    const button = deepQueryText<HTMLButtonElement>('header button', 'Audit log', env.dashboard.shadowRoot!)!;
    button.click();
    const panel = env.dashboard.shadowRoot!.querySelector('mcp-audit-panel')!;
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
    await waitFor(
      () => env.dashboard.services!.policy.consents.list().length === 0,
      5000,
      'the consent to be forgotten',
    );
    await waitFor(
      async () => (await env.dashboard.services!.policy.audit.list({ kind: 'consent-revoked' })).length === 1,
      5000,
      'the revocation entry',
    );
    (panel.shadowRoot!.querySelector('[data-action="close-audit"]') as HTMLButtonElement).click();
  });
});
