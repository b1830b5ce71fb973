import { html, nothing, type TemplateResult } from 'lit';
import type { MCPServerInfo } from '../../core/shared/types.js';
import { englishTranslate, formatMessage, type Translate } from '../../../widgets/kit/i18n/translate.js';
import { SHELL_CATALOGS } from '../i18n/messages.js';

const english: Translate = (key, variables) => {
  const message = SHELL_CATALOGS.en?.[key];
  return message === undefined ? englishTranslate(key, variables) : formatMessage(message, variables, 'en');
};

/**
 * The card's notice about list items the host left out because of their shape (MCP-WP-9.1.3): the
 * widget shows the well-formed rest, and the user learns what is missing and why. Server text in
 * the reasons is rendered as text.
 */
export function renderListProblems(
  serverName: string,
  problems: MCPServerInfo['listProblems'],
  t: Translate = english,
): TemplateResult | typeof nothing {
  const entries = Object.entries(problems ?? {}).filter(([, text]) => typeof text === 'string' && text);
  if (!entries.length) return nothing;
  return html`<div class="list-problems" role="status">
    <p><strong>⚠ ${t('listProblems.warning')}</strong> ${t('listProblems.intro', { server: serverName })}</p>
    <ul
      >${entries.map(([kind, text]) => html`<li><strong>${t(`listProblems.kind.${kind}`)}:</strong> ${text}</li>`)}</ul
    >
    <p class="muted">${t('listProblems.help')}</p>
  </div>`;
}
