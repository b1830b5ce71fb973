import { html, nothing, type TemplateResult } from 'lit';
import type { MCPServerInfo } from '../core/types.js';

const LABEL: Record<keyof NonNullable<MCPServerInfo['listProblems']>, string> = {
  tools: 'Tools',
  resources: 'Resources',
  resourceTemplates: 'Resource templates',
  prompts: 'Prompts',
};

/**
 * The card's notice about list items the host left out because of their shape (MCP-WP-9.1.3): the
 * widget shows the well-formed rest, and the user learns what is missing and why. Server text in
 * the reasons is rendered as text.
 */
export function renderListProblems(serverName: string, problems: MCPServerInfo['listProblems']): TemplateResult | typeof nothing {
  const entries = Object.entries(problems ?? {}).filter(([, text]) => typeof text === 'string' && text);
  if (!entries.length) return nothing;
  return html`<div class="list-problems" role="status">
    <p><strong>\u26a0 Warning:</strong> ${serverName} sent list entries the dashboard cannot use. The rest of the server works.</p>
    <ul>${entries.map(([kind, text]) => html`<li><strong>${LABEL[kind as keyof typeof LABEL] ?? kind}:</strong> ${text}</li>`)}</ul>
    <p class="muted">Tell whoever maintains this server; choose Refresh once it is fixed.</p>
  </div>`;
}
