import { expect } from '@open-wc/testing';
import type { McpDashboard } from '../../src/shell/dashboard.js';
import type { HostCallOptions } from '../../src/core/bridge/mcp-bridge.js';
import { answerDialog, confirmDialog, dialogOpen, fillAndInvoke, selectTool } from '../support/dashboard.js';
import { authenticatorCredentials, setUserPresence } from '../support/webauthn.js';
import { interceptCallTool, passkeyPrompt, runnerText, SERVER, useMcpletDemo } from '../support/mcplet.js';

// MCPlet passkey actions end to end (MCPlet §7): the real demo server verifies assertions made by
// Chromium's virtual authenticator through the gateway's dev FIDO2 server; cancelled, tampered, replayed
// and missing assertions are refused.

/**
 * Resolves with the passkey prompt's text the moment its dialog opens. Call it before the step that
 * opens the prompt: with a virtual authenticator that answers at once, the whole ceremony can finish
 * (and the prompt close again) between two polls, so the opening is observed, not polled for.
 */
function promptOpens(dashboard: McpDashboard, timeoutMs = 10_000): Promise<string> {
  const prompt = passkeyPrompt(dashboard);
  const dialog = prompt.shadowRoot!.querySelector('dialog')!;
  return new Promise<string>((resolve, reject) => {
    const done = (observer: MutationObserver, timer: ReturnType<typeof setTimeout>) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(prompt.shadowRoot!.textContent ?? '');
    };
    const observer = new MutationObserver(() => {
      if (dialog.open) done(observer, timer);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`The passkey prompt did not open within ${timeoutMs} ms`));
    }, timeoutMs);
    observer.observe(dialog, { attributes: true, attributeFilter: ['open'] });
    if (dialog.open) done(observer, timer);
  });
}

describe('MCPlet passkey actions end to end (demo server, gateway FIDO2, virtual authenticator)', () => {
  const { env, card, calls } = useMcpletDemo();

  it('MCPlet §7 strict passkey action: dialog, first-time registration, ceremony with the promptMessage, assertion only in params._meta, verified by the server', async () => {
    const runner = await selectTool(card(), 'Delete a note');
    await fillAndInvoke(runner, { id: 'n2' });
    const text = await dialogOpen(env.dashboard);
    expect(text).to.contain('policy K1');
    expect(text).to.contain('Confirm deleting this note with your passkey');
    const confirm = confirmDialog(env.dashboard).shadowRoot!.querySelector('[data-action="confirm"]')!;
    expect(confirm.textContent).to.contain('Continue with passkey');
    // Capture what actually goes to the bridge.
    let seen: { args: object; options: HostCallOptions } | undefined;
    const restore = interceptCallTool(env.dashboard, (args, options) => {
      seen = { args, options };
    });
    try {
      const opened = promptOpens(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      const shown = await opened;
      expect(shown).to.contain('Confirm deleting this note with your passkey');
      const done = await runnerText(runner, '"verifiedBy": "passkey"');
      expect(done).to.contain('"deleted": "n2"');
    } finally {
      restore();
    }
    expect((await authenticatorCredentials()).length, 'one passkey was registered on first use').to.equal(1);
    expect(seen!.args).to.deep.equal({ id: 'n2' });
    const auth = (seen!.options._meta as { mcplet_auth?: Record<string, unknown> }).mcplet_auth!;
    expect(auth.type).to.equal('passkey_assertion');
    for (const field of ['challenge', 'clientDataJSON', 'authenticatorData', 'signature'])
      expect(auth[field], field).to.be.a('string').and.not.equal('');
    // Never in events or the audit log.
    expect(JSON.stringify(calls)).to.not.contain(String(auth.signature));
    const audit = await env.dashboard.services!.policy.audit.exportJson();
    expect(audit).to.not.contain(String(auth.signature));
    expect(audit).to.not.contain(String(auth.clientDataJSON));
    expect(audit).to.contain('"rule": "K1"');
  });

  it('MCPlet §3.7/§7.2 a cancelled ceremony is an MCP error and nothing is sent', async () => {
    await setUserPresence(false); // the authenticator waits for a touch that never comes
    try {
      const runner = await selectTool(card(), 'Delete a note');
      const before = calls.length;
      await fillAndInvoke(runner, { id: 'n3' });
      await dialogOpen(env.dashboard);
      const opened = promptOpens(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      await opened;
      (
        passkeyPrompt(env.dashboard).shadowRoot!.querySelector('[data-action="cancel-passkey"]') as HTMLButtonElement
      ).click();
      await runnerText(runner, 'nothing was sent');
      expect(calls.slice(before), 'no tools/call was sent').to.deep.equal([]);
    } finally {
      await setUserPresence(true);
    }
    // n3 still exists.
    const result = await env.dashboard.services!.bridge.callTool(SERVER, 'search_notes', { query: 'WebAuthn' });
    expect(JSON.stringify(result.structuredContent)).to.contain('n3');
  });

  it('MCPlet §7.2 phase 6 a tampered assertion is refused by the backend (AUTH_FAILED), and a replayed one too', async () => {
    const bridge = env.dashboard.services!.bridge;
    let captured: Record<string, unknown> | undefined;
    const restore = interceptCallTool(env.dashboard, (_args, o) => {
      const auth = (o._meta as { mcplet_auth?: Record<string, string> } | undefined)?.mcplet_auth;
      if (!auth) return undefined;
      captured = { ...auth };
      // Flip one byte of the signature (a host or network that tampers).
      const sig = auth.signature!;
      const flipped = sig[10] === 'A' ? 'B' : 'A';
      return {
        ...o,
        _meta: { ...o._meta, mcplet_auth: { ...auth, signature: `${sig.slice(0, 10)}${flipped}${sig.slice(11)}` } },
      };
    });
    let runner: HTMLElement;
    try {
      runner = await selectTool(card(), 'Delete a note');
      await fillAndInvoke(runner, { id: 'n3' });
      await dialogOpen(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      const text = await runnerText(runner, 'AUTH_FAILED');
      expect(text).to.contain('Passkey verification failed');
      expect(text).to.contain('could not verify the passkey');
    } finally {
      restore();
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
    const off = env.dashboard.services!.bus.on('mcp:tool:result', (d) => events.push(d));
    try {
      const result = await env.dashboard.services!.bridge.callTool(SERVER, 'delete_note', { id: 'n3' });
      expect(result.isError).to.equal(true);
    } finally {
      off();
    }
    expect(events[0]?.mcplet?.envelope?.code).to.equal('AUTH_REQUIRED');
    expect(events[0]?.mcplet?.envelope?.meaning).to.contain('no credentials reached it');
  });
});
