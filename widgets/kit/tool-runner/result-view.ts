import { LitElement, html, css, nothing, type TemplateResult } from 'lit';
import type { I18nInterface, MCPContent, MCPResourceContents } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { TEXT_STEP } from './long-text.js';
import { safeAudioDataUrl, safeHttpUrl, safeImageDataUrl } from '../widget/sanitize.js';
import { baseStyles } from '../styles/styles.js';
import './long-text.js';

/** A file name for a download from a resource URI (last path segment, safe characters only). */
export function fileNameFor(uri: string): string {
  const last = uri.split(/[/?#]/).filter(Boolean).pop() ?? 'resource';
  return last.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'resource';
}

/**
 * Saves base64 data as a file. The blob is typed application/octet-stream whatever the server said,
 * so the browser downloads it and never renders it (a text/html blob would run in our origin).
 */
export function downloadBase64(base64: string, fileName: string): boolean {
  let bytes: Uint8Array;
  try {
    const binary = atob(base64.replace(/\s+/g, ''));
    bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return false;
  }
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/octet-stream' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}

/** Pretty JSON that never throws (cycles, BigInt). */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Renders a tool result, prompt message content or resource contents. Server text is always text
 * (Lit bindings set textContent); images and audio only from base64 of allowed types; links only
 * http(s). A result of the wrong shape is shown as JSON with a note instead of throwing (MCP-WP-9.1.3).
 */
export class McpResultView extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      .item {
        margin: var(--mcp-spacing-sm, 0.25rem) 0;
      }
      /* The box scrolls past 24rem, so it takes focus: keyboard users scroll it too (WCAG 2.1.1). */
      .box {
        border: 1px solid var(--mcp-border, #8c959f);
        border-radius: var(--mcp-radius-md, 4px);
        padding: var(--mcp-spacing-md, 0.5rem);
        background: var(--mcp-background, #fff);
        max-height: 24rem;
        overflow: auto;
      }
      .is-error {
        border-color: var(--mcp-error-dark, #a4161a);
        border-width: 2px;
      }
      .label {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
        font-weight: var(--mcp-font-weight-medium, 600);
      }
      img {
        max-width: 100%;
        height: auto;
        border: 1px solid var(--mcp-border, #8c959f);
      }
    `,
  ];

  static override properties = {
    result: { attribute: false },
    contents: { attribute: false },
    i18n: { attribute: false },
  };

  /** A ToolResult-like value (content[], structuredContent, isError). */
  declare result: unknown;
  /** Or resource contents (`resources/read` result). */
  declare contents: unknown;
  /** The host's I18n dependency, handed on to long texts; English without it. */
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });

  private t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  /** Pretty JSON of the structured content, made once per result (it can be megabytes). */
  private structuredText: { of: unknown; text: string } | undefined;

  /** Untrusted text as text; long text in steps (`<mcp-long-text>`), so the page never freezes. */
  private text(value: string, fileName: string): TemplateResult {
    if (value.length <= TEXT_STEP) return html`<pre>${value}</pre>`;
    return html`<mcp-long-text .text=${value} file-name=${fileName} .i18n=${this.i18n}></mcp-long-text>`;
  }

  private structured(value: unknown): string {
    if (this.structuredText === undefined || this.structuredText.of !== value)
      this.structuredText = { of: value, text: prettyJson(value) };
    return this.structuredText.text;
  }

  private renderResourceContents(entry: MCPResourceContents): TemplateResult {
    const mime = typeof entry.mimeType === 'string' ? entry.mimeType : undefined;
    let body: TemplateResult;
    if (typeof entry.text === 'string') {
      let text = entry.text;
      if (mime === 'application/json' || mime?.endsWith('+json')) {
        try {
          text = prettyJson(JSON.parse(entry.text));
        } catch {
          // not JSON after all: show as text
        }
      }
      body = this.text(text, fileNameFor(String(entry.uri ?? 'resource')));
    } else if (typeof entry.blob === 'string') {
      const image = safeImageDataUrl(mime, entry.blob);
      const blob = entry.blob;
      body = image
        ? html`<img src=${image} alt=${this.t('result.imageResource', { uri: String(entry.uri) })} />`
        : html`<p class="muted"
            >${this.t('result.binary', { type: mime ?? this.t('result.unknownType'), bytes: Math.floor((blob.length * 3) / 4) })}
            <button type="button" @click=${() => downloadBase64(blob, fileNameFor(String(entry.uri ?? 'resource')))}
              >${this.t('result.download')}</button
            ></p
          >`;
    } else {
      body = this.text(prettyJson(entry), 'contents.json');
    }
    return html`<div class="item"
      ><div class="label">${String(entry.uri ?? '')}${mime ? html` <span class="muted">(${mime})</span>` : nothing}</div
      >${body}</div
    >`;
  }

  private renderContent(item: MCPContent, index: number): TemplateResult {
    if (item === null || typeof item !== 'object') return this.text(prettyJson(item), `result-${index + 1}.json`);
    switch (item.type) {
      case 'text':
        return html`<div class="item"
          >${this.text(typeof item.text === 'string' ? item.text : prettyJson(item.text), `result-${index + 1}.txt`)}</div
        >`;
      case 'image': {
        const src = safeImageDataUrl(item.mimeType, item.data);
        return src
          ? html`<div class="item"
              ><img src=${src} alt=${this.t('result.image', { type: String(item.mimeType) })}
            /></div>`
          : html`<div class="item muted">${this.t('result.imageUnsafe', { type: String(item.mimeType) })}</div>`;
      }
      case 'audio': {
        const src = safeAudioDataUrl(item.mimeType, item.data);
        return src
          ? html`<div class="item"><audio controls src=${src} aria-label=${this.t('result.audio')}></audio></div>`
          : html`<div class="item muted">${this.t('result.audioUnsafe', { type: String(item.mimeType) })}</div>`;
      }
      case 'resource_link': {
        const href = safeHttpUrl(item.uri);
        return html`<div class="item"
          ><span class="label">${this.t('result.resourceLink')}</span> ${String(item.name ?? item.title ?? '')}
          ${href ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${href}</a>` : html`<code>${String(item.uri ?? '')}</code>`}
          ${typeof item.description === 'string' ? html`<div class="muted">${item.description}</div>` : nothing}</div
        >`;
      }
      case 'resource':
        return item.resource && typeof item.resource === 'object'
          ? this.renderResourceContents(item.resource)
          : this.text(prettyJson(item), `result-${index + 1}.json`);
      default:
        return html`<div class="item"
          ><span class="label">${String(item.type)}</span
          >${this.text(prettyJson(item), `result-${index + 1}.json`)}</div
        >`;
    }
  }

  override render() {
    if (this.contents !== undefined) {
      const list = (this.contents as { contents?: unknown })?.contents;
      if (!Array.isArray(list))
        return html`<div tabindex="0" class="box is-error" role="alert"
          ><p class="error-text">✗ ${this.t('result.contentsWrongShape')}</p
          >${this.text(prettyJson(this.contents), 'contents.json')}</div
        >`;
      return html`<div tabindex="0" class="box"
        >${list.length === 0 ? html`<p class="muted">${this.t('result.resourceEmpty')}</p>` : list.map((c) => this.renderResourceContents(c as MCPResourceContents))}</div
      >`;
    }
    const result = this.result as { content?: unknown; structuredContent?: unknown; isError?: unknown } | undefined;
    if (result === undefined) return nothing;
    if (result === null || typeof result !== 'object' || !Array.isArray(result.content)) {
      return html`<div tabindex="0" class="box is-error" role="alert"
        ><p class="error-text">✗ ${this.t('result.wrongShape')}</p>${this.text(prettyJson(result), 'result.json')}</div
      >`;
    }
    const isError = result.isError === true;
    return html`<div tabindex="0" class="box ${isError ? 'is-error' : ''}" role=${isError ? 'alert' : nothing}>
      ${isError ? html`<p class="error-text"><strong>✗ ${this.t('result.toolError')}</strong></p>` : nothing}
      ${result.content.length === 0 && result.structuredContent === undefined ? html`<p class="muted">${this.t('result.noContent')}</p>` : nothing}
      ${(result.content as MCPContent[]).map((c, i) => this.renderContent(c, i))}
      ${
        result.structuredContent !== undefined
          ? html`<div class="item"
              ><div class="label">${this.t('result.structured')}</div
              >${this.text(this.structured(result.structuredContent), 'structured-content.json')}</div
            >`
          : nothing
      }
    </div>`;
  }
}

defineElement('mcp-result-view', McpResultView);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-result-view': McpResultView;
  }
}
