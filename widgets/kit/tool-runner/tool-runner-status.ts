import { html, nothing } from 'lit';
import type { Translate } from '../i18n/translate.js';
import { englishTranslate } from '../i18n/translate.js';
import { canRetry, failureKind } from '../../../src/core/shared/errors/retry-advice.js';

/** Where a tool runner's call is. */
export type RunnerPhase = 'idle' | 'waiting' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'invalid';

/**
 * Fired when the user asks to open the tool's MCP App view with the arguments in the form (`mcp-open-app`), to
 * preview it before the tool runs (`mcp-preview-app`, the form's values so far), and as they fill in the form
 * (`mcp-app-input`, debounced; the host sends them to a preview as `tool-input-partial`).
 */
export class OpenAppEvent extends Event {
  constructor(
    readonly toolName: string,
    readonly args: Record<string, unknown>,
    type: 'mcp-open-app' | 'mcp-preview-app' | 'mcp-app-input' = 'mcp-open-app',
  ) {
    super(type, { bubbles: true, composed: true });
  }
}

/** A failed call may be retried by hand this many times with the same arguments (MCP-WP-9.1.6). */
export const MAX_MANUAL_RETRIES = 3;

/**
 * Failures where trying again may work: a lost connection, a timeout, an overloaded server (MCP-WP-6.2's -32603
 * and -32000..-32099, unless the message says the request itself was refused; see retry-advice.ts).
 */
export function retryableCode(code: number | undefined, message?: string): boolean {
  return code !== undefined && canRetry(code, message);
}

/** ": 2 text blocks and structured content" — what arrived, for the announcement (MCP-WP-11.5.4). */
export function resultSummary(result: unknown, t: Translate = englishTranslate): string {
  const r = result as { content?: unknown; structuredContent?: unknown; isError?: unknown } | undefined;
  if (!r || typeof r !== 'object' || !Array.isArray(r.content)) return t('runner.summary.badShape');
  const counts = new Map<string, number>();
  for (const item of r.content) {
    const type =
      item && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string'
        ? (item as { type: string }).type
        : 'other';
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const parts = [...counts].map(([type, n]) => t('runner.summary.blocks', { count: n, type: type.replace('_', ' ') }));
  if (r.structuredContent !== undefined) parts.push(t('runner.summary.structured'));
  const what = parts.length ? parts.join(t('list.separator')) : t('runner.summary.none');
  return r.isError === true ? t('runner.summary.error', { what }) : t('runner.summary.ok', { what });
}

type RunnerError = { message: string; code?: number; guidance?: string; rule?: string } | undefined;

/** Guidance for a known JSON-RPC code in the user's language; the host's English otherwise. */
export function guidanceText(error: RunnerError, t: Translate): string | undefined {
  const code = error?.code;
  const serverError = code !== undefined && (code === -32603 || (code <= -32004 && code >= -32099));
  if (serverError && failureKind(code, error?.message) === 'refused') return t('guidance.refused');
  if (code !== undefined) {
    const key = `guidance.${code}`;
    const text = t(key);
    if (text !== key) return text;
  }
  return error?.guidance;
}

/**
 * A policy refusal in the user's language: the host words each policy rule (`policy.rule.<id>`,
 * reached through its I18n); English keeps the host's specific sentence.
 */
export function policyText(error: RunnerError, t: Translate, locale: string): string | undefined {
  const rule = error?.rule;
  if (!rule || locale.toLowerCase().startsWith('en')) return undefined;
  const key = `policy.rule.${rule}`;
  const text = t(key);
  return text === key ? undefined : `${text} (${rule})`;
}

/** What the runner's status line shows. */
export interface RunnerStatusView {
  phase: RunnerPhase;
  progress: { progress: number; total?: number; message?: string } | undefined;
  cancelledSent: boolean;
  task: boolean;
  error: { message: string; code?: number; guidance?: string; args?: unknown; rule?: string } | undefined;
  guidance: string | undefined;
  policyText: string | undefined;
  attempts: number;
  latency: number | undefined;
  result: unknown;
  /** Position in the server's queue, while queued. */
  queuedPosition?: number;
  /** Offered when the server could not be reached and the host has an offline queue ("Send when back online"). */
  sendWhenOnline?: () => void;
  formatNumber(value: number): string;
  retry(): void;
}

/** The runner's status line, in one live region (MCP-WP-11.5.4): waiting, queued, running, done, failed… */
export function renderRunnerStatus(view: RunnerStatusView, t: Translate) {
  switch (view.phase) {
    case 'queued':
      return html`<p class="status muted" role="status"
        >${t('offline.queued', { position: view.queuedPosition ?? 1 })}</p
      >`;
    case 'waiting':
      return html`<p class="status muted" role="status">${t('runner.waiting')}</p>`;
    case 'running':
      return html`<div class="status" role="status"
        >${t('runner.running')}
        ${
          view.progress
            ? html`<progress
                  aria-label=${t('runner.progress')}
                  max=${view.progress.total ?? Math.max(100, view.progress.progress)}
                  value=${view.progress.progress}
                ></progress>
                <span class="muted"
                  >${view.progress.total ? t('runner.progressOf', { done: view.progress.progress, total: view.progress.total }) : view.formatNumber(view.progress.progress)}${
                    view.progress.message ? ` \u2014 ${view.progress.message}` : ''
                  }</span
                >`
            : nothing
        }</div
      >`;
    case 'cancelled':
      return html`<p class="status muted" role="status"
        >${view.cancelledSent ? t(view.task ? 'runner.cancelledTask' : 'runner.cancelledRunning') : t('runner.cancelled')}</p
      >`;
    case 'invalid':
      return html`<p class="status error-text" role="status">${t('runner.invalid')}</p>`;
    case 'failed': {
      const guidance = view.guidance;
      return html`<div class="status error-text" role="alert">
        <strong
          >✗
          ${view.error?.code !== undefined ? t('runner.errorCode', { code: String(view.error.code) }) : ''}${view.policyText ?? view.error?.message}</strong
        >
        ${guidance ? html`<div>${guidance}</div>` : nothing}
        ${
          retryableCode(view.error?.code, view.error?.message)
            ? view.attempts < MAX_MANUAL_RETRIES
              ? html`<button type="button" data-action="retry" @click=${() => view.retry()}
                  >${t('runner.retry', { attempt: view.attempts + 1, max: MAX_MANUAL_RETRIES })}</button
                >`
              : html`<div>${t('runner.gaveUp', { count: view.attempts })}</div>`
            : nothing
        }
        ${
          view.sendWhenOnline
            ? html`<div
                ><button type="button" data-action="send-when-online" @click=${() => view.sendWhenOnline!()}
                  >${t('offline.sendWhenOnline')}</button
                >
                <span class="muted">${t('offline.sendWhenOnlineHint')}</span></div
              >`
            : nothing
        }
        ${view.error?.args !== undefined ? html`<details><summary>${t('runner.argumentsSent')}</summary><pre>${JSON.stringify(view.error.args, null, 2)}</pre></details>` : nothing}
      </div>`;
    }
    case 'done':
      return html`<p class="status muted" role="status"
        >${
          view.latency !== undefined
            ? t('runner.completedInWith', { ms: Math.round(view.latency), summary: resultSummary(view.result, t) })
            : t('runner.completedWith', { summary: resultSummary(view.result, t) })
        }</p
      >`;
    default:
      return nothing;
  }
}
