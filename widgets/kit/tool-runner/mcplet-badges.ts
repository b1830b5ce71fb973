import { css, html, nothing, type TemplateResult } from 'lit';
import type { MCPTool } from '../../../src/core/shared/types.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';

/** What a tool says about itself (MCPlet §6) and what the host decided about it, for display. */
export interface McpletSummary {
  /** 'mcplet' when `_meta.mcpletType` is declared; 'plain' for a standard MCP tool. */
  kind: 'mcplet' | 'plain';
  /** The declared type as text (may be invalid; then `routable` is false). */
  type?: string;
  visibility: string[];
  pool?: string;
  auth?: { required: string; enforcement: string; promptMessage?: string };
  displayMode?: string;
  /** 'none' (not declared), 'declared' (no host info), 'pending', 'loaded', 'unavailable'. */
  resultSchema: 'none' | 'declared' | 'pending' | 'loaded' | 'unavailable';
  /** False when the host excludes the tool (MCPlet §5.3.1). Unknown (no host info) counts as routable. */
  routable: boolean;
  excludedReason?: string;
  warnings: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Reads the MCPlet metadata of a tool object: its `_meta` (what the server declared) and
 * `hostStatus` (what the host decided: routable or excluded and why, visibility, schema state).
 */
export function mcpletSummary(tool: MCPTool): McpletSummary {
  const meta = isObject(tool._meta) ? tool._meta : {};
  const ui = isObject(meta.ui) ? meta.ui : {};
  const status = isObject(tool.hostStatus) ? tool.hostStatus : undefined;
  const rawVisibility = Array.isArray(meta.visibility)
    ? meta.visibility
    : Array.isArray(ui.visibility)
      ? ui.visibility
      : ['model', 'app'];
  const auth = isObject(meta.auth)
    ? {
        required: typeof meta.auth.required === 'string' ? meta.auth.required : '?',
        enforcement: meta.auth.enforcement === 'host-only' ? 'host-only' : 'strict',
        ...(typeof meta.auth.promptMessage === 'string' ? { promptMessage: meta.auth.promptMessage } : {}),
      }
    : undefined;
  const declaredSchema = typeof meta.mcpletToolResultSchemaUri === 'string' && meta.mcpletToolResultSchemaUri !== '';
  return {
    kind: meta.mcpletType === undefined ? 'plain' : 'mcplet',
    ...(meta.mcpletType !== undefined ? { type: String(meta.mcpletType) } : {}),
    visibility: status && Array.isArray(status.visibility) ? status.visibility.map(String) : rawVisibility.map(String),
    ...(typeof meta.pool === 'string' && meta.pool ? { pool: meta.pool } : {}),
    ...(auth ? { auth } : {}),
    ...(typeof ui.displayMode === 'string' ? { displayMode: ui.displayMode } : {}),
    resultSchema: !declaredSchema
      ? 'none'
      : status
        ? status.resultSchema === 'none'
          ? 'declared'
          : status.resultSchema
        : 'declared',
    routable: status ? status.routable !== false : true,
    ...(status?.excludedReason ? { excludedReason: status.excludedReason } : {}),
    warnings: status && Array.isArray(status.warnings) ? status.warnings.map(String) : [],
  };
}

const TYPE_ICONS: Record<string, string> = { read: '\u{1F441}', prepare: '\u{1F4DD}', action: '\u26A1' };

/**
 * The MCPlet badges for one tool: type, visibility, pool, auth requirement, display mode, result
 * schema — and, when the host excludes the tool, why. Icons are decorative; every badge has text.
 * Use in any tool view: `${renderMcpletBadges(tool, t)}` (add `mcpletBadgeStyles` to the element's
 * styles); `t` words the badges in the user's language (the kit's English without it).
 */
export function renderMcpletBadges(tool: MCPTool, t: Translate = englishTranslate): TemplateResult {
  const s = mcpletSummary(tool);
  const icon = s.type !== undefined ? TYPE_ICONS[s.type] : undefined;
  return html`<span class="mcplet-badges" data-mcplet=${s.kind}>
    ${
      s.kind === 'plain'
        ? html`<span class="mcplet-badge kind-plain" title=${t('mcplet.plain.title')}>${t('mcplet.plain')}</span>`
        : icon
          ? html`<span class="mcplet-badge kind-${s.type}" title=${t(`mcplet.type.${s.type}.title`)}
              ><span aria-hidden="true">${icon} </span>${t(`mcplet.type.${s.type}`)}</span
            >`
          : html`<span class="mcplet-badge kind-invalid" title=${t('mcplet.type.invalid.title')}
              >${t('mcplet.type.invalid', { type: s.type })}</span
            >`
    }
    <span class="mcplet-badge" title=${t('mcplet.visible.title')}
      >${t('mcplet.visible', { surfaces: s.visibility.length ? s.visibility.join(' + ') : t('mcplet.visible.nobody') })}</span
    >
    ${s.pool ? html`<span class="mcplet-badge" title=${t('mcplet.pool.title')}>${t('mcplet.pool', { pool: s.pool })}</span>` : nothing}
    ${
      s.auth
        ? html`<span
            class="mcplet-badge auth"
            title=${s.auth.enforcement === 'strict' ? t('mcplet.auth.strict.title') : t('mcplet.auth.hostOnly.title')}
            ><span aria-hidden="true">🔐 </span
            >${t('mcplet.auth', { required: s.auth.required, enforcement: s.auth.enforcement })}</span
          >`
        : nothing
    }
    ${s.displayMode ? html`<span class="mcplet-badge" title=${t('mcplet.display.title')}>${t('mcplet.display', { mode: s.displayMode })}</span>` : nothing}
    ${s.resultSchema !== 'none' ? html`<span class="mcplet-badge" title="mcpletToolResultSchemaUri">${t(`mcplet.schema.${s.resultSchema}`)}</span>` : nothing}
    ${
      !s.routable
        ? html`<span class="mcplet-badge excluded"
            ><span aria-hidden="true">⛔ </span
            >${t('mcplet.excluded', { reason: s.excludedReason ?? t('mcplet.excluded.byPolicy') })}</span
          >`
        : nothing
    }
  </span>`;
}

/** Styles for `renderMcpletBadges` (uses --mcp-* tokens only). */
export const mcpletBadgeStyles = css`
  .mcplet-badges {
    display: inline-flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-sm, 0.25rem);
  }
  .mcplet-badge {
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-sm, 2px);
    padding: 0 4px;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    background: var(--mcp-background, #fff);
    color: var(--mcp-text-primary, #1b1f24);
  }
  .mcplet-badge.kind-action,
  .mcplet-badge.auth {
    border-width: 2px;
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  .mcplet-badge.excluded,
  .mcplet-badge.kind-invalid {
    border: 2px solid var(--mcp-error-dark, #a4161a);
    color: var(--mcp-error-dark, #a4161a);
  }
`;
