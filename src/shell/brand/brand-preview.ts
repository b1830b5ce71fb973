import { LitElement, html, css, nothing } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { Brand } from '../../core/shared/brand/brand-schema.js';
import type { ColorScheme } from '../../core/shared/types.js';
import { composeTheme } from '../../../theme/compose.js';
import type { ThemeMode } from '../../../theme/tokens.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { shellStyles } from '../shell.styles.js';

/**
 * A live preview of a brand in one mode: the tokens are computed for that brand and mode and set on
 * the preview box only, so the rest of the dashboard is untouched until the brand is applied.
 * Nothing in it is interactive (a sample button and link are drawn, not offered).
 */
export class McpBrandPreview extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
      }
      figure {
        margin: 0;
      }
      figcaption {
        font-weight: var(--mcp-font-weight-medium, 600);
        margin-bottom: var(--mcp-spacing-xs, 0.125rem);
      }
      .box {
        border: 1px solid var(--mcp-border);
        border-radius: var(--mcp-radius-md, 4px);
        background: var(--mcp-background);
        color: var(--mcp-text-primary);
        font-family: var(--mcp-font-family);
        overflow: hidden;
      }
      .bar {
        display: flex;
        align-items: center;
        gap: var(--mcp-spacing-sm, 0.25rem);
        padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
        background: var(--mcp-surface);
        border-bottom: 1px solid var(--mcp-border);
        font-weight: var(--mcp-font-weight-bold, 700);
      }
      .bar img {
        max-height: 1.5rem;
        max-width: 4rem;
      }
      .body {
        padding: var(--mcp-spacing-md, 0.5rem);
        display: grid;
        gap: var(--mcp-spacing-sm, 0.25rem);
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-sm, 0.25rem);
        align-items: center;
      }
      .btn {
        display: inline-block;
        border-radius: var(--mcp-radius-md, 4px);
        padding: var(--mcp-spacing-xs, 0.125rem) var(--mcp-spacing-md, 0.5rem);
        background: var(--mcp-primary-color);
        color: var(--mcp-on-primary);
        border: 1px solid var(--mcp-primary-color);
      }
      .btn2 {
        display: inline-block;
        border-radius: var(--mcp-radius-md, 4px);
        padding: var(--mcp-spacing-xs, 0.125rem) var(--mcp-spacing-md, 0.5rem);
        background: var(--mcp-secondary-color);
        color: var(--mcp-on-secondary);
      }
      .focus {
        display: inline-block;
        padding: 0 var(--mcp-spacing-sm, 0.25rem);
        outline: var(--mcp-focus-ring-width, 3px) solid var(--mcp-focus-ring);
        outline-offset: var(--mcp-focus-ring-offset, 2px);
        border-radius: var(--mcp-radius-sm, 2px);
      }
      .link {
        color: var(--mcp-link-color);
        text-decoration: underline;
      }
      .secondary {
        color: var(--mcp-text-secondary);
      }
      .tab {
        border-bottom: 3px solid var(--mcp-primary-color);
        font-weight: var(--mcp-font-weight-bold, 700);
      }
    `,
  ];

  static override properties = {
    brand: { attribute: false },
    mode: {},
    scheme: { attribute: false },
    label: { attribute: false },
    t: { attribute: false },
  };

  declare brand: Brand | null;
  declare mode: ThemeMode;
  declare scheme: ColorScheme;
  declare label: string;
  declare t: Translate | undefined;

  constructor() {
    super();
    this.brand = null;
    this.mode = 'light';
    this.scheme = 'vibrant';
    this.label = '';
  }

  override render() {
    const t: Translate = this.t ?? ((key) => key);
    const { tokens } = composeTheme({ mode: this.mode, colorScheme: this.scheme, brand: this.brand });
    return html`<figure>
      <figcaption>${t('preview.caption', { mode: this.label })}</figcaption>
      <div class="box" style=${styleMap({ ...tokens, 'color-scheme': this.mode === 'light' ? 'light' : 'dark' })}>
        <div class="bar"
          >${this.brand?.logo ? html`<img src=${this.brand.logo} alt="" />` : nothing}<span
            >${this.brand?.name ?? ''}</span
          ></div
        >
        <div class="body">
          <div class="row"
            ><span class="tab">${t('preview.tab')}</span><span class="secondary">${t('preview.secondary')}</span></div
          >
          <div class="row"
            ><span class="btn">${t('preview.button')}</span
            ><span class="btn2">${t('preview.secondaryButton')}</span></div
          >
          <div class="row"
            ><span class="link">${t('preview.link')}</span><span class="focus">${t('preview.focus')}</span></div
          >
        </div>
      </div>
    </figure>`;
  }
}

if (!customElements.get('mcp-brand-preview')) customElements.define('mcp-brand-preview', McpBrandPreview);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-brand-preview': McpBrandPreview;
  }
}
