import { html, nothing, type TemplateResult } from 'lit';
import type { Evaluation } from '../core/policy/policy-gate.js';

const TYPE_TEXT: Record<string, string> = {
  read: 'read \u2014 only reads, no side effects',
  prepare: 'prepare \u2014 gathers or checks data, nothing irreversible',
  action: 'action \u2014 changes something',
};

/**
 * The policy part of the confirmation dialog: the MCPlet type as a badge, pool, authentication,
 * visibility, warnings, and the reason the user is asked (with the matrix row of docs/policy.md).
 */
export function renderPolicyDetails(evaluation: Evaluation | undefined): TemplateResult | typeof nothing {
  if (!evaluation) return nothing;
  const { classification: c, decision: d } = evaluation;
  const kind = c.kind === 'plain' ? 'standard MCP tool (no mcpletType)' : (TYPE_TEXT[c.mcpletType ?? ''] ?? String(c.mcpletType));
  return html`<dl class="policy">
      <dt>Kind</dt><dd><span class="type-badge type-${c.mcpletType ?? 'plain'}">${c.mcpletType ?? 'MCP tool'}</span> ${kind}</dd>
      ${c.pool ? html`<dt>Pool</dt><dd>${c.pool}${c.poolKnown === false ? ' (not defined in dashboard.pools)' : ''}</dd>` : nothing}
      <dt>Authentication</dt><dd>${c.auth
        ? c.auth.enforcement === 'strict'
          ? 'Passkey \u2014 the server verifies it before it acts (strict)'
          : 'Your explicit confirmation (passkey, host-only enforcement)'
        : 'none declared'}</dd>
      <dt>Visible to</dt><dd>${c.visibility.join(', ') || 'nobody'}</dd>
    </dl>
    ${c.warnings.length ? html`<ul class="warnings" aria-label="Warnings about this tool">${c.warnings.map((w) => html`<li><span aria-hidden="true">\u26A0 </span>${w}</li>`)}</ul>` : nothing}
    <p class="why"><strong>Why you are asked:</strong> ${d.reason} <span class="muted">(policy ${d.rule})</span></p>
    ${d.decision === 'passkey'
      ? html`<p class="passkey-note"><span aria-hidden="true">\u{1F510} </span>Next, your browser asks for your passkey${c.auth?.promptMessage ? html`: \u201c${c.auth.promptMessage}\u201d` : '.'}</p>`
      : nothing}`;
}
