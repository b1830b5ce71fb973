import { LitElement, html, css, nothing } from 'lit';
import { MCPError, LOCAL_CODES } from '../../core/bridge/mcp-error.js';
import { SavedCallsImportError, type SavedCallData } from '../../core/saved-calls/saved-call-file.js';
import type { SavedCall, SavedCallRun, SavedCallsStore } from '../../core/saved-calls/saved-calls-store.js';
import type { ToolResult } from '../../core/shared/types.js';
import { LocalizeController } from '../../../widgets/kit/i18n/localize.js';
import type { HostServices } from '../services/host-services.js';
import { SHELL_CATALOGS } from '../i18n/messages.js';
import { shellStyles } from '../shell.styles.js';
import { renderComparison } from './saved-calls-compare.js';

/**
 * <mcp-saved-calls>: saved calls (server, tool, arguments under a name) — save one that a tool form
 * offered, run it again (through the ToolInvoker as the dashboard, so the policy and its dialog apply as
 * to any call), compare two results side by side, export and import them as a JSON file. A panel on
 * the page, not a modal: the confirmation dialog opens over it.
 */
export class McpSavedCalls extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
      }
      :host([hidden]) {
        display: none;
      }
      section.panel {
        border: 2px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-lg, 8px);
        padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        margin: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
        background: var(--mcp-background, #fff);
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: center;
      }
      h2 {
        margin: 0;
        font-size: 1.15rem;
        flex: 1;
      }
      h3 {
        font-size: 1rem;
        margin: var(--mcp-spacing-md, 0.5rem) 0 var(--mcp-spacing-sm, 0.25rem);
      }
      ul.calls {
        list-style: none;
        padding: 0;
        margin: 0;
        display: grid;
        gap: var(--mcp-spacing-md, 0.5rem);
      }
      ul.calls > li {
        border: 1px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-md, 4px);
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
      }
      .draft {
        border: 2px dashed var(--mcp-border, #8c959f);
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
      }
      pre {
        max-height: 10rem;
        overflow: auto;
        margin: 2px 0;
        white-space: pre-wrap;
        word-break: break-word;
      }
      ul.runs {
        list-style: none;
        padding: 0;
        margin: 2px 0;
      }
      .scroll {
        max-height: 50vh;
        overflow: auto;
      }
      table.diff {
        border-collapse: collapse;
        width: 100%;
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
      table.diff th,
      table.diff td {
        border: 1px solid var(--mcp-border, #8c959f);
        padding: 2px 4px;
        vertical-align: top;
        text-align: left;
      }
      table.lines {
        border-collapse: collapse;
        width: 100%;
        font-family: ui-monospace, monospace;
      }
      table.lines td {
        border: none;
        white-space: pre-wrap;
        word-break: break-word;
        width: 50%;
      }
      tr.line.removed td.left,
      tr.line.changed td.left,
      tr[data-kind='removed'] td.left {
        background: var(--mcp-error-light, #ffebe9);
      }
      tr.line.added td.right,
      tr.line.changed td.right,
      tr[data-kind='added'] td.right {
        background: var(--mcp-success-light, #dafbe1);
      }
      tr[data-kind='changed'] > td.left {
        background: var(--mcp-error-light, #ffebe9);
      }
      tr[data-kind='changed'] > td.right {
        background: var(--mcp-success-light, #dafbe1);
      }
      .problem {
        font-weight: 600;
      }
    `,
  ];

  static override properties = {
    open: { type: Boolean, reflect: true },
    draft: { state: true },
    status: { state: true },
    problem: { state: true },
    picked: { state: true },
    comparing: { state: true },
  };

  declare open: boolean;
  /** A call offered for saving (from a tool form), waiting for its name. */
  declare draft: (SavedCallData & { name: string }) | undefined;
  declare status: string;
  declare problem: string | undefined;
  /** Up to two results chosen for comparison (run ids). */
  declare picked: string[];
  declare comparing: [string, string] | undefined;
  services: HostServices | undefined;
  store: SavedCallsStore | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: SHELL_CATALOGS, i18n: () => this.services?.i18n });
  private unsubscribe: (() => void) | undefined;

  constructor() {
    super();
    this.open = false;
    this.status = '';
    this.picked = [];
    this.hidden = true;
  }

  private t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  /** Opens the panel (with a call to save, when a form offered one) and loads the saved calls. */
  async show(draft?: SavedCallData): Promise<void> {
    if (!this.store) return;
    this.open = true;
    this.hidden = false;
    this.problem = undefined;
    if (draft) this.draft = { ...draft, name: draft.name || draft.toolName };
    this.unsubscribe ??= this.store.onChange(() => this.requestUpdate());
    await this.store.load();
    await this.updateComplete;
    const target = this.renderRoot.querySelector(draft ? '#saved-draft-name' : '#saved-title') as HTMLElement | null;
    target?.focus();
    this.scrollIntoView?.({ block: 'nearest' });
  }

  /** Closes the panel. */
  close(): void {
    this.open = false;
    this.hidden = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.dispatchEvent(new Event('mcp-saved-calls-closed', { bubbles: true, composed: true }));
  }

  private say(message: string): void {
    this.status = message;
    this.services?.a11y.announce(message, 'polite');
  }

  private async saveDraft(): Promise<void> {
    const draft = this.draft;
    if (!draft || !this.store) return;
    if (!draft.name.trim()) {
      this.problem = this.t('saved.nameMissing');
      (this.renderRoot.querySelector('#saved-draft-name') as HTMLElement | null)?.focus();
      return;
    }
    const call = await this.store.save(draft);
    this.draft = undefined;
    this.problem = undefined;
    this.say(this.t('saved.saved', { name: call.name }));
  }

  /** Runs a saved call again, through the invoker as the dashboard (the policy decides; a dialog may ask). */
  async run(call: SavedCall): Promise<SavedCallRun | undefined> {
    const services = this.services;
    if (!services || !this.store) return undefined;
    if (services.bridge.getServer(call.serverName)?.state !== 'connected') {
      this.problem = this.t('saved.serverGone', { server: call.serverName });
      return undefined;
    }
    this.problem = undefined;
    this.say(this.t('saved.running', { name: call.name }));
    const started = performance.now();
    try {
      const result: ToolResult = await services.invoker.invoke(
        { serverName: call.serverName, toolName: call.toolName, args: structuredClone(call.args) },
        { surface: 'user', id: 'host' },
      );
      const run = await this.store.addRun(call.id, { result, latencyMs: Math.round(performance.now() - started) });
      this.status = '';
      return run;
    } catch (error) {
      const e = error as MCPError;
      if (e instanceof MCPError && e.jsonrpcCode === LOCAL_CODES.cancelled) {
        this.say(e.message);
        return undefined;
      }
      this.status = '';
      return this.store.addRun(call.id, {
        error: e?.message ?? String(error),
        latencyMs: Math.round(performance.now() - started),
      });
    }
  }

  private async deleteCall(call: SavedCall): Promise<void> {
    await this.store?.remove(call.id);
    const runIds = new Set(call.runs.map((r) => r.id));
    this.picked = this.picked.filter((id) => !runIds.has(id));
    if (this.comparing?.some((id) => runIds.has(id))) this.comparing = undefined;
    this.say(this.t('saved.deleted', { name: call.name }));
  }

  private pick(runId: string, on: boolean): void {
    this.picked = on
      ? [...this.picked.filter((id) => id !== runId), runId].slice(-2)
      : this.picked.filter((id) => id !== runId);
  }

  private exportFile(): void {
    if (!this.store) return;
    const url = URL.createObjectURL(new Blob([this.store.exportText()], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `mcp-dashboard-saved-calls-${new Date().toISOString().slice(0, 10)}.json`;
    a.rel = 'noopener';
    this.renderRoot.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.say(this.t('saved.exported', { count: this.store.list().length }));
  }

  /** Imports a saved-calls file: all or nothing; a malformed file is refused with what is wrong. */
  async importFile(file: File): Promise<void> {
    if (!this.store) return;
    try {
      const { added, skipped } = await this.store.importText(await file.text());
      this.problem = undefined;
      this.say(this.t('saved.imported', { added, skipped }));
    } catch (error) {
      const message =
        error instanceof SavedCallsImportError ? error.message : ((error as Error)?.message ?? String(error));
      this.problem = this.t('saved.importFailed', { message });
      this.services?.a11y.announce(this.problem, 'assertive');
    }
  }

  private time(at: number): string {
    const date = new Date(at);
    return this.services ? this.services.i18n.formatDate(date, { timeStyle: 'medium' }) : date.toLocaleTimeString();
  }

  private runLabel(run: SavedCallRun): string {
    if (run.error !== undefined) return this.t('saved.runFailed', { time: this.time(run.at), error: run.error });
    const failed = (run.result as { isError?: unknown } | undefined)?.isError === true;
    return this.t(failed ? 'saved.runToolError' : 'saved.runOk', { time: this.time(run.at), ms: run.latencyMs ?? 0 });
  }

  private findRun(id: string): { call: SavedCall; run: SavedCallRun } | undefined {
    for (const call of this.store?.list() ?? []) {
      const run = call.runs.find((r) => r.id === id);
      if (run) return { call, run };
    }
    return undefined;
  }

  private renderCall(call: SavedCall) {
    const t = (key: string, v?: Record<string, unknown>) => this.t(key, v);
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
          @click=${() => void this.run(call)}
          >${t('saved.runShort')}</button
        >
        <button
          type="button"
          data-action="delete-saved"
          aria-label=${t('saved.delete', { name: call.name })}
          @click=${() => void this.deleteCall(call)}
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
                        .checked=${this.picked.includes(run.id)}
                        aria-label=${`${t('saved.pick')}: ${call.name}, ${this.runLabel(run)}`}
                        @change=${(e: Event) => this.pick(run.id, (e.target as HTMLInputElement).checked)}
                      />
                      ${this.runLabel(run)}</label
                    >
                    ${run.result !== undefined ? html`<details><summary>${t('saved.resultJson')}</summary><pre tabindex="0">${JSON.stringify(run.result, null, 2)}</pre></details>` : nothing}</li
                  >`,
              )}
            </ul>`
      }
    </li>`;
  }

  override render() {
    if (!this.open || !this.store) return nothing;
    const t = (key: string, v?: Record<string, unknown>) => this.t(key, v);
    const calls = this.store.list();
    const pair = this.comparing?.map((id) => this.findRun(id));
    return html`<section class="panel" aria-labelledby="saved-title">
      <div class="bar">
        <h2 id="saved-title" tabindex="-1">${t('saved.title')}</h2>
        <button
          type="button"
          data-action="export-saved"
          ?disabled=${calls.length === 0}
          @click=${() => this.exportFile()}
          >${t('saved.export')}</button
        >
        <label class="import"
          >${t('saved.import')}
          <input
            type="file"
            accept="application/json,.json"
            data-action="import-saved"
            aria-label=${t('saved.importLabel')}
            @change=${(e: Event) => {
              const input = e.target as HTMLInputElement;
              const file = input.files?.[0];
              if (file) void this.importFile(file).finally(() => (input.value = ''));
            }}
          />
        </label>
        <button type="button" data-action="close-saved" aria-label=${t('saved.close')} @click=${() => this.close()}
          >✕</button
        >
      </div>
      <p class="muted">${t('saved.intro')}</p>
      ${this.problem ? html`<p class="problem error-text" role="alert">✗ ${this.problem}</p>` : nothing}
      <p class="muted" role="status" aria-live="polite">${this.status}</p>
      ${
        this.draft
          ? html`<form
              class="draft"
              @submit=${(e: Event) => {
                e.preventDefault();
                void this.saveDraft();
              }}
            >
              <h3>${t('saved.draftTitle')}</h3>
              <p>${t('saved.call', { server: this.draft.serverName, tool: this.draft.toolName })}</p>
              <pre tabindex="0" aria-label=${t('saved.arguments')}>${JSON.stringify(this.draft.args, null, 2)}</pre>
              <label for="saved-draft-name">${t('saved.name')}</label>
              <input
                id="saved-draft-name"
                type="text"
                maxlength="200"
                .value=${this.draft.name}
                @input=${(e: Event) => (this.draft = { ...this.draft!, name: (e.target as HTMLInputElement).value })}
              />
              <div class="bar"
                ><button type="submit" class="primary" data-action="save-draft">${t('saved.save')}</button>
                <button type="button" data-action="discard-draft" @click=${() => (this.draft = undefined)}
                  >${t('saved.discard')}</button
                ></div
              >
            </form>`
          : nothing
      }
      ${
        calls.length === 0
          ? html`<p>${t('saved.none')}</p>`
          : html`<ul class="calls" aria-label=${t('saved.list')}
              >${calls.map((c) => this.renderCall(c))}</ul
            >`
      }
      <p class="muted">${t('saved.compareHint')}</p>
      <button
        type="button"
        data-action="compare"
        ?disabled=${this.picked.length !== 2}
        @click=${() => (this.comparing = [this.picked[0]!, this.picked[1]!])}
        >${t('saved.compare')}</button
      >
      ${
        pair && pair[0] && pair[1]
          ? html`${renderComparison(
                {
                  label: t('saved.compareLeft', { name: pair[0].call.name, time: this.time(pair[0].run.at) }),
                  result: pair[0].run.result ?? { error: pair[0].run.error },
                },
                {
                  label: t('saved.compareLeft', { name: pair[1].call.name, time: this.time(pair[1].run.at) }),
                  result: pair[1].run.result ?? { error: pair[1].run.error },
                },
                t,
              )}
              <button type="button" data-action="close-compare" @click=${() => (this.comparing = undefined)}
                >${t('saved.closeCompare')}</button
              >`
          : nothing
      }
    </section>`;
  }
}

if (!customElements.get('mcp-saved-calls')) customElements.define('mcp-saved-calls', McpSavedCalls);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-saved-calls': McpSavedCalls;
  }
}
