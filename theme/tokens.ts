/** The 18 base design tokens of MCP-WP-5.5.3, per mode. Issue-7 work extends this with the 42 extended tokens. */
export type ThemeMode = 'light' | 'dark' | 'high-contrast';

/** Names of the 18 base tokens (MCP-WP-5.5.3). */
export const BASE_TOKEN_NAMES = [
  '--mcp-primary-color',
  '--mcp-secondary-color',
  '--mcp-background',
  '--mcp-surface',
  '--mcp-text-primary',
  '--mcp-text-secondary',
  '--mcp-border',
  '--mcp-spacing-sm',
  '--mcp-spacing-md',
  '--mcp-spacing-lg',
  '--mcp-spacing-xl',
  '--mcp-font-family',
  '--mcp-font-size-sm',
  '--mcp-font-size-md',
  '--mcp-font-size-lg',
  '--mcp-radius-sm',
  '--mcp-radius-md',
  '--mcp-radius-lg',
] as const;

const shared = {
  '--mcp-spacing-sm': '0.25rem',
  '--mcp-spacing-md': '0.5rem',
  '--mcp-spacing-lg': '1rem',
  '--mcp-spacing-xl': '1.5rem',
  '--mcp-font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  '--mcp-font-size-sm': '0.8125rem',
  '--mcp-font-size-md': '0.875rem',
  '--mcp-font-size-lg': '1rem',
  '--mcp-radius-sm': '2px',
  '--mcp-radius-md': '4px',
  '--mcp-radius-lg': '8px',
};

/** Token values per mode; every text/background pair meets WCAG AA. */
export const PRESETS: Record<ThemeMode, Record<string, string>> = {
  light: {
    ...shared,
    '--mcp-primary-color': '#0b5cad',
    '--mcp-secondary-color': '#5c6670',
    '--mcp-background': '#ffffff',
    '--mcp-surface': '#f4f6f8',
    '--mcp-text-primary': '#1b1f24',
    '--mcp-text-secondary': '#4d5661',
    '--mcp-border': '#8c959f',
    '--mcp-on-primary': '#ffffff',
    '--mcp-focus-ring': '#0b5cad',
    '--mcp-success-dark': '#0d6b3c',
    '--mcp-warning-dark': '#8a4b00',
    '--mcp-error-dark': '#a4161a',
    '--mcp-error-light': '#fdecec',
    '--mcp-info-dark': '#1e40af',
  },
  dark: {
    ...shared,
    '--mcp-primary-color': '#7cb7ff',
    '--mcp-secondary-color': '#a9b4c0',
    '--mcp-background': '#14171b',
    '--mcp-surface': '#1f2429',
    '--mcp-text-primary': '#e8ecf0',
    '--mcp-text-secondary': '#b3bcc6',
    '--mcp-border': '#6b7580',
    '--mcp-on-primary': '#0b1520',
    '--mcp-focus-ring': '#7cb7ff',
    '--mcp-success-dark': '#6fdc9c',
    '--mcp-warning-dark': '#f5c26b',
    '--mcp-error-dark': '#ff9a9a',
    '--mcp-error-light': '#3a1d1f',
    '--mcp-info-dark': '#9cc2ff',
  },
  'high-contrast': {
    ...shared,
    '--mcp-primary-color': '#ffff00',
    '--mcp-secondary-color': '#ffffff',
    '--mcp-background': '#000000',
    '--mcp-surface': '#000000',
    '--mcp-text-primary': '#ffffff',
    '--mcp-text-secondary': '#ffffff',
    '--mcp-border': '#ffffff',
    '--mcp-on-primary': '#000000',
    '--mcp-focus-ring': '#ffff00',
    '--mcp-success-dark': '#00ff66',
    '--mcp-warning-dark': '#ffcc00',
    '--mcp-error-dark': '#ff6b6b',
    '--mcp-error-light': '#000000',
    '--mcp-info-dark': '#66ccff',
  },
};

/** CSS text declaring `tokens` on `selector`. */
export function tokensToCss(tokens: Record<string, string>, selector = ':host'): string {
  const body = Object.entries(tokens)
    .filter(([name, value]) => /^--mcp-[a-z0-9-]+$/.test(name) && !/[;{}<>]/.test(value))
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
  return `${selector} { ${body} }`;
}
