import type { Brand } from '../../core/shared/brand/brand-schema.js';
import type { Configuration } from '../../core/services/configuration.js';
import type { EventBus } from '../../core/services/event-bus.js';
import { languageOf, negotiateLocale, type I18n } from '../../core/services/i18n.js';
import type { ColorScheme, ThemeModePreference, Unsubscribe } from '../../core/shared/types.js';
import type { ThemeService } from '../../../theme/theme-service.js';
import type { A11yHelper, UserA11ySettings } from './a11y-helper.js';
import { LANGUAGES, loadShellLanguage, SHELL_CATALOGS } from '../i18n/messages.js';

/** Configuration keys of the user's appearance, accessibility and language choices (persisted in IndexedDB). */
export const PREFERENCE_KEYS = {
  mode: 'theme.mode',
  colorScheme: 'theme.colorScheme',
  brand: 'theme.brand',
  motion: 'a11y.motion',
  textSize: 'a11y.textSize',
  screenReader: 'a11y.screenReader',
  locale: 'i18n.locale',
} as const;

const KEYS = new Set<string>(Object.values(PREFERENCE_KEYS));

/** The brand checker module (ajv for brand.json, DOMPurify for SVG logos). */
export type BrandTools = typeof import('../../../theme/brand-assets.js');
let brandToolsLoading: Promise<BrandTools> | undefined;

/**
 * The brand checker (ajv for brand.json, DOMPurify for SVG logos) is loaded only when there is a
 * brand to check, so a dashboard without one never fetches it (docs/decisions/startup-initial-bundle.md).
 */
function loadBrandTools(): Promise<BrandTools> {
  brandToolsLoading ??= import('../../../theme/brand-assets.js').catch((error: unknown) => {
    brandToolsLoading = undefined;
    throw error;
  });
  return brandToolsLoading;
}

/** Where the brand in effect comes from. */
export type BrandSource = 'user' | 'config' | 'none';

/**
 * Keeps Configuration (the user's persisted choices, MCP-WP-5.5.8, 6.8.3) and the live services in
 * step: Theme (mode, colour scheme, brand, motion), A11yHelper (text size, motion, screen-reader
 * hint), I18n (locale, announced as `mcp:host:locale-changed`, MCP-WP-10.3.4, and written to
 * `<html lang>`). Every change goes through Configuration, so it is stored and every listener sees it.
 */
export class Preferences {
  /** The brand from the dashboard config (already checked), if any. */
  configBrand: Brand | null = null;
  /** Notes about sanitised brand images. */
  brandNotes: string[] = [];
  private configProblems: string[] = [];
  private storedProblems: string[] = [];
  private source: BrandSource = 'none';
  private brandTools: BrandTools | undefined;
  private brandToolsProblem: string | undefined;
  private brandToolsPending: Promise<void> | undefined;
  /** The stored or browser language while its strings load (start() waits for it: the first full render is in it). */
  private languagePending: Promise<void> | undefined;
  private readonly subs: Unsubscribe[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly services: {
      configuration: Configuration;
      theme: ThemeService;
      a11y: A11yHelper;
      i18n: I18n;
      bus: EventBus;
    },
    private readonly requestedLocales: readonly string[] = typeof navigator === 'object' ? navigator.languages : [],
    private readonly loadTools: () => Promise<BrandTools> = loadBrandTools,
  ) {}

  /**
   * Applies the stored choices and starts following changes. Resolves once a stored brand (whose
   * checker loads on demand) is applied too, so a caller can hold its first full render until then.
   */
  start(): Promise<void> {
    const { configuration, theme, a11y, i18n, bus } = this.services;
    this.apply();
    this.subs.push(
      configuration.onChange('*', (_value, key) => {
        if (KEYS.has(key)) this.apply();
      }),
      theme.onChange(() => {
        a11y.setThemeHighContrast(theme.getMode() === 'high-contrast');
        this.notify();
      }),
      i18n.onLocaleChange((locale) => {
        document.documentElement.lang = locale;
        bus.emit('mcp:host:locale-changed', { locale });
        this.notify();
      }),
    );
    document.documentElement.lang = i18n.currentLocale;
    a11y.setThemeHighContrast(theme.getMode() === 'high-contrast');
    return Promise.all([this.brandToolsPending, this.languagePending]).then(() => undefined);
  }

  /** Loads the brand checker once; a failure is kept as a problem the Theme panel shows. */
  private needBrandTools(): Promise<void> {
    if (this.brandTools) return Promise.resolve();
    this.brandToolsPending ??= this.loadTools()
      .then(
        (tools) => {
          this.brandTools = tools;
          this.brandToolsProblem = undefined;
        },
        (error: unknown) => {
          this.brandToolsProblem = `could not be checked: the brand code did not load (${(error as Error)?.message ?? String(error)}); reload the page`;
        },
      )
      .finally(() => {
        this.brandToolsPending = undefined;
      });
    return this.brandToolsPending;
  }

  /** Problems with the config's brand or the stored one, for the Theme panel. */
  get brandProblems(): string[] {
    return [...this.configProblems, ...this.storedProblems];
  }

  /** Where the brand in effect comes from. */
  get brandSource(): BrandSource {
    return this.source;
  }

  /** Sets the config's brand (from the gateway); validated and sanitised here again. */
  async setConfigBrand(value: unknown): Promise<void> {
    this.configProblems = [];
    if (value !== null && value !== undefined) await this.needBrandTools();
    const tools = this.brandTools;
    if (value === null || value === undefined) this.configBrand = null;
    else if (!tools) {
      this.configBrand = null;
      this.configProblems = [`dashboard.brand ${this.brandToolsProblem}`];
    } else {
      const prepared = tools.prepareBrand(value);
      this.configBrand = prepared.ok ? prepared.brand : null;
      if (!prepared.ok) this.configProblems = prepared.problems.map((p) => `dashboard.brand ${p}`);
      else this.brandNotes = prepared.notes;
    }
    this.apply();
  }

  private get<T>(key: string): T | undefined {
    return this.services.configuration.get<T>(key);
  }

  /** Fetches a language's strings (shell and kit come with it) and switches to it, unless the choice moved on meanwhile. */
  private async loadLanguage(locale: string): Promise<void> {
    const { i18n } = this.services;
    try {
      const catalogs = await loadShellLanguage(locale);
      if (catalogs) i18n.addCatalogs(catalogs);
    } catch (error) {
      console.error('[mcp-dashboard] could not load the strings for', locale, error);
    }
    const now =
      this.get<string>(PREFERENCE_KEYS.locale) ??
      negotiateLocale(
        this.requestedLocales,
        LANGUAGES.map((l) => l.locale),
        'en',
      );
    if (now === locale) i18n.setLocale(locale);
    this.notify();
  }

  private apply(): void {
    const { theme, a11y, i18n } = this.services;
    const stored = this.get<unknown>(PREFERENCE_KEYS.brand);
    let brand = this.configBrand;
    this.source = brand ? 'config' : 'none';
    this.storedProblems = [];
    if (stored && !this.brandTools) {
      // Applied as soon as the checker has loaded; until then the config's brand (or none) shows.
      if (this.brandToolsProblem) this.storedProblems = [`stored brand ${this.brandToolsProblem}`];
      else void this.needBrandTools().then(() => this.apply());
    } else if (stored && this.brandTools) {
      const prepared = this.brandTools.prepareBrand(stored);
      if (prepared.ok) {
        brand = prepared.brand;
        this.source = 'user';
        this.brandNotes = prepared.notes;
      } else {
        this.storedProblems = prepared.problems.map((p) => `stored brand ${p}`);
      }
    }
    const motion = this.get<UserA11ySettings['motion']>(PREFERENCE_KEYS.motion) ?? 'system';
    a11y.setUserSettings({
      motion,
      textSize: this.get<UserA11ySettings['textSize']>(PREFERENCE_KEYS.textSize) ?? 'medium',
      screenReader: this.get<boolean>(PREFERENCE_KEYS.screenReader) === true,
    });
    // One recomputation for the whole batch; the brand's defaults apply until the user chooses.
    theme.configure({
      brand,
      reducedMotion: motion === 'reduce',
      colorScheme: this.get<ColorScheme>(PREFERENCE_KEYS.colorScheme) ?? brand?.defaultColorScheme ?? 'vibrant',
      mode: this.get<ThemeModePreference>(PREFERENCE_KEYS.mode) ?? brand?.defaultMode ?? 'auto',
    });
    const wanted =
      this.get<string>(PREFERENCE_KEYS.locale) ??
      negotiateLocale(
        this.requestedLocales,
        LANGUAGES.map((l) => l.locale),
        'en',
      );
    // A language other than English loads on demand: the switch happens once its strings are here.
    if (SHELL_CATALOGS[languageOf(wanted)] || !LANGUAGES.some((l) => languageOf(l.locale) === languageOf(wanted)))
      i18n.setLocale(wanted);
    else this.languagePending = this.loadLanguage(wanted);
    this.notify();
  }

  /** Called after anything here changed (the shell re-renders its header). */
  onChange(callback: () => void): Unsubscribe {
    this.listeners.add(callback);
    return () => this.listeners.delete(callback);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Stops following changes. */
  dispose(): void {
    for (const u of this.subs) u();
    this.subs.length = 0;
    this.listeners.clear();
  }
}
