import { LitElement, html, css, nothing } from 'lit';
import type { MCPTool } from '../../core/shared/types.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';
import type { AppView } from './app-view.js';
import { callAppTool } from './app-view-tools.js';

/** What one call of an app tool came to, for the list. */
interface Outcome {
  busy?: boolean;
  text?: string;
  error?: boolean;
}

/**
 * <mcp-app-tools>: the tools an MCP App offers the host (the draft's `tools/list` on the view), listed under its
 * frame. The person calls one with its arguments as JSON; the call goes through the policy and the same
 * confirmation dialog as a server's tool, then to the view; what came back is shown beside it.
 */
export class McpAppTools extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
      }
      ul {
        margin: 0;
        padding-left: 1.25rem;
      }
      li {
        margin-block: var(--mcp-spacing-sm, 0.25rem);
      }
      textarea {
        display: block;
        width: 100%;
        box-sizing: border-box;
        font-family: var(--mcp-font-family-mono, monospace);
      }
      pre {
        white-space: pre-wrap;
        word-break: break-word;
        max-height: 12rem;
        overflow: auto;
        margin: var(--mcp-spacing-sm, 0.25rem) 0;
      }
    `,
  ];

  static override properties = { view: { attribute: false }, tools: { attribute: false } };
  declare view: AppView | undefined;
  declare tools: MCPTool[];
  private readonly l10n = new ShellLocalize(this, { i18n: () => this.view?.services.i18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  private readonly outcomes = new Map<string, Outcome>();

  constructor() {
    super();
    this.tools = [];
  }

  private async call(tool: MCPTool, field: HTMLTextAreaElement): Promise<void> {
    const view = this.view;
    if (!view) return;
    let args: unknown;
    try {
      args = JSON.parse(field.value.trim() || '{}');
      if (!args || typeof args !== 'object' || Array.isArray(args)) throw new Error('not an object');
    } catch (error) {
      this.outcomes.set(tool.name, {
        error: true,
        text: this.t('app.tools.notJson', { message: (error as Error).message }),
      });
      this.requestUpdate();
      return;
    }
    this.outcomes.set(tool.name, { busy: true });
    this.requestUpdate();
    try {
      const result = await callAppTool(view, tool.name, args as Record<string, unknown>);
      const text = (result.content ?? [])
        .map((c) => (c?.type === 'text' ? String(c.text ?? '') : `[${String(c?.type)}]`))
        .join('\n');
      this.outcomes.set(tool.name, {
        error: result.isError === true,
        text: text || JSON.stringify(result.structuredContent ?? {}),
      });
    } catch (error) {
      this.outcomes.set(tool.name, {
        error: true,
        text: this.t('app.tools.failed', { message: (error as Error)?.message ?? String(error) }),
      });
    }
    this.requestUpdate();
  }

  override render() {
    if (!this.tools.length) return nothing;
    return html`<details
      ><summary>${this.t('app.tools', { count: this.tools.length })}</summary>
      <ul>
        ${this.tools.map((tool) => {
          const outcome = this.outcomes.get(tool.name);
          const id = `args-${tool.name}`;
          const hasInput = Object.keys((tool.inputSchema as { properties?: object }).properties ?? {}).length > 0;
          return html`<li data-tool=${tool.name}>
            <strong>${tool.title ?? tool.name}</strong>
            ${tool.description ? html`<span class="muted">${tool.description}</span>` : nothing}
            ${hasInput ? html`<label for=${id}>${this.t('app.tools.args')}</label><textarea id=${id} rows="2">{}</textarea>` : nothing}
            <button
              type="button"
              ?disabled=${outcome?.busy}
              @click=${(e: Event) =>
                void this.call(
                  tool,
                  ((e.currentTarget as HTMLElement).parentElement!.querySelector('textarea') ?? {
                    value: '{}',
                  }) as HTMLTextAreaElement,
                )}
              >${this.t('app.tools.call', { tool: tool.title ?? tool.name })}</button
            >
            ${outcome?.text !== undefined ? html`<pre class=${outcome.error ? 'error-text' : ''} role="status">${outcome.text}</pre>` : nothing}
          </li>`;
        })}
      </ul></details
    >`;
  }
}

if (!customElements.get('mcp-app-tools')) customElements.define('mcp-app-tools', McpAppTools);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-app-tools': McpAppTools;
  }
}
