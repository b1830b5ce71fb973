import { html, type TemplateResult } from 'lit';
import type { MCPWidgetStatus } from '../../../src/core/shared/types.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';

export type { Translate };

const ICONS: Record<MCPWidgetStatus['state'], string> = {
  active: '\u25cf',
  idle: '\u25cb',
  error: '\u2717',
  loading: '\u25cc',
  disabled: '\u2298',
};

/** Icon + text for a state, so colour is never the only signal (MCP-WP-5.2.2, 11.5.7). */
export function statusLabel(
  state: MCPWidgetStatus['state'],
  t: Translate = englishTranslate,
): { icon: string; label: string } {
  const known = state in ICONS ? state : 'error';
  return { icon: ICONS[known], label: t(`status.${known}`) };
}

/** A status pill: icon, text, and a colour class. */
export function renderStatus(state: MCPWidgetStatus['state'], t?: Translate): TemplateResult {
  const look = statusLabel(state, t);
  return html`<span class="status status-${state}"><span aria-hidden="true">${look.icon}</span> ${look.label}</span>`;
}
