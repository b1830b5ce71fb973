import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { PromptCancelledError } from '../../src/shell/dialogs/passkey-prompt.js';
import { answerDialog, confirmDialog, dialogOpen, fillAndInvoke, searchTools } from '../support/dashboard.js';
import { deepActive, deepQuery, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { useDashboard } from '../support/setup.js';
import { passkeyPrompt } from '../support/mcplet.js';
import { POLICY, resetLocale, SERVER, SERVERS, showPasskeyPrompt, walk } from '../support/a11y-policy-views.js';

// The invocation-policy views (test/support/a11y-policy-views.ts) under the theme, accessibility and language
// rules: axe-core (WCAG 2.1 A + AA) in light, dark and high contrast, keyboard access to the audit panel and the
// passkey prompt, and Japanese throughout. With each sample brand: a11y-policy-views-brands.test.ts.

async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
}

describe('policy views: axe in every theme, keyboard, Japanese', function () {
  this.timeout(180_000);

  describe('built-in modes', () => {
    const env = useDashboard({ mcpServers: SERVERS, dashboard: POLICY, mount: 'each', teardown: resetLocale });

    for (const mode of ['light', 'dark', 'high-contrast'] as const) {
      it(`MCP-WP-11.5.1 no violations in the policy views in ${mode} mode`, async () => {
        await waitFor(() => env.dashboard!.services?.preferences, 10_000, 'services');
        await env.dashboard.services!.configuration.set('theme.mode', mode);
        // The choice is applied once the dashboard has loaded its preferences (later on a busy machine).
        await waitFor(() => env.dashboard!.services!.theme.getMode() === mode, 10_000, `the ${mode} mode to apply`);
        await walk(env.dashboard, mode);
      });
    }

    it('MCP-WP-11.5.12 the audit panel opens with Enter, keeps Tab inside, closes with Escape and returns focus', async () => {
      await env.card(SERVER);
      const opener = await waitFor(
        () => env.dashboard!.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="audit"]:not([hidden])'),
        5000,
        'the Audit log button',
      );
      opener.focus();
      await press('Enter');
      const panel = await waitFor(
        () => {
          const p = env.dashboard!.shadowRoot!.querySelector('mcp-audit-panel');
          return p?.shadowRoot?.querySelector('dialog')?.open ? p : undefined;
        },
        5000,
        'the audit panel',
      );
      await waitFor(
        () => (deepActive() as HTMLElement | null)?.dataset.action === 'close-audit',
        5000,
        'focus on Close',
      );
      for (let i = 0; i < 12; i++) {
        await press('Tab');
        const el = deepActive()!;
        expect(panel.shadowRoot!.contains(el), `focus left the audit panel: <${el.localName}>`).to.equal(true);
      }
      await press('Escape');
      await waitFor(() => !panel.shadowRoot!.querySelector('dialog')!.open, 5000, 'the panel to close');
      expect(deepActive()).to.equal(opener);
    });

    it('MCP-WP-11.5.12 the passkey prompt takes focus on Cancel, keeps Tab inside, and Escape cancels the ceremony and returns focus', async () => {
      await env.card(SERVER);
      const opener = env.dashboard.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="audit"]')!;
      opener.focus();
      const prompt = showPasskeyPrompt(env.dashboard);
      const element = passkeyPrompt(env.dashboard);
      await waitFor(() => element.shadowRoot?.querySelector('dialog')?.open, 5000, 'the passkey prompt');
      await waitFor(
        () => (deepActive() as HTMLElement | null)?.dataset.action === 'cancel-passkey',
        5000,
        'focus on Cancel',
      );
      for (let i = 0; i < 4; i++) {
        await press('Tab');
        expect(element.shadowRoot!.contains(deepActive()), 'focus stays in the prompt').to.equal(true);
      }
      await press('Escape');
      expect(await prompt.settled).to.be.instanceOf(PromptCancelledError);
      expect(prompt.cancelled(), 'Escape aborted the ceremony').to.equal(true);
      expect(element.shadowRoot!.querySelector('dialog')!.open).to.equal(false);
      expect(deepActive()).to.equal(opener);
    });

    it('MCP-WP-6.8.1 badges, policy details, passkey prompt, notices and the audit panel follow the language switch (Japanese)', async () => {
      const card = await env.card(SERVER);
      await env.dashboard.services!.configuration.set('i18n.locale', 'ja');
      await waitFor(() => env.dashboard!.services!.i18n.currentLocale === 'ja', 5000, 'Japanese');
      deepQueryText<HTMLButtonElement>('[role="tab"]', 'ツール', card.shadowRoot!)?.click();
      await searchTools(card.shadowRoot!, 'Search notes');
      const item = await waitFor(
        () => deepQueryText('button.tool-item', 'Search notes', card.shadowRoot!),
        10_000,
        'the Search notes row',
      );
      expect(item.textContent)
        .to.contain('読み取り')
        .and.contain('公開先: model + app')
        .and.contain('プール: notes-pool')
        .and.not.contain('visible:');
      await searchTools(card.shadowRoot!, 'Delete a note');
      const row = await waitFor(
        () => deepQueryText<HTMLButtonElement>('button.tool-item', 'Delete a note', card.shadowRoot!),
        10_000,
        'the Delete row',
      );
      expect(row.textContent).to.contain('アクション');
      row.click();
      const runner = await waitFor(() => deepQuery('mcp-tool-runner', card.shadowRoot!), 5000, 'runner');
      await fillAndInvoke(runner, { id: 'n2' }, '実行');
      await dialogOpen(env.dashboard);
      const dialog = deepText(confirmDialog(env.dashboard).shadowRoot!);
      expect(dialog)
        .to.contain('パスキーで続ける')
        .and.contain('確認する理由')
        .and.contain('サーバーが検証します')
        .and.not.contain('Why you are asked');
      answerDialog(env.dashboard, 'cancel');

      // A refusal by the policy, in the runner: the rule is worded in Japanese, not the engine's English.
      await searchTools(card.shadowRoot!, 'Bulk delete');
      (
        await waitFor(
          () => deepQueryText<HTMLButtonElement>('button.tool-item', 'Bulk delete', card.shadowRoot!),
          10_000,
          'the Bulk delete row',
        )
      ).click();
      const excluded = await waitFor(
        () => {
          const r = deepQuery('mcp-tool-runner', card.shadowRoot!);
          return r && deepText(r.shadowRoot!).includes('Bulk delete') ? r : undefined;
        },
        5000,
        'the Bulk delete runner',
      );
      await fillAndInvoke(excluded, {}, '実行');
      const refusal = await waitFor(
        () => excluded.shadowRoot!.querySelector('[role="alert"]')?.textContent,
        10_000,
        'the refusal',
      );
      expect(refusal)
        .to.contain('_meta.auth のないまま、モデルに公開されたアクションです')
        .and.contain('(X2)')
        .and.not.contain('is excluded');

      const prompt = showPasskeyPrompt(env.dashboard);
      await waitFor(
        () => passkeyPrompt(env.dashboard!).shadowRoot?.querySelector('dialog')?.open,
        5000,
        'the passkey prompt',
      );
      expect(deepText(passkeyPrompt(env.dashboard).shadowRoot!))
        .to.contain('パスキーが必要です')
        .and.contain('パスキーを待っています');
      (
        passkeyPrompt(env.dashboard).shadowRoot!.querySelector('[data-action="cancel-passkey"]') as HTMLButtonElement
      ).click();
      await prompt.settled;

      env.dashboard.services!.bus.emit('mcp:host:violation', {
        serverName: SERVER,
        widgetId: `server-panel:${SERVER}`,
        operation: 'clipboard',
        message: 'Widget "server-panel:mcplet-demo" has no permission for "clipboard".',
      });
      const notices = env.dashboard.shadowRoot!.querySelector('mcp-host-notices')!;
      await waitFor(() => deepText(notices.shadowRoot!).includes('ブロックしました'), 5000, 'the notice in Japanese');
      expect(deepText(notices.shadowRoot!)).to.contain('「clipboard」の使用が許可されていません');

      const header = env.dashboard.shadowRoot!.querySelector('[data-action="audit"]')!;
      expect(header.textContent!.trim()).to.equal('監査ログ');
      const panel = (await env.dashboard.openAudit())!;
      await waitFor(() => panel.entries.length > 0, 5000, 'audit entries');
      const text = deepText(panel.shadowRoot!);
      expect(text)
        .to.contain('監査ログと権限')
        .and.contain('権限を付与')
        .and.contain('ウィジェットの信頼度と権限')
        .and.not.contain('Permissions granted');
      (panel.shadowRoot!.querySelector('[data-action="close-audit"]') as HTMLButtonElement).click();
    });
  });
});
