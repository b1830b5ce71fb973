import { LitElement, html, css, nothing } from 'lit';
import type { I18nInterface, JSONSchema, MCPTool } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';

/** Fired when the person puts an offered value into a field of the tool's form. */
export class UseValueEvent extends Event {
  constructor(
    readonly field: string,
    readonly value: string,
  ) {
    super('mcp-use-value', { bubbles: true, composed: true });
  }
}

/** The top-level text fields of a tool's input schema, where a URI can go. */
export function textFields(schema: JSONSchema | undefined): string[] {
  const properties =
    schema && typeof schema.properties === 'object' && schema.properties
      ? (schema.properties as Record<string, { type?: unknown }>)
      : {};
  return Object.entries(properties)
    .filter(
      ([, p]) =>
        p && typeof p === 'object' && (p.type === 'string' || (Array.isArray(p.type) && p.type.includes('string'))),
    )
    .map(([name]) => name);
}

/**
 * <mcp-offered-value>: a value another widget sent (MCP-WP §6.5 — e.g. a resource URI picked in the
 * resource explorer), shown as text, with one button per text field of the chosen tool to put it there.
 * The value is untrusted: it is only ever shown as text and put into a form field the person picks.
 *
 * @event mcp-use-value - UseValueEvent: put `value` into `field`.
 */
export class McpOfferedValue extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      .offer {
        border: 1px dashed var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-md, 4px);
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
        margin-bottom: var(--mcp-spacing-md, 0.5rem);
        word-break: break-all;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-sm, 0.25rem);
        margin-top: var(--mcp-spacing-xs, 0.125rem);
      }
    `,
  ];

  static override properties = {
    value: { attribute: false },
    source: { attribute: false },
    tool: { attribute: false },
    i18n: { attribute: false },
  };

  declare value: string | undefined;
  declare source: string;
  declare tool: MCPTool | undefined;
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: CLIENT_KIT_CATALOGS, i18n: () => this.i18n });

  constructor() {
    super();
    this.source = '';
  }

  override render() {
    if (this.value === undefined) return nothing;
    const t = (key: string, v?: Record<string, unknown>) => this.l10n.t(key, v);
    const fields = textFields(this.tool?.inputSchema);
    return html`<div class="offer" role="group" aria-label=${t('messaging.fromExplorer', { source: this.source })}>
      <span class="muted">${t('messaging.fromExplorer', { source: this.source })}</span>
      <code data-offered>${this.value}</code>
      <div class="actions">
        ${this.tool && fields.length === 0 ? html`<span class="muted">${t('messaging.noStringField')}</span>` : nothing}
        ${fields.map((field) => html`<button type="button" data-use-field=${field} @click=${() => this.dispatchEvent(new UseValueEvent(field, this.value!))}>${t('messaging.useIn', { field })}</button>`)}
        <button type="button" data-action="dismiss-offer" @click=${() => (this.value = undefined)}
          >${t('messaging.dismiss')}</button
        >
      </div>
    </div>`;
  }
}

defineElement('mcp-offered-value', McpOfferedValue);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-offered-value': McpOfferedValue;
  }
}
