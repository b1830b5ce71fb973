import { html, nothing, type TemplateResult } from 'lit';
import { displayName, type JSONSchema, type MCPPrompt, type SchemaFormSubmitEvent } from '../kit/index.js';

/** State the prompts tab needs from the panel. */
export interface PromptsView {
  prompts: MCPPrompt[];
  selected: MCPPrompt | undefined;
  messages: { messages?: Array<{ role: string; content: unknown }> } | undefined;
  error: string | undefined;
  loading: boolean;
  select(prompt: MCPPrompt): void;
  get(prompt: MCPPrompt, args: Record<string, unknown>): void;
}

/** Prompt arguments as a flat string schema, so the same form engine renders them (MCP-WP-7.3.2). */
export function promptSchema(prompt: MCPPrompt): JSONSchema {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  return {
    type: 'object',
    properties: Object.fromEntries(args.map((a) => [String(a.name), { type: 'string', title: String(a.title ?? a.name), description: a.description }])),
    required: args.filter((a) => a.required).map((a) => String(a.name)),
  };
}

function argsSummary(prompt: MCPPrompt): string {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  if (!args.length) return 'No arguments';
  const required = args.filter((a) => a.required).map((a) => a.name);
  const optional = args.filter((a) => !a.required).map((a) => a.name);
  return [required.length ? `Requires: ${required.join(', ')}` : '', optional.length ? `optional: ${optional.join(', ')}` : ''].filter(Boolean).join(' \u00b7 ');
}

/** Prompt list (name, title, description, required vs optional args — MCP-WP-7.3.1) and messages. */
export function renderPrompts(view: PromptsView): TemplateResult {
  const selected = view.selected;
  return html`<div class="split">
    ${view.prompts.length === 0
      ? html`<p class="muted">This server offers no prompts.</p>`
      : html`<ul class="list" aria-label="Prompts">
          ${view.prompts.map(
            (p) => html`<li><button type="button" aria-current=${selected === p ? 'true' : 'false'} @click=${() => view.select(p)}>
              <span class="name">${displayName(p)}</span>
              ${typeof p.description === 'string' ? html`<span class="sub">${p.description}</span>` : nothing}
              <span class="sub">${argsSummary(p)}</span>
            </button></li>`,
          )}
        </ul>`}
    <div>
      ${selected
        ? html`<h3>${displayName(selected)}</h3>
            <mcp-schema-form .schema=${promptSchema(selected)} submit-label="Get prompt" ?busy=${view.loading}
              @mcp-form-submit=${(e: SchemaFormSubmitEvent) => view.get(selected, e.value)}></mcp-schema-form>`
        : html`<p class="muted">Choose a prompt.</p>`}
      <div aria-live="polite">
        ${view.error ? html`<p class="error-text" role="alert">\u2717 ${view.error}</p>` : nothing}
        ${view.messages && Array.isArray(view.messages.messages)
          ? view.messages.messages.map(
              (m) => html`<div><strong>${String(m.role)}</strong><mcp-result-view .result=${{ content: [m.content] }}></mcp-result-view></div>`,
            )
          : view.messages
            ? html`<p class="error-text">The server returned prompt messages of an unexpected shape.</p>`
            : nothing}
      </div>
    </div>
  </div>`;
}
