// One saved call in the panel: its name, server, tool and arguments, Run and Delete, and its runs, each
// of which can be picked for a comparison.

import { html, nothing } from 'lit';
import type { SavedCall, SavedCallRun } from '../../core/saved-calls/saved-calls-store.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';

/** What a saved call's entry needs from the panel. */
export interface SavedCallActions {
  t: Translate;
  /** A time of day in the dashboard's language. */
  time(at: number): string;
  /** Run ids picked for comparison. */
  picked: string[];
  run(call: SavedCall): Promise<unknown>;
  delete(call: SavedCall): Promise<void>;
  pick(runId: string, on: boolean): void;
}

/** How a run ended, and when: failed, the tool reported an error, or answered in so many milliseconds. */
export function runLabel(run: SavedCallRun, t: Translate, time: (at: number) => string): string {
  if (run.error !== undefined) return t('saved.runFailed', { time: time(run.at), error: run.error });
  const failed = (run.result as { isError?: unknown } | undefined)?.isError === true;
  return t(failed ? 'saved.runToolError' : 'saved.runOk', { time: time(run.at), ms: run.latencyMs ?? 0 });
}

/** A saved call's entry (`li[data-saved-call]`) with its runs. */
export function renderSavedCall(call: SavedCall, actions: SavedCallActions) {
  const { t } = actions;
  const label = (run: SavedCallRun) => runLabel(run, t, actions.time);
  return html`<li data-saved-call=${call.id}>
    <strong>${call.name}</strong>
    <span class="muted">${t('saved.call', { server: call.serverName, tool: call.toolName })}</span>
    <details
      ><summary>${t('saved.arguments')}</summary><pre tabindex="0">${JSON.stringify(call.args, null, 2)}</pre>
    </details>
    <div class="bar">
      <button
        type="button"
        data-action="run-saved"
        aria-label=${t('saved.run', { name: call.name })}
        @click=${() => void actions.run(call)}
        >${t('saved.runShort')}</button
      >
      <button
        type="button"
        data-action="delete-saved"
        aria-label=${t('saved.delete', { name: call.name })}
        @click=${() => void actions.delete(call)}
        >${t('saved.deleteShort')}</button
      >
    </div>
    ${
      call.runs.length === 0
        ? html`<p class="muted">${t('saved.noRuns')}</p>`
        : html`<ul class="runs" aria-label=${`${t('saved.runs')}: ${call.name}`}>
            ${call.runs.map(
              (run) =>
                html`<li data-run=${run.id}
                  ><label
                    ><input
                      type="checkbox"
                      data-action="pick-run"
                      .checked=${actions.picked.includes(run.id)}
                      aria-label=${`${t('saved.pick')}: ${call.name}, ${label(run)}`}
                      @change=${(e: Event) => actions.pick(run.id, (e.target as HTMLInputElement).checked)}
                    />
                    ${label(run)}</label
                  >
                  ${run.result !== undefined ? html`<details><summary>${t('saved.resultJson')}</summary><pre tabindex="0">${JSON.stringify(run.result, null, 2)}</pre></details>` : nothing}</li
                >`,
            )}
          </ul>`
    }
  </li>`;
}
