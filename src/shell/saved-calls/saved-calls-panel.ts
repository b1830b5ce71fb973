import { LitElement, html, nothing } from 'lit';
import { MCPError, LOCAL_CODES } from '../../core/bridge/mcp-error.js';
import { SavedCallsImportError, type SavedCallData } from '../../core/saved-calls/saved-call-file.js';
import type { SavedCall, SavedCallRun, SavedCallsStore } from '../../core/saved-calls/saved-calls-store.js';
import type { ToolResult } from '../../core/shared/types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, bridgeContext, consume, invokerContext } from '../services/contexts.js';
import { shellStyles } from '../shell.styles.js';
import { renderDraft } from './saved-call-draft.js';
import { renderSavedCall, type SavedCallActions } from './saved-call-item.js';
import { renderComparison } from './saved-calls-compare.js';
import { savedCallsStyles } from './saved-calls-panel.styles.js';

/**
 * <mcp-saved-calls>: saved calls (server, tool, arguments under a name) — save one that a tool form
 * offered, run it again (through the ToolInvoker as the dashboard, so the policy and its dialog apply as
 * to any call), compare two results side by side, export and import them as a JSON file. A panel on
 * the page, not a modal: the confirmation dialog opens over it.
 */
export class McpSavedCalls extends LitElement {
  static override styles = [shellStyles, savedCallsStyles];

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
  store: SavedCallsStore | undefined;
  private readonly a11y = consume(this, a11yContext);
  private readonly bridge = consume(this, bridgeContext);
  private readonly invoker = consume(this, invokerContext);
  private readonly l10n = new ShellLocalize(this);
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
    this.a11y.value?.announce(message, 'polite');
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
    const bridge = this.bridge.value;
    const invoker = this.invoker.value;
    if (!bridge || !invoker || !this.store) return undefined;
    if (bridge.getServer(call.serverName)?.state !== 'connected') {
      this.problem = this.t('saved.serverGone', { server: call.serverName });
      return undefined;
    }
    this.problem = undefined;
    this.say(this.t('saved.running', { name: call.name }));
    const started = performance.now();
    try {
      const result: ToolResult = await invoker.invoke(
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
      this.a11y.value?.announce(this.problem, 'assertive');
    }
  }

  private time(at: number): string {
    const date = new Date(at);
    const i18n = this.l10n.i18n;
    return i18n ? i18n.formatDate(date, { timeStyle: 'medium' }) : date.toLocaleTimeString();
  }

  private findRun(id: string): { call: SavedCall; run: SavedCallRun } | undefined {
    for (const call of this.store?.list() ?? []) {
      const run = call.runs.find((r) => r.id === id);
      if (run) return { call, run };
    }
    return undefined;
  }

  override render() {
    if (!this.open || !this.store) return nothing;
    const t = (key: string, v?: Record<string, unknown>) => this.t(key, v);
    const calls = this.store.list();
    const pair = this.comparing?.map((id) => this.findRun(id));
    const callActions: SavedCallActions = {
      t,
      time: (at) => this.time(at),
      picked: this.picked,
      run: (call) => this.run(call),
      delete: (call) => this.deleteCall(call),
      pick: (runId, on) => this.pick(runId, on),
    };
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
          ? renderDraft(this.draft, {
              t,
              save: () => void this.saveDraft(),
              rename: (name) => (this.draft = { ...this.draft!, name }),
              discard: () => (this.draft = undefined),
            })
          : nothing
      }
      ${
        calls.length === 0
          ? html`<p>${t('saved.none')}</p>`
          : html`<ul class="calls" aria-label=${t('saved.list')}
              >${calls.map((c) => renderSavedCall(c, callActions))}</ul
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
