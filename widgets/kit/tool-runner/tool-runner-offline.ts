import { html, nothing } from 'lit';
import type { CachedToolResult, I18nInterface, OfflineCacheInterface } from '../../../src/core/shared/types.js';
import type { Translate } from '../i18n/translate.js';
import './result-view.js';

/** What the runner knows about its call and the host's offline support (MCP-WP §6.6). */
export interface RunnerOfflineState {
  /** The call could not reach the server (a connectivity error): "Send when back online" may be offered. */
  unreachable: boolean;
  /** A kept result of the same read-only call, shown while the server is unreachable. */
  cached?: CachedToolResult;
  /** The queued call failed when it was sent: a conflict the user resolves here. */
  conflict?: { id: string; message: string };
}

/** JSON-RPC codes that mean the server (or the gateway) could not be reached: -32000 connection lost, -32002 not connected. */
export function isUnreachableCode(code: number | undefined): boolean {
  return code === -32000 || code === -32002;
}

/** How old a cached result is, in words ("45 s", "3 min", "2 h"). */
export function ageText(storedAt: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - storedAt) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

/** The cached result (marked as cached, with its age) and a conflict with Send again / Discard. */
export function renderOfflineNote(
  state: RunnerOfflineState,
  t: Translate,
  i18n: I18nInterface | undefined,
  handlers: { resolve(choice: 'retry' | 'discard'): void },
) {
  return html`${
    state.conflict
      ? html`<div class="offline-conflict" role="alert" data-offline="conflict"
          ><strong>${t('offline.conflict', { message: state.conflict.message })}</strong>
          <div
            ><button type="button" data-action="conflict-retry" @click=${() => handlers.resolve('retry')}
              >${t('offline.retry')}</button
            >
            <button type="button" data-action="conflict-discard" @click=${() => handlers.resolve('discard')}
              >${t('offline.discard')}</button
            ></div
          ></div
        >`
      : nothing
  }
  ${
    state.cached
      ? html`<section class="cached" data-offline="cached" aria-label=${t('offline.cachedLabel')}>
          <p class="meta"
            ><strong>${t('offline.cached', { age: ageText(state.cached.storedAt) })}</strong>
            <span class="muted"
              >${t('offline.cachedHint', { time: new Date(state.cached.storedAt).toLocaleTimeString() })}</span
            ></p
          >
          <mcp-result-view .result=${state.cached.result} .i18n=${i18n}></mcp-result-view
        ></section>`
      : nothing
  }`;
}

/** The cached result of this call, if the host kept one and it has not expired. */
export function cachedFor(
  offline: OfflineCacheInterface | undefined,
  serverName: string,
  toolName: string,
  args: unknown,
): CachedToolResult | undefined {
  try {
    return offline?.cachedCall?.(serverName, toolName, args ?? {});
  } catch {
    return undefined;
  }
}
