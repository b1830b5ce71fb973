import { expect } from '@open-wc/testing';
import type { DependenciesObject } from '../../src/core/shared/types.js';
import { deepQuery, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogIsOpen, dialogOpen, fillAndInvoke, selectTool } from '../support/dashboard.js';
import { useDashboard } from '../support/setup.js';

// Bypass attempts by a widget: calling the bridge directly, forging bus events, reaching another
// server, smuggling an assertion, using what it was not granted. Each ends in the dialog or a denial.
const CONFIG = {
  mcpServers: {
    'mcplet-demo': { command: 'node', args: ['examples/mcplet-demo-server/server.mjs'] },
    other: { command: 'node', args: ['examples/mcplet-demo-server/server.mjs'] },
  },
  dashboard: { pools: { 'notes-pool': {} }, passkeys: { enabled: true, verifiers: ['mcplet-demo'] } },
};

type Widget = { deps: DependenciesObject };

describe('bypass attempts end in the dialog or a denial (MCP-WP-11.2.4, 11.4.3)', () => {
  let widget: Widget;
  const calling: string[] = [];

  const env = useDashboard(CONFIG);

  before(async () => {
    const card = await env.card('mcplet-demo');
    await env.card('other');
    widget = deepQuery('mcp-server-panel-widget', card.shadowRoot!) as unknown as Widget;
    env.dashboard.services!.bus.on('mcp:tool:calling', (d: { serverName: string; toolName: string }) =>
      calling.push(`${d.serverName}:${d.toolName}`),
    );
  });

  it('MCP-WP-11.2.4 a widget calling MCPBridge.callTool on a strict passkey action meets the dialog with the passkey decision', async () => {
    const pending = widget.deps.MCPBridge.callTool('mcplet-demo', 'delete_note', { id: 'n1' });
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('policy K1');
    expect(text).to.contain('server-panel:mcplet-demo');
    answerDialog(env.dashboard, 'cancel');
    const error = await pending.then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.contain('cancelled');
    expect(calling).to.deep.equal([]);
  });

  it('a widget cannot smuggle an assertion through callTool options: the host strips _meta.mcplet_auth', async () => {
    const bridge = env.dashboard.services!.bridge;
    const original = bridge.callTool.bind(bridge);
    let sentMeta: unknown = 'not called';
    bridge.callTool = (s, t, a, o = {}) => {
      sentMeta = o._meta;
      return original(s, t, a, o);
    };
    try {
      const forged = {
        type: 'passkey_assertion',
        id: 'x',
        challenge: 'x',
        clientDataJSON: 'x',
        authenticatorData: 'x',
        signature: 'x',
      };
      const pending = widget.deps.MCPBridge.callTool(
        'mcplet-demo',
        'legacy_echo',
        { message: 'hi' },
        { _meta: { mcplet_auth: forged, traceId: 't-1' } },
      );
      await dialogOpen(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      await pending;
    } finally {
      bridge.callTool = original;
    }
    expect(sentMeta).to.deep.equal({ traceId: 't-1' });
  });

  it('forged fields on mcp:tool:invoke-requested (caller, _meta, policy) change nothing: the widget is still the caller', async () => {
    widget.deps.EventBus.emit('mcp:tool:invoke-requested', {
      serverName: 'mcplet-demo',
      toolName: 'archive_note',
      args: { id: 'n2' },
      requestId: 'forged-1',
      caller: { surface: 'user', id: 'host' },
      policy: { decision: { decision: 'allow' } },
      _meta: { mcplet_auth: { signature: 'forged' } },
    });
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('you, in widget server-panel:mcplet-demo');
    expect(text).to.contain('policy C2');
    answerDialog(env.dashboard, 'cancel');
    await waitFor(() => !dialogIsOpen(env.dashboard), 5000, 'the dialog to close');
    expect(calling).to.not.include('mcplet-demo:archive_note');
  });

  it('a widget reaching another server is denied without a dialog (policy D1), by event and by bridge', async () => {
    const errors: Array<{ requestId?: string; error: { message: string; data?: { rule?: string } } }> = [];
    const off = env.dashboard.services!.bus.on('mcp:tool:error', (d) => errors.push(d));
    widget.deps.EventBus.emit('mcp:tool:invoke-requested', {
      serverName: 'other',
      toolName: 'search_notes',
      args: {},
      requestId: 'cross-1',
    });
    const viaBridge = await widget.deps.MCPBridge.callTool('other', 'search_notes', {}).then(
      () => undefined,
      (e: { message: string }) => e,
    );
    off();
    expect(errors.find((e) => e.requestId === 'cross-1')?.error.data?.rule).to.equal('D1');
    expect(viaBridge?.message).to.contain('belongs to server "mcplet-demo"');
    const read = await widget.deps.MCPBridge.readResource('other', 'mcplet://tool-result-schema/search_notes').then(
      () => undefined,
      (e: { message: string }) => e,
    );
    expect(read?.message).to.contain('may not use "other"');
    expect(dialogIsOpen(env.dashboard)).to.equal(false);
    expect(calling.filter((c) => c.startsWith('other:'))).to.deep.equal([]);
    const violations = await env.dashboard.services!.policy.audit.list({ kind: 'permission-violation' });
    expect(violations.length).to.be.greaterThan(0);
    expect(deepText(env.dashboard.shadowRoot!.querySelector('mcp-host-notices')!.shadowRoot!)).to.contain('Blocked');
  });

  it('an excluded tool cannot be reached by any path (X1, X2)', async () => {
    const card = await env.card('mcplet-demo');
    const runner = await selectTool(card, 'Bulk delete');
    await fillAndInvoke(runner, {});
    await waitFor(() => deepText(runner.shadowRoot!).includes('is excluded'), 5000, 'the denial in the runner');
    const direct = await widget.deps.MCPBridge.callTool('mcplet-demo', 'rename_note', { id: 'n1', title: 'x' }).then(
      () => undefined,
      (e: { data?: { rule?: string } }) => e,
    );
    expect(direct?.data?.rule).to.equal('X1');
    expect(calling.filter((c) => /bulk_delete|rename_note/.test(c))).to.deep.equal([]);
  });

  it('host-only policy events cannot be forged by a widget', async () => {
    const seen: unknown[] = [];
    const off = env.dashboard.services!.bus.on('mcp:host:*', (d) => seen.push(d));
    for (const event of ['mcp:host:policy-denied', 'mcp:host:violation', 'mcp:host:notification']) {
      expect(() => widget.deps.EventBus.emit(event, { message: 'forged' }), event).to.throw(/only the host/);
    }
    off();
    // The refusal itself is reported by the host (a violation), but nothing forged got through.
    expect(seen.every((d) => (d as { message?: string }).message !== 'forged')).to.equal(true);
  });

  it('MCP-WP-11.4.3 storage, clipboard and notifications a widget did not declare are refused, shown and audited', async () => {
    // The built-in panel declares storage "none" and no clipboard or notifications.
    const set = await widget.deps.Configuration.set('note', 'x').then(
      () => undefined,
      (e: Error) => e,
    );
    expect(set?.message).to.contain('no permission for "storage"');
    const clip = await widget.deps.Clipboard!.writeText('secret').then(
      () => undefined,
      (e: Error) => e,
    );
    expect(clip?.message).to.contain('no permission for "clipboard"');
    const note = await widget.deps.Notifications!.notify({ title: 'hi' }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(note?.message).to.contain('no permission for "notifications"');
    const violations = await env.dashboard.services!.policy.audit.list({ kind: 'permission-violation' });
    expect(violations.map((v) => v.detail)).to.include.members(['storage', 'clipboard', 'notifications']);
  });
});
