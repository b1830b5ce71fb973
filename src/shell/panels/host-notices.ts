import { LitElement, html, css, nothing } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { EventBus } from '../../core/services/event-bus.js';
import type { Unsubscribe } from '../../core/shared/types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, busContext, consume } from '../services/contexts.js';
import { shellStyles } from '../shell.styles.js';

interface Notice {
  id: number;
  level: 'violation' | 'info' | 'success' | 'warning' | 'error';
  title: string;
  body?: string;
  /** A host message worded when shown, so it follows a language switch (widget text stays as sent). */
  hostText?: { key: string; variables?: Record<string, unknown>; english?: string };
}

const MAX = 5;
let next = 0;

/**
 * <mcp-host-notices>: shows what the host blocked (permission violations, MCP-WP-11.4.3) and the
 * notifications widgets send through their gated `Notifications` dependency. Widget text is shown
 * as text. Each notice stays until dismissed; the newest five are kept. It listens to the host bus
 * it is given through its context.
 */
export class McpHostNotices extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0 var(--mcp-spacing-lg, 1rem);
        display: grid;
        gap: var(--mcp-spacing-sm, 0.25rem);
      }
      li {
        display: flex;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: start;
        border: 1px solid var(--mcp-border, #8c959f);
        border-left-width: 4px;
        border-radius: var(--mcp-radius-md, 4px);
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
        background: var(--mcp-surface, #f4f6f8);
      }
      li.violation,
      li.error {
        border-left-color: var(--mcp-error-dark, #a4161a);
      }
      li.warning {
        border-left-color: var(--mcp-warning-dark, #8a4b00);
      }
      li.success {
        border-left-color: var(--mcp-success-dark, #0d6b3c);
      }
      .text {
        flex: 1;
        word-break: break-word;
      }
    `,
  ];

  static override properties = { notices: { state: true } };

  declare notices: Notice[];
  private readonly l10n = new ShellLocalize(this);
  private readonly a11y = consume(this, a11yContext);
  private unsubscribes: Unsubscribe[] = [];

  constructor() {
    super();
    this.notices = [];
    // Listens from the moment the dashboard provides its bus (and again after being away from the page).
    new ContextConsumer(this, { context: busContext, subscribe: true, callback: (bus) => this.listen(bus) });
  }

  private listen(bus: EventBus | undefined): void {
    this.stop();
    if (!bus) return;
    this.unsubscribes.push(
      bus.on('mcp:host:violation', (d: { message?: unknown; widgetId?: unknown; operation?: unknown }) => {
        const english = typeof d?.message === 'string' ? d.message : undefined;
        // A permission refusal names the widget and operation: other languages word it from those.
        const hostText =
          typeof d?.widgetId === 'string' && typeof d?.operation === 'string'
            ? { key: 'notices.denied', variables: { widget: d.widgetId, operation: d.operation }, english }
            : english
              ? undefined
              : { key: 'notices.violationDefault' };
        this.add({ level: 'violation', title: '', body: english, hostText });
      }),
      bus.on('mcp:host:notification', (d: { title?: unknown; body?: unknown; level?: unknown; widgetId?: unknown }) => {
        const level = ['info', 'success', 'warning', 'error'].includes(d?.level as string)
          ? (d.level as Notice['level'])
          : 'info';
        this.add({
          level,
          title: `${typeof d?.widgetId === 'string' ? `${d.widgetId}: ` : ''}${String(d?.title ?? '')}`,
          body: typeof d?.body === 'string' ? d.body : undefined,
        });
      }),
    );
  }

  private stop(): void {
    for (const u of this.unsubscribes) u();
    this.unsubscribes = [];
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop();
  }

  private noticeTitle(notice: Notice): string {
    return notice.level === 'violation' ? this.l10n.t('notices.blocked') : notice.title;
  }

  private noticeBody(notice: Notice): string | undefined {
    const h = notice.hostText;
    if (!h) return notice.body;
    if (h.english !== undefined && this.l10n.locale.toLowerCase().startsWith('en')) return h.english;
    return this.l10n.t(h.key, h.variables);
  }

  private add(notice: Omit<Notice, 'id'>): void {
    const added = { ...notice, id: ++next };
    this.notices = [added, ...this.notices].slice(0, MAX);
    const body = this.noticeBody(added);
    this.a11y.value?.announce(
      `${this.noticeTitle(added)}${body ? `: ${body}` : ''}`,
      notice.level === 'violation' || notice.level === 'error' ? 'assertive' : 'polite',
    );
  }

  override render() {
    if (!this.notices.length) return nothing;
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    return html`<ul aria-label=${t('notices.label')}>
      ${this.notices.map((n) => {
        const title = this.noticeTitle(n);
        const body = this.noticeBody(n);
        return html`<li class=${n.level}>
          <span class="text"
            ><strong>${n.level === 'violation' ? html`<span aria-hidden="true">⛔ </span>` : nothing}${title}</strong
            >${body ? html` — ${body}` : nothing}</span
          >
          <button
            type="button"
            aria-label=${t('notices.dismissLabel', { title })}
            @click=${() => (this.notices = this.notices.filter((x) => x.id !== n.id))}
            >${t('notices.dismiss')}</button
          >
        </li>`;
      })}
    </ul>`;
  }
}

if (!customElements.get('mcp-host-notices')) customElements.define('mcp-host-notices', McpHostNotices);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-host-notices': McpHostNotices;
  }
}
