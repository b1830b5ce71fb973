import { LitElement, html, nothing } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { Brand } from '../../core/shared/brand/brand-schema.js';
import { validateBrand } from '../../core/shared/brand/brand-validate.js';
import { imageFileToDataUrl, prepareBrand } from '../../../theme/brand-assets.js';
import { brandReport, type BrandAdaptation } from '../../../theme/compose.js';
import { formatRatio } from '../../../theme/color.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { a11yContext, configurationContext, consume, themeContext } from '../services/contexts.js';
import { PREFERENCE_KEYS } from '../services/preferences.js';
import { PreferencesController } from '../services/preferences-controller.js';
import { shellStyles } from '../shell.styles.js';
import { fromDraft, HEX, previewBrand, toDraft, type Draft } from './brand-draft.js';
import { brandEditorStyles } from './brand-editor.styles.js';
import './brand-preview.js';
import { addShellMessages } from '../i18n/messages.js';
import { BRAND_CATALOGS } from './brand-messages.js';

addShellMessages(BRAND_CATALOGS);

/**
 * White-label editor in the Theme panel: product name, colours, font, logo, favicon and default
 * mode; import and export of brand.json; a live preview in light and dark; and the list of brand
 * colours that are adapted for WCAG AA, with the reason. Apply stores the brand (IndexedDB) and the
 * whole dashboard follows.
 */
export class McpBrandEditor extends LitElement {
  static override styles = [shellStyles, brandEditorStyles];

  static override properties = {
    draft: { state: true },
    problems: { state: true },
    notes: { state: true },
    status: { state: true },
  };

  declare draft: Draft;
  declare problems: string[];
  declare notes: string[];
  declare status: string;
  private readonly l10n = new ShellLocalize(this);
  private readonly theme = consume(this, themeContext);
  private readonly a11y = consume(this, a11yContext);
  private readonly configuration = consume(this, configurationContext);
  // Follows the brand in effect (Apply here, a brand from the config, another tab's storage).
  private readonly preferences = new PreferencesController(this);
  private loadedFrom: Brand | null | undefined;

  constructor() {
    super();
    this.draft = toDraft(null);
    this.problems = [];
    this.notes = [];
    this.status = '';
  }

  override willUpdate(): void {
    const current = this.theme.value?.brand ?? null;
    // Follow the brand in effect until the user starts editing (or after Apply/Remove).
    if (current !== this.loadedFrom && this.status === '') {
      this.loadedFrom = current;
      this.draft = toDraft(current);
    }
  }

  private t(key: string, variables?: Record<string, unknown>): string {
    return this.l10n.t(key, variables);
  }

  private edit(patch: Partial<Draft>): void {
    this.draft = { ...this.draft, ...patch };
    this.status = this.t('brand.editing');
    this.problems = [];
  }

  private async importFile(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    let value: unknown;
    try {
      value = JSON.parse(await file.text());
    } catch (error) {
      this.fail([this.t('brand.notJson', { file: file.name, message: (error as Error).message })]);
      return;
    }
    const prepared = prepareBrand(value);
    if (!prepared.ok) {
      this.fail(prepared.problems);
      return;
    }
    this.draft = toDraft(prepared.brand);
    this.notes = prepared.notes;
    this.problems = [];
    this.status = this.t('brand.imported', { file: file.name });
    this.a11y.value?.announce(this.status, 'polite');
  }

  private async imageFile(event: Event, key: 'logo' | 'favicon'): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      const { dataUrl, removed } = await imageFileToDataUrl(file, key);
      this.edit({ [key]: dataUrl });
      this.notes = removed.length ? [`${key}: removed ${removed.join(', ')}`] : [];
    } catch (error) {
      this.fail([(error as Error).message]);
    }
  }

  private fail(problems: string[]): void {
    this.problems = problems;
    this.status = this.t('brand.failed');
    this.a11y.value?.announce(`${this.status} ${problems.join(' ')}`, 'assertive');
  }

  private async apply(): Promise<void> {
    const prepared = prepareBrand(fromDraft(this.draft));
    if (!prepared.ok) {
      this.fail(prepared.problems);
      return;
    }
    const applied = this.draft;
    await this.configuration.value?.set(PREFERENCE_KEYS.brand, prepared.brand).catch(() => {});
    this.a11y.value?.announce(this.t('brand.applied', { name: prepared.brand.name }), 'polite');
    // The brand is in effect at once, but stored a moment later: an edit made meanwhile stays a draft.
    if (this.draft !== applied) return;
    this.status = '';
    this.problems = [];
  }

  private async removeBrand(): Promise<void> {
    const removed = this.draft;
    await this.configuration.value?.set(PREFERENCE_KEYS.brand, undefined).catch(() => {});
    this.a11y.value?.announce(this.t('brand.removed'), 'polite');
    if (this.draft !== removed) return;
    this.status = '';
    this.problems = [];
    this.loadedFrom = undefined;
  }

  private export(): void {
    const value = fromDraft(this.draft);
    const checked = validateBrand(value);
    if (!checked.ok) {
      this.fail(checked.problems);
      return;
    }
    const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'brand.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.a11y.value?.announce(this.t('brand.exported'), 'polite');
  }

  private describe(a: BrandAdaptation): string {
    return this.t(a.kind === 'text' ? 'adapt.text' : 'adapt.ui', {
      token: this.t(`token.${a.token}`),
      mode: this.t(`mode.${a.mode}`),
      from: a.from,
      to: a.to,
      ratio: formatRatio(a.ratio),
      against: a.against,
      where: this.t(`bg.${a.againstToken}`),
      minimum: a.minimum,
    });
  }

  private renderColor(key: 'primary' | 'secondary') {
    const value = this.draft[key];
    const valid = value === '' || HEX.test(value.trim());
    const id = `brand-${key}`;
    return html`<div class="field">
      <label for=${id}>${this.t(`brand.${key}`)}</label>
      <div class="color">
        <input
          id=${id}
          type="text"
          .value=${value}
          placeholder="#0b5cad"
          spellcheck="false"
          aria-invalid=${valid ? 'false' : 'true'}
          aria-describedby=${valid ? 'brand-color-hint' : `${id}-err brand-color-hint`}
          @input=${(e: Event) => this.edit({ [key]: (e.target as HTMLInputElement).value })}
        />
        <input
          type="color"
          aria-label=${this.t(`brand.pick.${key}`)}
          .value=${HEX.test(value.trim()) && value.trim().length === 7 ? value.trim() : '#000000'}
          @input=${(e: Event) => this.edit({ [key]: (e.target as HTMLInputElement).value })}
        />
      </div>
      ${valid ? nothing : html`<span id="${id}-err" class="error-text" role="alert">${this.t('brand.badColor')}</span>`}
    </div>`;
  }

  private renderImage(key: 'logo' | 'favicon') {
    const id = `brand-${key}`;
    return html`<div class="field">
      <span class="label" id="${id}-label"><strong>${this.t(`brand.${key}`)}</strong></span>
      <div class="buttons">
        ${this.draft[key] ? html`<img class="logo" src=${this.draft[key]} alt=${this.t('brand.current', { what: this.t(`brand.${key}`) })} />` : html`<span class="muted">${this.t('brand.none')}</span>`}
        <label class="file"
          ><span>${this.t('brand.choose')}</span
          ><input
            id=${id}
            type="file"
            aria-labelledby="${id}-label ${id}"
            accept=".svg,.png,.jpg,.jpeg,.gif,.webp,.ico,image/*"
            @change=${(e: Event) => void this.imageFile(e, key)}
        /></label>
        ${this.draft[key] ? html`<button type="button" @click=${() => this.edit({ [key]: '' })}>${this.t('brand.removeImage', { what: this.t(`brand.${key}`) })}</button>` : nothing}
      </div>
    </div>`;
  }

  override render() {
    const t = (key: string, variables?: Record<string, unknown>) => this.t(key, variables);
    const prefs = this.preferences.value;
    const source = prefs?.brandSource ?? 'none';
    const active = this.theme.value?.brand;
    const preview = previewBrand(this.draft);
    const scheme = this.theme.value?.colorScheme ?? 'vibrant';
    const adaptations = preview.colors ? brandReport(preview, scheme) : [];
    const problems = [...this.problems, ...(this.status === '' ? (prefs?.brandProblems ?? []) : [])];
    return html`<section aria-labelledby="brand-title">
      <h3 id="brand-title">${t('brand.title')}</h3>
      <p class="muted"
        >${source === 'none' ? t('brand.inUseDefault') : t(`brand.inUse.${source}`, { name: active?.name ?? '' })}</p
      >
      <div class="fields">
        <div class="field">
          <label for="brand-name">${t('brand.name')}</label>
          <input
            id="brand-name"
            type="text"
            maxlength="60"
            .value=${this.draft.name}
            @input=${(e: Event) => this.edit({ name: (e.target as HTMLInputElement).value })}
          />
        </div>
        ${this.renderColor('primary')} ${this.renderColor('secondary')}
        <div class="field">
          <label for="brand-font">${t('brand.font')}</label>
          <input
            id="brand-font"
            type="text"
            .value=${this.draft.font}
            placeholder="Georgia, serif"
            @input=${(e: Event) => this.edit({ font: (e.target as HTMLInputElement).value })}
          />
        </div>
        <div class="field">
          <label for="brand-mode">${t('brand.defaultMode')}</label>
          <select
            id="brand-mode"
            @change=${(e: Event) => this.edit({ defaultMode: (e.target as HTMLSelectElement).value })}
          >
            ${['', 'light', 'dark', 'high-contrast', 'auto'].map((m) => html`<option value=${m} ?selected=${this.draft.defaultMode === m}>${m ? t(`mode.${m}`) : t('brand.notSet')}</option>`)}
          </select>
        </div>
        ${this.renderImage('logo')} ${this.renderImage('favicon')}
      </div>
      <p id="brand-color-hint" class="hint muted">${t('brand.colorHint')}</p>
      <div class="buttons">
        <label class="file"
          ><span>${t('brand.import')}</span
          ><input
            type="file"
            accept="application/json,.json"
            aria-label=${t('brand.import')}
            @change=${(e: Event) => void this.importFile(e)}
        /></label>
        <button type="button" @click=${() => this.export()}>${t('brand.export')}</button>
        <button type="button" class="primary" data-action="apply-brand" @click=${() => void this.apply()}
          >${t('brand.apply')}</button
        >
        ${source === 'user' ? html`<button type="button" data-action="remove-brand" @click=${() => void this.removeBrand()}>${t('brand.remove')}</button>` : nothing}
      </div>
      <div role="status" class="muted">${this.status}</div>
      ${
        problems.length
          ? html`<div class="problems" role="alert"
              ><p><strong>✗ ${t('brand.problems')}</strong></p
              ><ul
                >${problems.map((p) => html`<li>${p}</li>`)}</ul
              ></div
            >`
          : nothing
      }
      ${this.notes.length ? html`<p class="muted">${t('brand.sanitized')} ${this.notes.join('; ')}</p>` : nothing}
      <h4>${t('brand.preview')}</h4>
      <div class="previews">
        <mcp-brand-preview
          .brand=${preview}
          mode="light"
          .scheme=${scheme}
          .label=${t('mode.light')}
          .t=${t}
        ></mcp-brand-preview>
        <mcp-brand-preview
          .brand=${preview}
          mode="dark"
          .scheme=${scheme}
          .label=${t('mode.dark')}
          .t=${t}
        ></mcp-brand-preview>
      </div>
      <h4>${t('brand.contrast')}</h4>
      ${
        adaptations.length === 0
          ? html`<p class="muted">${preview.colors ? t('brand.allPass') : t('brand.noColors')}</p>`
          : html`<ul class="adapt" aria-label=${t('brand.contrast')}>
              ${adaptations.map(
                (a) =>
                  html`<li
                    ><span class="swatch" style=${styleMap({ background: a.from })} aria-hidden="true"></span> →
                    <span class="swatch" style=${styleMap({ background: a.to })} aria-hidden="true"></span>
                    ${this.describe(a)}</li
                  >`,
              )}
            </ul>`
      }
    </section>`;
  }
}

if (!customElements.get('mcp-brand-editor')) customElements.define('mcp-brand-editor', McpBrandEditor);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-brand-editor': McpBrandEditor;
  }
}
