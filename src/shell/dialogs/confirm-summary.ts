import { html, nothing, type TemplateResult } from 'lit';
import type { ConfirmationRequest } from '../../core/invocation/tool-invoker.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { policyReason } from '../services/host-text.js';

/** What a call may do, as a person sees it at a glance: the band at the top of the dialog. */
export type CallImpact = 'passkey' | 'destructive' | 'changes' | 'read' | 'unknown';

/** The band's icon per impact (decorative; the words say it), from characters common fonts have (no emoji). */
const ICON: Record<CallImpact, string> = {
  passkey: '⚷',
  destructive: '⚠',
  changes: '✎',
  read: 'ℹ',
  unknown: '?',
};

/** At most this many arguments are listed one by one; the rest are in the JSON view. */
const LISTED_ARGUMENTS = 6;
/** A value longer than this is cut in the list (whole in the JSON view). */
const VALUE_CHARS = 120;

/**
 * The impact of a call from its policy decision and the tool's declared hints (MCP annotations: readOnlyHint,
 * destructiveHint; when a tool is not read-only and says nothing of destruction, the spec's default is destructive).
 */
export function callImpact(request: ConfirmationRequest): CallImpact {
  if (request.policy?.decision.decision === 'passkey') return 'passkey';
  const a = (request.tool.annotations ?? {}) as Record<string, unknown>;
  if (a.readOnlyHint === true) return 'read';
  if (a.destructiveHint === true) return 'destructive';
  if (a.readOnlyHint === false) return a.destructiveHint === false ? 'changes' : 'destructive';
  if (a.destructiveHint === false) return 'changes';
  return 'unknown';
}

/** A tool's name for people: its title, else its annotations' title, else its name. */
export function toolLabel(request: ConfirmationRequest): string {
  const tool = request.tool as { title?: unknown; annotations?: { title?: unknown } };
  if (typeof tool.title === 'string' && tool.title.trim()) return tool.title;
  if (typeof tool.annotations?.title === 'string' && tool.annotations.title.trim()) return tool.annotations.title;
  return request.toolName;
}

/**
 * The dialog's question with the server and the tool in bold ("Let **everything** run **Echo**?"), in the order
 * the language puts them: the translation is split at its placeholders.
 */
export function renderQuestion(request: ConfirmationRequest, t: Translate): TemplateResult {
  const marks = { server: '\u0001server\u0001', tool: '\u0001tool\u0001' };
  const values: Record<string, string> = { server: request.serverName, tool: toolLabel(request) };
  const parts = t('confirm.question', marks).split('\u0001');
  return html`${parts.map((part, i) => (i % 2 === 1 && part in values ? html`<strong>${values[part]}</strong>` : part))}`;
}

/** The band under the question: what the call may do (by the tool's own claims), or why a passkey is needed. */
export function renderImpact(request: ConfirmationRequest, t: Translate, locale: string): TemplateResult {
  const impact = callImpact(request);
  const d = request.policy?.decision;
  const auth = request.policy?.classification.auth;
  const words =
    impact === 'passkey' && d
      ? [policyReason(t, locale, d.rule, d.reason), auth?.promptMessage].filter(Boolean).join(' ')
      : t(`confirm.impact.${impact}`, { server: request.serverName });
  return html`<p class="impact impact-${impact}" data-impact=${impact}
    ><span class="impact-icon" aria-hidden="true">${ICON[impact]}</span> <span>${words}</span></p
  >`;
}

/** One argument's value as a short line of text. */
function valueText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

/** The arguments as a readable list (name → value), the exact JSON one click away. */
export function renderArgumentSummary(args: unknown, t: Translate): TemplateResult {
  const entries =
    args && typeof args === 'object' && !Array.isArray(args) ? Object.entries(args as Record<string, unknown>) : [];
  const listed = entries.slice(0, LISTED_ARGUMENTS);
  return html`<section class="args" aria-labelledby="confirm-args-label">
    <h3 id="confirm-args-label">${t('confirm.arguments')}</h3>
    ${
      entries.length === 0
        ? html`<p class="muted">${t('confirm.noArguments')}</p>`
        : html`<dl class="arg-list">
            ${listed.map(([name, value]) => html`<dt>${name}</dt><dd>${valueText(value)}</dd>`)}
          </dl>`
    }
    ${
      entries.length > LISTED_ARGUMENTS
        ? html`<p class="muted">${t('confirm.moreArguments', { count: entries.length - LISTED_ARGUMENTS })}</p>`
        : nothing
    }
    <details class="json"
      ><summary>${t('confirm.showJson')}</summary>
      <pre tabindex="0" aria-label=${t('confirm.jsonLabel')}>${JSON.stringify(args, null, 2)}</pre>
    </details>
  </section>`;
}
