import { html, nothing } from 'lit';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { safeSnippet } from '../../core/shared/text/control-chars.js';
import { needsPasskey, type BatchItem } from './confirm-batch.js';

/** A call's arguments on one line, cut short (the full JSON is one click away). */
export function argumentSummary(args: Record<string, unknown>, max = 100): string {
  return safeSnippet(JSON.stringify(args), max);
}

/**
 * The list of calls waiting in one dialog (a burst of an app view, or everything one agent asked for): each with
 * its server and tool, the policy row that asks, whether it needs a passkey, its arguments on one line and in
 * full, and its own Confirm / Cancel.
 */
export function renderBatchList(
  open: BatchItem[],
  t: Translate,
  answerOne: (item: BatchItem, confirmed: boolean) => void,
) {
  return html`<h3 id="confirm-batch-label">${t('consent.batch.list')}</h3>
    <ol class="batch" aria-labelledby="confirm-batch-label">
      ${open.map((item, i) => {
        const n = i + 1;
        const { serverName, toolName, args, policy } = item.request;
        return html`<li data-batch-item=${String(n)} data-tool=${toolName} data-server=${serverName}>
          <div class="item-head">
            <strong>${t('consent.batch.item', { n, server: serverName, tool: toolName })}</strong>
            ${policy ? html`<span class="muted">${t('policy.rule', { rule: policy.decision.rule })}</span>` : nothing}
            ${needsPasskey(item) ? html`<span class="passkey" data-passkey>🔐 ${t('consent.batch.passkey')}</span>` : nothing}
            <span class="item-actions">
              <button
                type="button"
                class="small"
                data-action="confirm-item"
                data-index=${String(i)}
                aria-label=${t('consent.batch.confirmOne', { n })}
                @click=${() => answerOne(item, true)}
                >${t('confirm.confirm')}</button
              >
              <button
                type="button"
                class="small"
                data-action="cancel-item"
                data-index=${String(i)}
                aria-label=${t('consent.batch.cancelOne', { n })}
                @click=${() => answerOne(item, false)}
                >${t('confirm.cancel')}</button
              >
            </span>
          </div>
          <div class="summary" data-summary>${argumentSummary(args)}</div>
          <details>
            <summary>${t('consent.batch.arguments')} ${n}</summary>
            <pre tabindex="0">${JSON.stringify(args, null, 2)}</pre>
          </details>
        </li>`;
      })}
    </ol>`;
}
