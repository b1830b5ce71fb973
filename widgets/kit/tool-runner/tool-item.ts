import { html, nothing, type TemplateResult } from 'lit';
import type { MCPTool } from '../../../src/core/shared/types.js';
import { displayName, summarizeSchema } from './tool-text.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';
import { renderMcpletBadges } from './mcplet-badges.js';

/** Hint badges from a tool's annotations and schemas (MCP-WP-7.1.2a); `t` words them in a locale. */
export function toolBadges(tool: MCPTool, t: Translate = englishTranslate): string[] {
  const a = (tool.annotations && typeof tool.annotations === 'object' ? tool.annotations : {}) as Record<
    string,
    unknown
  >;
  const badges: string[] = [];
  if (a.readOnlyHint === true) badges.push(t('badge.readOnly'));
  if (a.destructiveHint === true) badges.push(t('badge.destructive'));
  if (a.idempotentHint === true) badges.push(t('badge.idempotent'));
  if (a.openWorldHint === true) badges.push(t('badge.openWorld'));
  if (tool.outputSchema && typeof tool.outputSchema === 'object') badges.push(t('badge.outputSchema'));
  const ui = (tool._meta as { ui?: { resourceUri?: unknown } } | undefined)?.ui;
  const legacy = (tool._meta as Record<string, unknown> | undefined)?.['ui/resourceUri'];
  const view = ui && typeof ui === 'object' ? ui.resourceUri : legacy;
  if (typeof view === 'string' && view.startsWith('ui://')) badges.push(t('badge.app'));
  return badges;
}

/**
 * The one rendering of a tool in a list (MCP-WP-7.1.1: title or name, description, what it
 * requires; 7.1.2a: hints; MCPlet metadata and the host's verdict). Every tool view in the built-in
 * widgets uses it, so a new badge is one change here. Its container needs `mcpletBadgeStyles`.
 */
export function renderToolItem(
  tool: MCPTool,
  options: { selected: boolean; onSelect: (tool: MCPTool) => void; position?: number; size?: number; t?: Translate },
): TemplateResult {
  const t = options.t ?? englishTranslate;
  const badges = toolBadges(tool, t);
  const name = displayName(tool);
  return html`<button
    type="button"
    class="tool-item"
    aria-current=${options.selected ? 'true' : 'false'}
    @click=${() => options.onSelect(tool)}
  >
    <span class="name">${name}</span
    >${name !== tool.name ? html` <code class="tool-id">${String(tool.name)}</code>` : nothing}
    ${typeof tool.description === 'string' ? html`<span class="sub desc">${tool.description}</span>` : nothing}
    <span class="sub">${summarizeSchema(tool.inputSchema, t)}</span>
    ${badges.length ? html`<span class="sub">${badges.map((b) => html`<span class="badge">${b}</span>`)}</span>` : nothing}
    <span class="sub">${renderMcpletBadges(tool, t)}</span>
  </button>`;
}
