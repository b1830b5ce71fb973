import { LitElement, html, css, nothing } from 'lit';
import type { EventBus } from '../core/event-bus.js';
import type { A11yHelperInterface, Unsubscribe } from '../core/types.js';
import { shellStyles } from './shell.styles.js';

interface Notice {
  id: number;
  level: 'violation' | 'info' | 'success' | 'warning' | 'error';
  title: string;
  body?: string;
}

const MAX = 5;
let next = 0;

/**
 * <mcp-host-notices>: shows what the host blocked (permission violations, MCP-WP-11.4.3) and the
 * notifications widgets send through their gated `Notifications` dependency. Widget text is shown
 * as text. Each notice stays until dismissed; the newest five are kept.
 */
export class McpHostNotices extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host { display: block; }
      ul { list-style: none; margin: 0; padding: 0 var(--mcp-spacing-lg, 1rem); display: grid; gap: var(--mcp-spacing-sm, 0.25rem); }
      li { display: flex; gap: var(--mcp-spacing-md, 0.5rem); align-items: start; border: 1px solid var(--mcp-border, #8c959f);
        border-left-width: 4px; border-radius: var(--mcp-radius-md, 4px); padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
        background: var(--mcp-surface, #f4f6f8); }
      li.violation, li.error { border-left-color: var(--mcp-error-dark, #a4161a); }
      li.warning { border-left-color: var(--mcp-warning-dark, #8a4b00); }
      li.success { border-left-color: var(--mcp-success-dark, #0d6b3c); }
      .text { flex: 1; word-break: break-word; }
    `,
  ];

  static override properties = { notices: { state: true } };

  declare notices: Notice[];
  a11y: A11yHelperInterface | undefined;
  private unsubscribes: Unsubscribe[] = [];

  constructor() {
    super();
    this.notices = [];
  }

  /** Starts listening to the host bus. */
  listen(bus: EventBus): void {
    this.stop();
    this.unsubscribes.push(
      bus.on('mcp:host:violation', (d: { message?: unknown; widgetId?: unknown }) => {
        this.add({ level: 'violation', title: 'Blocked', body: typeof d?.message === 'string' ? d.message : 'A widget tried something it is not allowed to do.' });
      }),
      bus.on('mcp:host:notification', (d: { title?: unknown; body?: unknown; level?: unknown; widgetId?: unknown }) => {
        const level = ['info', 'success', 'warning', 'error'].includes(d?.level as string) ? (d.level as Notice['level']) : 'info';
        this.add({ level, title: `${typeof d?.widgetId === 'string' ? `${d.widgetId}: ` : ''}${String(d?.title ?? '')}`, body: typeof d?.body === 'string' ? d.body : undefined });
      }),
    );
  }

  /** Stops listening. */
  stop(): void {
    for (const u of this.unsubscribes) u();
    this.unsubscribes = [];
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop();
  }

  private add(notice: Omit<Notice, 'id'>): void {
    this.notices = [{ ...notice, id: ++next }, ...this.notices].slice(0, MAX);
    this.a11y?.announce(`${notice.title}${notice.body ? `: ${notice.body}` : ''}`, notice.level === 'violation' || notice.level === 'error' ? 'assertive' : 'polite');
  }

  override render() {
    if (!this.notices.length) return nothing;
    return html`<ul aria-label="Notices">
      ${this.notices.map(
        (n) => html`<li class=${n.level}>
          <span class="text"><strong>${n.level === 'violation' ? html`<span aria-hidden="true">\u26D4 </span>` : nothing}${n.title}</strong>${n.body ? html` \u2014 ${n.body}` : nothing}</span>
          <button type="button" aria-label=${`Dismiss: ${n.title}`} @click=${() => (this.notices = this.notices.filter((x) => x.id !== n.id))}>Dismiss</button>
        </li>`,
      )}
    </ul>`;
  }
}

if (!customElements.get('mcp-host-notices')) customElements.define('mcp-host-notices', McpHostNotices);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-host-notices': McpHostNotices;
  }
}
