// The screen sizes and modes both screenshot scripts use (docs-screenshots.ts, inspector-screenshots.ts), so the
// dashboard and MCP Inspector are taken under the same conditions.
import type { BrowserContextOptions } from 'playwright-core';

/** Light and dark by the colour scheme; high contrast by the browser's forced-colours emulation (Inspector has no mode of its own). */
export const MODES: Record<'light' | 'dark' | 'hc', BrowserContextOptions> = {
  light: { colorScheme: 'light' },
  dark: { colorScheme: 'dark' },
  hc: { colorScheme: 'dark', forcedColors: 'active' },
};

/** A phone, a laptop and a wall screen. */
export const SIZES = [
  [390, 844],
  [1280, 720],
  [1920, 1080],
] as const;
