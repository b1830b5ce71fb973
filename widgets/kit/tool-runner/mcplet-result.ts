import { css, html, nothing, type TemplateResult } from 'lit';
import type { McpletResultCheck } from '../../../src/core/shared/types.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';

/** A kit message for `key`, or `fallback` when the kit has none (e.g. a server's own error code). */
function known(t: Translate, key: string, fallback: string | undefined): string | undefined {
  const text = t(key);
  return text === key ? fallback : text;
}

/**
 * What the host found in a tool result (MCPlet §9): the envelope's error code with what it means and
 * what to do, and whether the result matches its declared schema. Server text is rendered as text;
 * the host's explanations follow the user's language through `t` (the kit's English without it).
 */
export function renderMcpletCheck(
  check: McpletResultCheck | undefined,
  t: Translate = englishTranslate,
): TemplateResult | typeof nothing {
  if (!check || (!check.envelope && !check.schema)) return nothing;
  const e = check.envelope;
  const s = check.schema;
  const code = e?.code ?? 'UNKNOWN_ERROR';
  const domain = code.startsWith('X_') && e?.meaning ? t('mcplet.code.domain.meaning') : undefined;
  const meaning = domain ?? known(t, `mcplet.code.${code}.meaning`, e?.meaning);
  const guidance = known(t, `mcplet.code.${code}.guidance`, e?.guidance);
  return html`<div class="mcplet-check">
    ${
      e?.kind === 'error'
        ? html`<div class="mcplet-error" role="alert">
            <strong><span aria-hidden="true">✗ </span>${code}${e.message ? html`: ${e.message}` : nothing}</strong>
            ${meaning ? html`<div>${meaning}</div>` : nothing}
            ${guidance ? html`<div class="muted">${guidance}</div>` : nothing}
          </div>`
        : nothing
    }
    ${
      e?.kind === 'result' && typeof e.meta?.mcpletType === 'string'
        ? html`<div class="muted"
            >${t('mcplet.result', { type: e.meta.mcpletType, tool: typeof e.meta.toolId === 'string' ? `, ${e.meta.toolId}` : '' })}</div
          >`
        : nothing
    }
    ${s?.state === 'valid' ? html`<div class="mcplet-schema ok"><span aria-hidden="true">✓ </span>${t('mcplet.schemaValid', { uri: s.uri })}</div>` : nothing}
    ${
      s?.state === 'invalid'
        ? html`<div class="mcplet-schema bad" role="alert"
            ><strong><span aria-hidden="true">⚠ </span>${t('mcplet.schemaInvalid', { uri: s.uri })}</strong>
            <ul
              >${(s.problems ?? []).map((p) => html`<li><code>${p.path || t('mcplet.schemaRoot')}</code> ${p.message}</li>`)}</ul
            ></div
          >`
        : nothing
    }
    ${
      s?.state === 'unavailable'
        ? html`<div class="mcplet-schema muted"
            >${t('mcplet.schemaUnavailable', { uri: s.uri, reason: s.reason ?? t('mcplet.schemaUnknownReason') })}</div
          >`
        : nothing
    }
  </div>`;
}

/** Styles for `renderMcpletCheck`. */
export const mcpletCheckStyles = css`
  .mcplet-check {
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
    display: grid;
    gap: var(--mcp-spacing-xs, 0.125rem);
  }
  .mcplet-error,
  .mcplet-schema.bad {
    border-left: 4px solid var(--mcp-error-dark, #a4161a);
    padding-left: var(--mcp-spacing-md, 0.5rem);
    color: var(--mcp-error-dark, #a4161a);
  }
  .mcplet-schema.ok {
    color: var(--mcp-success-dark, #0d6b3c);
  }
  .mcplet-check ul {
    margin: 0;
    padding-left: 1.25rem;
  }
`;
