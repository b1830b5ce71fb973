// The Theme service handed to widgets and scoped theming (MCP-WP-5.5, §6.4).

import type { Unsubscribe } from './common.js';

/** A theme mode as the user chooses it; `auto` follows the system (MCP-WP-5.5.9, 6.4.1). */
export type ThemeModePreference = 'light' | 'dark' | 'high-contrast' | 'auto';

/** Colour intensity (MCP-WP-5.5.2, 6.4.1). */
export type ColorScheme = 'vibrant' | 'muted' | 'accessible';

/** Options of `Theme.adaptColor` (MCP-WP-5.5.2). */
export interface ColorAdaptationOptions {
  /** Adapt against the current mode's background (default true); false adapts against white. */
  respectMode?: boolean;
  /** Keep hue and saturation; only lightness moves (default true). */
  preserveHue?: boolean;
  /** Minimum WCAG ratio against the background (default 4.5). */
  targetContrast?: number;
  /** Lightness shift before adapting, -1 … 1. */
  intensity?: number;
  /** Extension: the colour to adapt against, instead of the mode's background. */
  against?: string;
}

/** Scoped theming a widget declares in its metadata (MCP-WP-5.5.6). */
export interface ScopedTheming {
  /** Borders, headers, controls: the host's tokens, or the widget's own `--mcp-*` overrides. */
  chrome: 'host' | 'custom';
  /** Data visualisations and brand content: host tokens, or the widget's custom properties. */
  content: 'host' | 'custom';
  /** Custom properties to set on the widget's shadow root (colours are kept readable per mode). */
  customTokens?: Record<string, string>;
}

/** Theme service (MCP-WP-5.5.2 / 6.4). */
export interface ThemeInterface {
  tokens: Record<string, string>;
  /** Injects the tokens into the element's shadow root; `scoped` applies MCP-WP-5.5.6 scoped theming. */
  applyToElement(element: HTMLElement, scoped?: ScopedTheming): void;
  onThemeChange(callback: (tokens: Record<string, string>, mode: string) => void): Unsubscribe;
  getMode(): 'light' | 'dark' | 'high-contrast' | 'custom';
  /** The user's preference, `auto` included (MCP-WP-6.4.1). */
  mode?: ThemeModePreference;
  colorScheme?: ColorScheme;
  colors?: Record<string, string>;
  accentColors?: Record<string, string>;
  dataColors?: Record<string, string>;
  semanticColors?: Record<string, string>;
  spacing?: Record<string, string>;
  typography?: Record<string, string>;
  getColorScheme?(): ColorScheme;
  getContrastRatio?(color1: string, color2: string): number;
  adaptColor?(color: string, options?: ColorAdaptationOptions): string;
  generateColorScale?(baseColor: string, steps?: number): string[];
  getCSSVar?(property: string): string;
  onChange?(callback: (theme: ThemeInterface) => void): Unsubscribe;
}
