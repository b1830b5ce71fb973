import { html, nothing, type TemplateResult } from 'lit';
import type { MCPResource, MCPResourceTemplate } from '../kit/index.js';

/** State the resources tab needs from the panel. */
export interface ResourcesView {
  resources: MCPResource[];
  templates: MCPResourceTemplate[];
  selected: string | undefined;
  contents: unknown;
  error: string | undefined;
  loading: boolean;
  read(uri: string): void;
}

function label(resource: MCPResource): string {
  for (const key of ['title', 'name'] as const) {
    const value = resource[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return String(resource.uri);
}

/** Resource list with URI, label and MIME type (MCP-WP-7.2.1) and a preview of the one read. */
export function renderResources(view: ResourcesView): TemplateResult {
  return html`<div class="split">
    <div>
      ${view.resources.length === 0
        ? html`<p class="muted">This server lists no resources.</p>`
        : html`<ul class="list" aria-label="Resources">
            ${view.resources.map(
              (r) => html`<li>
                <button type="button" aria-current=${view.selected === r.uri ? 'true' : 'false'} @click=${() => view.read(String(r.uri))}>
                  <span class="name">${label(r)}</span>
                  <span class="sub">${String(r.uri)}</span>
                  <span class="sub">${typeof r.mimeType === 'string' ? r.mimeType : 'type not given'}${typeof r.size === 'number' ? ` \u00b7 ${r.size.toLocaleString()} bytes` : ''}</span>
                </button>
              </li>`,
            )}
          </ul>`}
      ${view.templates.length
        ? html`<h3>Templates</h3>
            <ul class="list" aria-label="Resource templates">
              ${view.templates.map((t) => html`<li><span class="name">${String(t.title ?? t.name ?? '')}</span><span class="sub">${String(t.uriTemplate)}</span></li>`)}
            </ul>`
        : nothing}
    </div>
    <div aria-live="polite">
      ${view.loading ? html`<p role="status">Reading\u2026</p>` : nothing}
      ${view.error ? html`<p class="error-text" role="alert">\u2717 ${view.error}</p>` : nothing}
      ${!view.loading && view.contents !== undefined ? html`<mcp-result-view .contents=${view.contents}></mcp-result-view>` : nothing}
      ${view.selected === undefined ? html`<p class="muted">Choose a resource to read it.</p>` : nothing}
    </div>
  </div>`;
}
