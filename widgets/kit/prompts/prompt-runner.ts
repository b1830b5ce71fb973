import { LitElement, html, css, nothing } from 'lit';
import type {
  CompletionRef,
  DependenciesObject,
  JSONSchema,
  MCPPrompt,
  PromptMessages,
} from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';
import { listStyles } from '../styles/list.styles.js';
import { splitStyles } from '../styles/split.styles.js';
import { RetriesExhaustedError, withRetries } from '../widget/retry.js';
import type { SchemaFormSubmitEvent } from '../schema-form/schema-form.js';
import { baseStyles } from '../styles/styles.js';
import { displayName, errorText } from '../tool-runner/tool-text.js';
import '../tool-runner/result-view.js';
import { argumentCompleter, type ArgumentField } from '../schema-form/argument-form.js';

/** Prompt arguments as a string schema, so the same form engine renders them (MCP-WP-7.3.2). */
export function promptSchema(prompt: MCPPrompt): JSONSchema {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter((a) => a && typeof a === 'object') : [];
  return {
    type: 'object',
    properties: Object.fromEntries(
      args.map((a) => [
        String(a.name),
        {
          type: 'string',
          title: String(a.title ?? a.name),
          description: typeof a.description === 'string' ? a.description : undefined,
        },
      ]),
    ),
    required: args.filter((a) => a.required === true).map((a) => String(a.name)),
  };
}

const fieldCache = new WeakMap<MCPPrompt, ArgumentField[]>();

/** A prompt's arguments as text fields with suggestions (one array per prompt, so the form keeps its values). */
export function promptFields(prompt: MCPPrompt): ArgumentField[] {
  let fields = fieldCache.get(prompt);
  if (!fields) {
    const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter((a) => a && typeof a === 'object') : [];
    fields = args.map((a) => ({
      name: String(a.name),
      title: String(a.title ?? a.name),
      description: typeof a.description === 'string' ? a.description : undefined,
      required: a.required === true,
    }));
    fieldCache.set(prompt, fields);
  }
  return fields;
}

/** "Requires: a · optional: b" for a prompt (MCP-WP-7.3.1); `t` words it in a locale. */
export function promptArgsSummary(prompt: MCPPrompt, t: Translate = englishTranslate): string {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter((a) => a && typeof a === 'object') : [];
  if (!args.length) return t('schema.noArguments');
  const sep = t('list.separator');
  const required = args.filter((a) => a.required === true).map((a) => String(a.name));
  const optional = args.filter((a) => a.required !== true).map((a) => String(a.name));
  return [
    required.length ? t('schema.requires', { list: required.join(sep) }) : '',
    optional.length ? t('schema.optional', { list: optional.join(sep) }) : '',
  ]
    .filter(Boolean)
    .join(t('schema.separator'));
}

/**
 * Prompts of one server: list (name, title, description, required vs optional — MCP-WP-7.3.1), an
 * argument form (7.3.2) and the generated messages, each with its role (7.3.3).
 */
export class McpPromptRunner extends LitElement {
  static override styles = [
    baseStyles,
    listStyles,
    splitStyles,
    css`
      ol.messages {
        list-style: none;
        padding: 0;
        display: grid;
        gap: var(--mcp-spacing-sm, 0.25rem);
      }
      .role {
        font-weight: var(--mcp-font-weight-bold, 700);
        text-transform: capitalize;
      }
      h3 {
        font-size: var(--mcp-font-size-lg, 1rem);
        margin: var(--mcp-spacing-md, 0.5rem) 0;
      }
    `,
  ];

  static override properties = {
    deps: { attribute: false },
    serverName: { attribute: 'server-name' },
    prompts: { attribute: false },
    selected: { state: true },
    messages: { state: true },
    error: { state: true },
    loading: { state: true },
  };

  declare deps: DependenciesObject | undefined;
  declare serverName: string;
  declare prompts: MCPPrompt[];
  declare selected: MCPPrompt | undefined;
  declare messages: PromptMessages | undefined;
  declare error: { message: string; guidance?: string; code?: number } | undefined;
  declare loading: boolean;
  /** Strings in the host's locale (its I18n dependency); English without it. */
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.deps?.I18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);

  constructor() {
    super();
    this.serverName = '';
    this.prompts = [];
    this.loading = false;
  }

  private async get(prompt: MCPPrompt, args: Record<string, unknown>): Promise<void> {
    const bridge = this.deps?.MCPBridge;
    if (!bridge) return;
    this.loading = true;
    this.error = undefined;
    this.messages = undefined;
    try {
      const result = await withRetries(() => bridge.getPrompt(this.serverName, prompt.name, args));
      if (this.selected === prompt) this.messages = result;
    } catch (error) {
      this.error =
        error instanceof RetriesExhaustedError
          ? { message: error.message, guidance: error.guidance, code: error.jsonrpcCode }
          : errorText(error);
    } finally {
      this.loading = false;
    }
  }

  private renderMessages() {
    const m = this.messages as { messages?: unknown; description?: unknown } | undefined;
    if (!m) return nothing;
    if (!Array.isArray(m.messages)) return html`<p class="error-text" role="alert">✗ ${this.t('prompt.badShape')}</p>`;
    const role = (r: unknown) =>
      r === 'user' || r === 'assistant' ? this.t(`role.${r}`) : String(r ?? this.t('role.unknown'));
    return html`${typeof m.description === 'string' ? html`<p class="muted">${m.description}</p>` : nothing}
      <ol class="messages" aria-label=${this.t('prompt.messages')}>
        ${(m.messages as Array<{ role?: unknown; content?: unknown }>).map(
          (msg) =>
            html`<li
              ><span class="role">${role(msg?.role)}</span
              ><mcp-result-view .result=${{ content: [msg?.content] }} .i18n=${this.deps?.I18n}></mcp-result-view
            ></li>`,
        )}
      </ol>`;
  }

  override render() {
    const prompts = Array.isArray(this.prompts) ? this.prompts.filter((p) => p && typeof p === 'object') : [];
    const selected = this.selected;
    return html`<div class="split">
      ${
        prompts.length === 0
          ? html`<p class="muted">${this.t('prompt.none')}</p>`
          : html`<ul class="list" aria-label=${this.t('prompt.list')}>
              ${prompts.map(
                (p) =>
                  html`<li
                    ><button
                      type="button"
                      aria-current=${selected === p ? 'true' : 'false'}
                      @click=${() => {
                        this.selected = p;
                        this.messages = undefined;
                        this.error = undefined;
                      }}
                    >
                      <span class="name">${displayName(p)}</span>
                      ${displayName(p) !== p.name ? html`<span class="sub"><code>${String(p.name)}</code></span>` : nothing}
                      ${typeof p.description === 'string' ? html`<span class="sub">${p.description}</span>` : nothing}
                      <span class="sub">${promptArgsSummary(p, this.t)}</span>
                    </button></li
                  >`,
              )}
            </ul>`
      }
      <div>
        ${
          selected
            ? html`<h3>${displayName(selected)}</h3>
                <mcp-argument-form
                  .fields=${promptFields(selected)}
                  submit-label=${this.t('prompt.get')}
                  ?busy=${this.loading}
                  .i18n=${this.deps?.I18n}
                  .complete=${argumentCompleter(this.deps, this.serverName, { type: 'ref/prompt', name: String(selected.name) } satisfies CompletionRef)}
                  @mcp-form-submit=${(e: SchemaFormSubmitEvent) => void this.get(selected, e.value)}
                ></mcp-argument-form>`
            : html`<p class="muted">${this.t('prompt.choose')}</p>`
        }
        <div aria-live="polite">
          ${this.loading ? html`<p role="status">${this.t('prompt.getting')}</p>` : nothing}
          ${
            this.error
              ? html`<div class="error-text" role="alert"
                  ><strong
                    >✗
                    ${this.error.code !== undefined ? this.t('runner.errorCode', { code: String(this.error.code) }) : ''}${this.error.message}</strong
                  >
                  ${this.error.guidance ? html`<div>${this.error.guidance}</div>` : nothing}</div
                >`
              : nothing
          }
          ${this.renderMessages()}
        </div>
      </div>
    </div>`;
  }
}

defineElement('mcp-prompt-runner', McpPromptRunner);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-prompt-runner': McpPromptRunner;
  }
}
