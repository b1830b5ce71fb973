import { html, type TemplateResult } from 'lit';
import type { MCPWidgetStatus } from '../../src/core/types.js';

const LOOK: Record<MCPWidgetStatus['state'], { icon: string; label: string }> = {
  active: { icon: '\u25cf', label: 'Active' },
  idle: { icon: '\u25cb', label: 'Idle' },
  error: { icon: '\u2717', label: 'Error' },
  loading: { icon: '\u25cc', label: 'Loading' },
  disabled: { icon: '\u2298', label: 'Disabled' },
};

/** Icon + text for a state, so colour is never the only signal (MCP-WP-5.2.2, 11.5.7). */
export function statusLabel(state: MCPWidgetStatus['state']): { icon: string; label: string } {
  return LOOK[state] ?? LOOK.error;
}

/** A status pill: icon, text, and a colour class. */
export function renderStatus(state: MCPWidgetStatus['state']): TemplateResult {
  const look = statusLabel(state);
  return html`<span class="status status-${state}"><span aria-hidden="true">${look.icon}</span> ${look.label}</span>`;
}
