import { LitElement, html, css, nothing } from 'lit';
import type { I18nInterface } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { KIT_CATALOGS } from '../i18n/messages.js';
import { englishTranslate, type Translate } from '../i18n/translate.js';
import { baseStyles } from '../styles/styles.js';

/**
 * Characters laid out per step. Chromium needs seconds to lay out 5 MB of text in one block
 * (measured: 2–6 s, longest for pretty-printed JSON), 20–60 ms for a step of this size.
 */
export const TEXT_STEP = 50_000;

/** Where a step of `text` starting at `from` ends: at a line break near the limit when there is one. */
export function stepEnd(text: string, from: number, step = TEXT_STEP): number {
  const limit = from + step;
  if (limit >= text.length) return text.length;
  const newline = text.lastIndexOf('\n', limit);
  return newline > limit - 2_000 && newline > from ? newline + 1 : limit;
}

/** "5.0 MB", "12.3 KB", "800 bytes" for a count of characters (UTF-16 code units, about bytes for ASCII). */
export function sizeLabel(chars: number, t: Translate = englishTranslate): string {
  if (chars >= 1024 * 1024) return t('resource.mb', { n: (chars / 1024 / 1024).toFixed(1) });
  if (chars >= 1024) return t('resource.kb', { n: (chars / 1024).toFixed(1) });
  return t('resource.bytes', { n: chars });
}

/**
 * Saves text as a file. The blob is typed application/octet-stream, like every download in the kit,
 * so the browser saves it and never renders it in the dashboard's origin.
 */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/octet-stream' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Server text of any length, as text. Long text is shown in steps of TEXT_STEP characters with a
 * message saying how much is shown, a "Show more" button, and "Save as a file" for all of it, so a
 * 5 MB result never asks the page to lay out 5 MB at once (MCP-WP-9.1.3: degrade, never freeze).
 */
export class McpLongText extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      .truncated {
        margin: var(--mcp-spacing-sm, 0.25rem) 0 0;
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-sm, 0.25rem);
        align-items: center;
      }
    `,
  ];

  static override properties = {
    text: { attribute: false },
    fileName: { attribute: 'file-name' },
    shown: { state: true },
    i18n: { attribute: false },
  };

  /** The host's I18n dependency; English without it. */
  declare i18n: I18nInterface | undefined;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.i18n });

  /** The untrusted text. */
  declare text: string;
  /** Name offered when saving the whole text. */
  declare fileName: string;
  /** Characters currently laid out. */
  declare shown: number;

  constructor() {
    super();
    this.text = '';
    this.fileName = 'text.txt';
    this.shown = 0;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('text') || this.shown === 0) this.shown = stepEnd(this.text, 0);
  }

  /** Lays out the next step. */
  showMore(): void {
    this.shown = stepEnd(this.text, this.shown);
  }

  override render() {
    const text = typeof this.text === 'string' ? this.text : String(this.text);
    const steps: string[] = [];
    for (let from = 0; from < this.shown;) {
      const end = stepEnd(text, from);
      steps.push(text.slice(from, end));
      from = end;
    }
    const rest = text.length - this.shown;
    return html`${steps.map((s) => html`<pre>${s}</pre>`)}
    ${
      rest > 0
        ? html`<p class="truncated muted" role="note">
            <span
              >${this.l10n.t('long.showing', { shown: this.shown, total: text.length, size: sizeLabel(text.length, (k, v) => this.l10n.t(k, v)) })}</span
            >
            <button type="button" data-action="show-more" @click=${() => this.showMore()}
              >${this.l10n.t('long.more', { n: Math.min(rest, TEXT_STEP) })}</button
            >
            <button type="button" data-action="save-all" @click=${() => downloadText(text, this.fileName)}
              >${this.l10n.t('long.save')}</button
            >
          </p>`
        : nothing
    }`;
  }
}

defineElement('mcp-long-text', McpLongText);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-long-text': McpLongText;
  }
}
