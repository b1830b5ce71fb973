import { css, html, nothing, type TemplateResult } from 'lit';
import type { McpletResultCheck } from '../../src/core/types.js';

/**
 * What the host found in a tool result (MCPlet §9): the envelope's error code with what it means and
 * what to do, and whether the result matches its declared schema. Server text is rendered as text.
 */
export function renderMcpletCheck(check: McpletResultCheck | undefined): TemplateResult | typeof nothing {
  if (!check || (!check.envelope && !check.schema)) return nothing;
  const e = check.envelope;
  const s = check.schema;
  return html`<div class="mcplet-check">
    ${e?.kind === 'error'
      ? html`<div class="mcplet-error" role="alert">
          <strong><span aria-hidden="true">\u2717 </span>${e.code ?? 'UNKNOWN_ERROR'}${e.message ? html`: ${e.message}` : nothing}</strong>
          ${e.meaning ? html`<div>${e.meaning}</div>` : nothing}
          ${e.guidance ? html`<div class="muted">${e.guidance}</div>` : nothing}
        </div>`
      : nothing}
    ${e?.kind === 'result' && typeof e.meta?.mcpletType === 'string'
      ? html`<div class="muted">MCPlet result (${e.meta.mcpletType}${typeof e.meta.toolId === 'string' ? `, ${e.meta.toolId}` : ''})</div>`
      : nothing}
    ${s?.state === 'valid' ? html`<div class="mcplet-schema ok"><span aria-hidden="true">\u2713 </span>Matches its result schema (${s.uri})</div>` : nothing}
    ${s?.state === 'invalid'
      ? html`<div class="mcplet-schema bad" role="alert"><strong><span aria-hidden="true">\u26A0 </span>The result does not match its declared schema (${s.uri})</strong>
          <ul>${(s.problems ?? []).map((p) => html`<li><code>${p.path || '(result)'}</code> ${p.message}</li>`)}</ul></div>`
      : nothing}
    ${s?.state === 'unavailable' ? html`<div class="mcplet-schema muted">Result schema ${s.uri} unavailable: ${s.reason ?? 'unknown reason'}; not checked.</div>` : nothing}
  </div>`;
}

/** Styles for `renderMcpletCheck`. */
export const mcpletCheckStyles = css`
  .mcplet-check { margin: var(--mcp-spacing-sm, 0.25rem) 0; display: grid; gap: 2px; }
  .mcplet-error, .mcplet-schema.bad { border-left: 4px solid var(--mcp-error-dark, #a4161a); padding-left: var(--mcp-spacing-md, 0.5rem); color: var(--mcp-error-dark, #a4161a); }
  .mcplet-schema.ok { color: var(--mcp-success-dark, #0d6b3c); }
  .mcplet-check ul { margin: 0; padding-left: 1.25rem; }
`;
