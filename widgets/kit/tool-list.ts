import { LitElement, html, css, nothing } from 'lit';
import { virtualize } from '@lit-labs/virtualizer/virtualize.js';
import type { MCPTool } from '../../src/core/types.js';
import { defineElement } from './define.js';
import { baseStyles } from './styles.js';
import { listStyles } from './list.styles.js';
import { renderToolItem } from './tool-item.js';

/** Fired when the user picks a tool. */
export class ToolSelectEvent extends Event {
  constructor(readonly tool: MCPTool) {
    super('mcp-tool-select', { bubbles: true, composed: true });
  }
}

/** Lower-cased text searched for each tool: name, title, annotation title, description. */
export function toolSearchText(tool: MCPTool): string {
  const annotations = (tool.annotations ?? {}) as Record<string, unknown>;
  return [tool.name, tool.title, annotations.title, tool.description]
    .filter((v): v is string => typeof v === 'string')
    .join('\n')
    .toLowerCase();
}

/** Tools whose name, title or description contain every word of `query` (case-insensitive). */
export function filterTools(tools: MCPTool[], index: string[], query: string): MCPTool[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return tools;
  const out: MCPTool[] = [];
  for (let i = 0; i < tools.length; i += 1) {
    const text = index[i]!;
    if (words.every((w) => text.includes(w))) out.push(tools[i]!);
  }
  return out;
}

/**
 * A searchable, virtualised list of tools: only the rows in view exist in the DOM, so thousands of
 * tools stay responsive. Search covers names, titles and descriptions.
 *
 * @event mcp-tool-select - ToolSelectEvent when a tool is chosen.
 */
export class McpToolList extends LitElement {
  static override styles = [
    baseStyles,
    listStyles,
    css`
      :host { display: grid; gap: var(--mcp-spacing-sm, 0.25rem); min-width: 0; }
      .scroll { height: var(--mcp-tool-list-height, 24rem); overflow: auto; border: 1px solid var(--mcp-border, #8c959f); border-radius: var(--mcp-radius-md, 4px); }
      [role='listitem'] { width: 100%; border-bottom: 1px solid var(--mcp-border, #8c959f); }
      input[type='search'] { width: 100%; }
    `,
  ];

  static override properties = {
    tools: { attribute: false },
    selected: { attribute: false },
    query: { state: true },
  };

  declare tools: MCPTool[];
  declare selected: string | undefined;
  declare query: string;
  private index: string[] = [];
  private indexed: MCPTool[] | undefined;
  private shown: MCPTool[] = [];
  private readonly uid = `tl${Math.random().toString(36).slice(2, 8)}`;

  constructor() {
    super();
    this.tools = [];
    this.query = '';
  }

  override willUpdate(): void {
    const tools = Array.isArray(this.tools) ? this.tools.filter((t) => t && typeof t === 'object') : [];
    if (this.indexed !== this.tools) {
      this.indexed = this.tools;
      this.index = tools.map(toolSearchText);
    }
    this.shown = filterTools(tools, this.index, this.query);
  }

  /** Number of tools matching the current search. */
  get matchCount(): number {
    return this.shown.length;
  }

  private select(tool: MCPTool): void {
    this.selected = tool.name;
    this.dispatchEvent(new ToolSelectEvent(tool));
  }

  override render() {
    const total = Array.isArray(this.tools) ? this.tools.length : 0;
    const size = this.shown.length;
    return html`
      <label for="${this.uid}-q">Search tools</label>
      <input id="${this.uid}-q" type="search" .value=${this.query} autocomplete="off" aria-describedby="${this.uid}-count"
        @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)} />
      <span id="${this.uid}-count" class="muted" role="status">${this.query ? `${size} of ${total} tools match` : `${total} tools`}</span>
      ${size === 0
        ? html`<p class="muted">${total === 0 ? 'This server offers no tools.' : 'No tool matches; try fewer words.'}</p>`
        : html`<div class="scroll list" role="list" aria-label="Tools" tabindex="-1">
            ${virtualize({
              items: this.shown,
              keyFunction: (tool: MCPTool | undefined) => tool?.name,
              renderItem: (tool: MCPTool | undefined, i: number) =>
                !tool
                  ? html``
                  : html`<div role="listitem" aria-setsize=${size} aria-posinset=${i + 1}>${renderToolItem(tool, { selected: tool.name === this.selected, onSelect: (t) => this.select(t) })}</div>`,
            })}
          </div>`}
      ${nothing}
    `;
  }
}

defineElement('mcp-tool-list', McpToolList);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool-list': McpToolList;
  }
}
