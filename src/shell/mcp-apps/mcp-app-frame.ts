import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { DisplayMode } from '../../core/mcplet/display-mode.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';
import type { AppView } from './app-view.js';
import { icon } from '../icons/icons.js';
import { appFrameStyles } from './mcp-app-frame.styles.js';
import './mcp-app-tools.js';

const MODE_KEYS: Record<DisplayMode, string> = {
  inline: 'app.mode.inline',
  fullscreen: 'app.mode.fullscreen',
  pip: 'app.mode.pip',
};

/** Status texts the view reports in English, by catalog key (anything else is shown as reported). */
const VIEW_TEXT_KEYS: Record<string, string> = {
  'Reading the app': 'app.phase.reading',
  'Starting the sandbox': 'app.phase.sandbox',
  'Starting the app': 'app.phase.starting',
  Ready: 'app.phase.ready',
  Error: 'app.phase.error',
  Closing: 'app.phase.closing',
  Closed: 'app.phase.closed',
  'The tool reported an error; the app has it.': 'app.tool.error',
  'The tool result was delivered to the app.': 'app.tool.delivered',
};

/**
 * <mcp-app-frame>: the host's chrome around one MCP App view — title, server, status, the tool
 * call's outcome, display-mode switches (only modes the app declared), Close, the model context
 * the app set and its messages — and the box the sandbox iframe lives in. Display modes are pure
 * CSS on this element (inline in the card, a full-window overlay, a floating panel): the iframe is
 * never moved, because moving an iframe reloads it.
 *
 * @csspart viewport - the box that holds the sandbox iframe
 */
export class McpAppFrame extends LitElement {
  static override styles = [shellStyles, appFrameStyles];

  static override properties = { view: { attribute: false } };
  /** Chrome in the dashboard's language (its I18n reaches the frame through the view's services). */
  private readonly l10n = new ShellLocalize(this, { i18n: () => (this as { view?: AppView }).view?.services.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);

  private viewText(text: string): string {
    const key = VIEW_TEXT_KEYS[text];
    return key ? this.t(key) : text;
  }

  declare view: AppView | undefined;
  private unsubscribe: (() => void) | undefined;
  private observer: ResizeObserver | undefined;
  private attached = false;
  private shownMode: string | undefined;
  private inlineBox: { width: number; height: number } | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.attached && this.view && this.view.state !== 'closed') {
      // Re-inserted after removal: the browser discarded the iframe. The view cannot continue.
      this.view.removedFromPage();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observer?.disconnect();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.view?.removedFromPage();
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('view')) {
      this.unsubscribe?.();
      this.unsubscribe = this.view?.onChange((view) => {
        if (view.state === 'closed') this.remove();
        else this.requestUpdate();
      });
    }
    if (this.view) {
      if (this.view.displayMode === 'pip' && this.inlineBox) {
        this.style.setProperty('--pip-width', `${Math.max(320, Math.round(this.inlineBox.width))}px`);
        this.style.setProperty(
          '--pip-height',
          `${Math.max(160, Math.round(this.view.governor.height ?? this.inlineBox.height))}px`,
        );
      }
      this.setAttribute('mode', this.view.displayMode);
      this.toggleAttribute('borderless', this.view.prefersBorder === false);
    }
  }

  override firstUpdated(): void {
    const viewport = this.renderRoot.querySelector<HTMLElement>('.viewport')!;
    this.attached = true;
    this.observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]!.contentRect;
      // Picture in picture takes the size the view had inline (within the window, see the styles).
      if (this.view?.displayMode === 'inline' && box.width > 0)
        this.inlineBox = { width: box.width, height: box.height };
      this.view?.containerResized({ width: box.width, height: box.height });
    });
    this.observer.observe(viewport);
    this.view?.attach(viewport);
  }

  override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // Entering full screen moves focus to the frame's controls (once, not on every update).
    const mode = this.view?.displayMode;
    if (mode !== this.shownMode) {
      this.shownMode = mode;
      // A tile skips rendering while off screen (content-visibility), which would make it the box a
      // fixed frame is placed in: tell it this frame now floats above the page (or no longer does).
      this.dispatchEvent(
        new CustomEvent('mcp-app-overlay', {
          bubbles: true,
          composed: true,
          detail: { overlay: mode === 'fullscreen' || mode === 'pip' },
        }),
      );
      if (mode === 'fullscreen' && !this.matches(':focus-within'))
        (this.renderRoot.querySelector('[data-mode="inline"]') as HTMLElement | null)?.focus();
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (
      event.key === 'Escape' &&
      this.view &&
      this.view.displayMode !== 'inline' &&
      this.view.allowedModes.includes('inline')
    ) {
      event.stopPropagation();
      this.view.setDisplayMode('inline');
    }
  }

  private statusText(view: AppView): string {
    if (view.state === 'error') return `\u2717 ${this.t('app.phase.error')}`;
    if (view.state === 'ready')
      return view.callsAwaitingPerson
        ? `\u2713 ${this.t('app.phase.ready')} \u00b7 ${this.t('app.waitingCalls', { count: view.callsAwaitingPerson })}`
        : `\u2713 ${this.t('app.phase.ready')}`;
    return `\u23f3 ${this.viewText(view.phase)}\u2026`;
  }

  private toolText(view: AppView): string {
    switch (view.toolStatus) {
      case 'waiting':
        return this.t('app.tool.waiting', { tool: view.toolName });
      case 'preview':
        return this.t('app.tool.preview', { tool: view.toolName });
      case 'cancelled':
        return this.t('app.tool.notRun', { tool: view.toolName, note: this.viewText(view.toolNote) });
      case 'error':
        return view.toolError
          ? this.t('app.tool.errorText', { tool: view.toolName, text: view.toolError })
          : this.viewText(view.toolNote);
      default:
        return this.viewText(view.toolNote);
    }
  }

  private renderChrome(view: AppView) {
    const modes = view.allowedModes;
    return html`<section
      aria-label=${this.t('app.label', { title: view.title, server: view.serverName })}
      @keydown=${this.onKey}
    >
      <header>
        <span class="title">${view.title}</span>
        <span class="muted status">${this.t('app.kind', { server: view.serverName })}</span>
        <span class="status" role="status">${this.statusText(view)}</span>
        <span class="spacer"></span>
        ${
          modes.length > 1
            ? modes.map(
                (mode) =>
                  html`<button
                    type="button"
                    class="icon-button"
                    data-mode=${mode}
                    title=${this.t(MODE_KEYS[mode])}
                    aria-pressed=${view.displayMode === mode ? 'true' : 'false'}
                    @click=${() => view.setDisplayMode(mode)}
                    >${icon(mode)}<span class="visually-hidden">${this.t(MODE_KEYS[mode])}</span></button
                  >`,
              )
            : nothing
        }
        <button
          type="button"
          class="icon-button"
          data-action="close"
          title=${this.t('app.close')}
          @click=${() => void view.close()}
          >${icon('x')}<span class="visually-hidden">${this.t('app.close')}</span></button
        >
      </header>
      ${view.error ? html`<p class="problem error-text" role="alert">✗ ${view.error}</p>` : nothing}
      ${
        view.toolStatus === 'error'
          ? html`<p class="tool error-text" role="alert">${this.toolText(view)}</p>`
          : // The app's own error above says more than "delivered" would.
            view.error && view.toolStatus === 'result'
            ? nothing
            : html`<p class="tool muted">${this.toolText(view)}</p>`
      }
      ${
        view.cspRejections.length
          ? html`<p class="note muted">${this.t('app.cspBlocked', { count: view.cspRejections.length })}</p>`
          : nothing
      }
      ${
        view.origin?.refused
          ? html`<p class="note muted origin-note">
              ${this.t('app.domainRefused', {
                domain: view.origin.refused.domain,
                reason: this.t(`app.domain.${view.origin.refused.reason}`),
              })}
            </p>`
          : nothing
      }
      ${this.renderPermissionNote(view)}
    </section>`;
  }

  /** A device the app asked for and does not have (refused, or not answered yet): said so, with "Allow…". */
  private renderPermissionNote(view: AppView) {
    const p = view.permissions;
    const missing = p ? [...p.denied, ...p.unanswered] : [];
    if (!p || !missing.length || view.state === 'closed') return nothing;
    const what = missing.map((name) => this.t(`permissions.${name}`)).join(', ');
    return html`<p class="note permission-note" role="status">
      ${this.t(p.denied.length ? 'permissions.refused' : 'permissions.unanswered', { what })}
      <button
        type="button"
        data-action="allow-permissions"
        aria-label=${this.t('permissions.allowAgainLabel', { what, app: view.title })}
        @click=${() => void view.services.permissions().then((store) => store.askFor(view, missing))}
        >${this.t('permissions.allowAgain')}</button
      >
    </p>`;
  }

  private renderFooter(view: AppView) {
    const context = view.modelContext;
    return html`${view.appTools.length ? html`<mcp-app-tools .view=${view} .tools=${view.appTools}></mcp-app-tools>` : nothing}${
      context
        ? html`<details class="context"
            ><summary>${this.t('app.toldModel')}</summary>
            ${(context.content ?? []).map((c) => html`<pre>${c?.type === 'text' ? String(c.text ?? '') : `[${String(c?.type)}]`}</pre>`)}
            ${context.structuredContent !== undefined ? html`<pre>${JSON.stringify(context.structuredContent, null, 2)}</pre>` : nothing}</details
          >`
        : nothing
    }
    ${
      view.notes.length
        ? html`<details class="notes"
            ><summary>${this.t('app.messages', { count: view.notes.length })}</summary>
            <ul class="notes"
              >${view.notes.map((n) => html`<li><span class="muted">${this.l10n.formatDate(n.time, { timeStyle: 'medium' })} ${n.kind}:</span> ${n.text}</li>`)}</ul
            ></details
          >`
        : nothing
    }`;
  }

  override render() {
    // One template whatever the state, so the viewport (and the iframe in it) is never re-created.
    const view = this.view;
    return html`${view ? this.renderChrome(view) : nothing}<div class="viewport" part="viewport"></div
      >${view ? this.renderFooter(view) : nothing}`;
  }
}

if (!customElements.get('mcp-app-frame')) customElements.define('mcp-app-frame', McpAppFrame);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-app-frame': McpAppFrame;
  }
}
