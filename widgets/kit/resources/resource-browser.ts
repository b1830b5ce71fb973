import { LitElement, html, nothing, type TemplateResult } from 'lit';
import type {
  DependenciesObject,
  MCPResource,
  MCPResourceTemplate,
  Unsubscribe,
} from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { listStyles } from '../styles/list.styles.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { withRetries, RetriesExhaustedError } from '../widget/retry.js';
import type { SchemaFormSubmitEvent } from '../schema-form/schema-form.js';
import { baseStyles } from '../styles/styles.js';
import { resourceBrowserStyles } from './resource-browser.styles.js';
import { errorText } from '../tool-runner/tool-text.js';
import { expandTemplate } from './uri-template.js';
import { argumentCompleter } from '../schema-form/argument-form.js';
import { widgetTimers } from '../widget/timers.js';
import '../tool-runner/result-view.js';
import { annotationText, resourceLabel, sizeText, templateFields } from './resource-text.js';

export { annotationText, resourceLabel, templateFields } from './resource-text.js';

/**
 * Resources of one server: the list (URI, label, MIME type, size, annotations), templates as forms,
 * a preview of what was read (text, image, pretty JSON, download for other types), and live
 * updates for servers that support subscriptions. Reads retry transient failures a few times.
 */
export class McpResourceBrowser extends LitElement {
  static override styles = [baseStyles, listStyles, resourceBrowserStyles];

  static override properties = {
    deps: { attribute: false },
    serverName: { attribute: 'server-name' },
    resources: { attribute: false },
    templates: { attribute: false },
    canSubscribe: { type: Boolean, attribute: 'can-subscribe' },
    selected: { state: true },
    contents: { state: true },
    error: { state: true },
    loading: { state: true },
    template: { state: true },
    watching: { state: true },
    updatedAt: { state: true },
    shareTarget: { attribute: 'share-target' },
    shared: { state: true },
  };

  declare deps: DependenciesObject | undefined;
  declare serverName: string;
  /** Widget id or type that "Use in tool browser" sends the chosen URI to (MCP-WP §6.5); no button without it. */
  declare shareTarget: string | undefined;
  /** What happened to the last share (shown as text). */
  declare shared: string | undefined;
  declare resources: MCPResource[];
  declare templates: MCPResourceTemplate[];
  declare canSubscribe: boolean;
  declare selected: string | undefined;
  declare contents: unknown;
  declare error: { message: string; guidance?: string } | undefined;
  declare loading: boolean;
  declare template: MCPResourceTemplate | undefined;
  /** Strings in the host's locale (its I18n dependency); English without it. */
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.deps?.I18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  declare watching: boolean;
  declare updatedAt: number | undefined;
  private unwatch: Unsubscribe | undefined;
  private readonly timers = widgetTimers(undefined);

  constructor() {
    super();
    this.serverName = '';
    this.resources = [];
    this.templates = [];
    this.canSubscribe = false;
    this.loading = false;
    this.watching = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopWatching();
    this.timers.clearAll();
  }

  /** Reads a resource by URI and shows it (MCP-WP-7.2.2). */
  async read(uri: string): Promise<void> {
    const bridge = this.deps?.MCPBridge;
    if (!bridge) return;
    if (uri !== this.selected) this.stopWatching();
    this.selected = uri;
    this.loading = true;
    this.error = undefined;
    try {
      const contents = await withRetries(() => bridge.readResource(this.serverName, uri), { timers: this.timers });
      if (this.selected === uri) this.contents = contents;
    } catch (error) {
      if (this.selected !== uri) return;
      this.contents = undefined;
      this.error =
        error instanceof RetriesExhaustedError
          ? { message: error.message, guidance: error.guidance }
          : errorText(error);
    } finally {
      if (this.selected === uri) this.loading = false;
    }
  }

  private toggleWatch(): void {
    if (this.watching) {
      this.stopWatching();
      return;
    }
    const bridge = this.deps?.MCPBridge;
    const uri = this.selected;
    if (!bridge || !uri) return;
    try {
      this.unwatch = bridge.subscribeToResource(this.serverName, uri, (changed) => {
        if (changed !== this.selected) return;
        this.updatedAt = Date.now();
        this.deps?.A11yHelper?.announce(this.t('resource.changed', { uri: changed }), 'polite');
        void this.read(changed);
      });
      this.watching = true;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  private stopWatching(): void {
    this.unwatch?.();
    this.unwatch = undefined;
    this.watching = false;
    this.updatedAt = undefined;
  }

  private readTemplate(template: MCPResourceTemplate, values: Record<string, unknown>): void {
    let uri: string;
    try {
      uri = expandTemplate(String(template.uriTemplate), values);
    } catch (error) {
      this.error = { message: this.t('resource.templateFailed', { message: (error as Error).message }) };
      return;
    }
    void this.read(uri);
  }

  private renderResource(r: MCPResource): TemplateResult {
    const t = this.t;
    const details = [
      typeof r.mimeType === 'string' ? r.mimeType : t('resource.typeNotGiven'),
      sizeText(r.size, t),
      annotationText(r.annotations, t),
    ]
      .filter(Boolean)
      .join(t('schema.separator'));
    return html`<li
      ><button
        type="button"
        aria-current=${this.selected === r.uri ? 'true' : 'false'}
        @click=${() => void this.read(String(r.uri))}
      >
        <span class="name">${resourceLabel(r)}</span>
        <span class="sub">${String(r.uri)}</span>
        ${typeof r.description === 'string' ? html`<span class="sub">${r.description}</span>` : nothing}
        <span class="sub">${details}</span>
      </button></li
    >`;
  }

  /** Sends the chosen URI to the tool browsers (WidgetMessaging); a refusal is shown with its reason. */
  private share(uri: string): void {
    try {
      this.deps!.WidgetMessaging!.sendToWidget(this.shareTarget!, {
        type: 'resource-selected',
        payload: { uri, serverName: this.serverName },
      });
      this.shared = this.l10n.t('messaging.sent', { uri });
    } catch (error) {
      this.shared = this.l10n.t('messaging.notSent', { message: (error as Error)?.message ?? String(error) });
    }
  }

  override render() {
    const resources = Array.isArray(this.resources) ? this.resources.filter((r) => r && typeof r === 'object') : [];
    const templates = Array.isArray(this.templates) ? this.templates.filter((t) => t && typeof t === 'object') : [];
    const t = this.t;
    const i18n = this.deps?.I18n;
    return html`<div class="split">
      <div>
        <h3>${t('resource.heading', { count: resources.length })}</h3>
        ${
          resources.length === 0
            ? html`<p class="muted">${t('resource.none')}</p>`
            : html`<ul class="list" aria-label=${t('resource.list')}
                >${resources.map((r) => this.renderResource(r))}</ul
              >`
        }
        ${
          templates.length
            ? html`<h3>${t('resource.templates', { count: templates.length })}</h3>
                <ul class="list" aria-label=${t('resource.templateList')}>
                  ${templates.map(
                    (t) =>
                      html`<li
                        ><button
                          type="button"
                          aria-current=${this.template === t ? 'true' : 'false'}
                          @click=${() => (this.template = t)}
                        >
                          <span class="name">${resourceLabel(t)}</span><span class="sub">${String(t.uriTemplate)}</span>
                          ${typeof t.description === 'string' ? html`<span class="sub">${t.description}</span>` : nothing}
                        </button></li
                      >`,
                  )}
                </ul>`
            : nothing
        }
        ${
          this.template
            ? html`<h3>${t('resource.fillIn', { name: resourceLabel(this.template) })}</h3>
                <mcp-argument-form
                  .fields=${templateFields(this.template)}
                  submit-label=${t('resource.read')}
                  .i18n=${i18n}
                  .complete=${argumentCompleter(this.deps, this.serverName, { type: 'ref/resource', uri: String(this.template.uriTemplate) })}
                  @mcp-form-submit=${(e: SchemaFormSubmitEvent) => this.readTemplate(this.template!, e.value)}
                ></mcp-argument-form>`
            : nothing
        }
      </div>
      <div aria-live="polite">
        ${
          this.selected
            ? html`<div class="toolbar"
                ><strong>${this.selected}</strong> ${
                  this.canSubscribe
                    ? html`<button
                        type="button"
                        aria-pressed=${this.watching ? 'true' : 'false'}
                        @click=${() => this.toggleWatch()}
                        >${this.watching ? t('resource.stopWatching') : t('resource.watch')}</button
                      >`
                    : nothing
                }
                ${
                  this.shareTarget && this.deps?.WidgetMessaging
                    ? html`<button type="button" data-action="share-resource" @click=${() => this.share(this.selected!)}
                        >${t('messaging.useInToolBrowser')}</button
                      >`
                    : nothing
                }
                ${this.shared ? html`<span class="muted" role="status">${this.shared}</span>` : nothing}
                ${this.updatedAt ? html`<span class="muted">${t('resource.updatedAt', { time: this.l10n.formatDate(this.updatedAt, { timeStyle: 'medium' }) })}</span>` : nothing}</div
              >`
            : nothing
        }
        ${this.loading ? html`<p role="status">${t('resource.reading')}</p>` : nothing}
        ${this.error ? html`<div class="error-text" role="alert"><strong>✗ ${this.error.message}</strong>${this.error.guidance ? html`<div>${this.error.guidance}</div>` : nothing}</div>` : nothing}
        ${!this.loading && this.contents !== undefined ? html`<mcp-result-view .contents=${this.contents} .i18n=${i18n}></mcp-result-view>` : nothing}
        ${this.selected === undefined ? html`<p class="muted">${t('resource.choose')}</p>` : nothing}
      </div>
    </div>`;
  }
}

defineElement('mcp-resource-browser', McpResourceBrowser);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-resource-browser': McpResourceBrowser;
  }
}
