import { html, nothing, type TemplateResult } from 'lit';
import type { Evaluation } from '../../core/policy/policy-gate.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { policyReason, translatedOr } from '../services/host-text.js';

/**
 * The policy part of the confirmation dialog: the MCPlet type as a badge, pool, authentication,
 * visibility, warnings, and the reason the user is asked (with the matrix row of docs/policy.md).
 * `t` and `locale` word it in the user's language.
 */
export function renderPolicyDetails(
  evaluation: Evaluation | undefined,
  t: Translate,
  locale: string,
): TemplateResult | typeof nothing {
  if (!evaluation) return nothing;
  const { classification: c, decision: d } = evaluation;
  const kind =
    c.kind === 'plain'
      ? t('policy.kind.plain')
      : translatedOr(t, `policy.kind.${c.mcpletType ?? ''}`, String(c.mcpletType));
  return html`<dl class="policy">
      <dt>${t('policy.kind')}</dt
      ><dd
        ><span class="type-badge type-${c.mcpletType ?? 'plain'}">${c.mcpletType ?? t('policy.kind.plainBadge')}</span>
        ${kind}</dd
      >
      ${c.pool ? html`<dt>${t('policy.pool')}</dt><dd>${c.poolKnown === false ? t('policy.poolUnknown', { pool: c.pool }) : c.pool}</dd>` : nothing}
      <dt>${t('policy.auth')}</dt
      ><dd
        >${
          c.auth
            ? c.auth.enforcement === 'strict'
              ? t('policy.auth.strict')
              : t('policy.auth.hostOnly')
            : t('policy.auth.none')
        }</dd
      >
      <dt>${t('policy.visibleTo')}</dt><dd>${c.visibility.join(', ') || t('policy.visibleTo.nobody')}</dd>
    </dl>
    ${
      c.warnings.length
        ? html`<ul class="warnings" aria-label=${t('policy.warnings')}
            >${c.warnings.map((w) => html`<li><span aria-hidden="true">⚠ </span>${w}</li>`)}</ul
          >`
        : nothing
    }
    <p class="why"
      ><strong>${t('policy.why')}</strong> ${policyReason(t, locale, d.rule, d.reason)}
      <span class="muted">${t('policy.rule', { rule: d.rule })}</span></p
    >
    ${
      d.decision === 'passkey'
        ? html`<p class="passkey-note"
            ><span aria-hidden="true">🔐 </span
            >${c.auth?.promptMessage ? t('policy.passkeyNextMessage', { message: c.auth.promptMessage }) : t('policy.passkeyNext')}</p
          >`
        : nothing
    }`;
}
