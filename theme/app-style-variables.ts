/**
 * Maps the dashboard's `--mcp-*` theme tokens onto the MCP Apps style variables handed to views
 * (`hostContext.styles.variables`, MCP Apps "Theming"). One table row per variable: extending the
 * tokens means adding rows here, nothing else. Views get only variables whose token has a
 * value, and only values that cannot break out of a CSS declaration.
 */
import type { McpUiStyleVariableKey, McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';

/** [MCP Apps variable, our token]; the first token with a value wins when several are listed. */
export const APP_STYLE_VARIABLE_MAP: ReadonlyArray<readonly [McpUiStyleVariableKey, ...string[]]> = [
  ['--color-background-primary', '--mcp-background'],
  ['--color-background-secondary', '--mcp-surface'],
  ['--color-background-tertiary', '--mcp-surface-raised', '--mcp-surface'],
  ['--color-background-inverse', '--mcp-text-primary'],
  ['--color-background-ghost', '--mcp-surface'],
  ['--color-background-info', '--mcp-info-light'],
  ['--color-background-danger', '--mcp-error-light'],
  ['--color-background-success', '--mcp-success-light'],
  ['--color-background-warning', '--mcp-warning-light'],
  ['--color-background-disabled', '--mcp-surface'],
  ['--color-text-primary', '--mcp-text-primary'],
  ['--color-text-secondary', '--mcp-text-secondary'],
  ['--color-text-tertiary', '--mcp-text-secondary'],
  ['--color-text-inverse', '--mcp-background'],
  ['--color-text-ghost', '--mcp-text-secondary'],
  ['--color-text-disabled', '--mcp-text-disabled'],
  ['--color-text-info', '--mcp-info-dark', '--mcp-primary-color'],
  ['--color-text-danger', '--mcp-error-dark'],
  ['--color-text-success', '--mcp-success-dark'],
  ['--color-text-warning', '--mcp-warning-dark'],
  ['--color-border-primary', '--mcp-border'],
  ['--color-border-secondary', '--mcp-border'],
  ['--color-border-tertiary', '--mcp-border'],
  ['--color-border-inverse', '--mcp-background'],
  ['--color-border-ghost', '--mcp-border'],
  ['--color-border-info', '--mcp-info-medium'],
  ['--color-border-danger', '--mcp-error-dark'],
  ['--color-border-success', '--mcp-success-medium'],
  ['--color-border-warning', '--mcp-warning-medium'],
  ['--color-border-disabled', '--mcp-border'],
  ['--color-ring-primary', '--mcp-focus-ring', '--mcp-primary-color'],
  ['--color-ring-secondary', '--mcp-secondary-color'],
  ['--color-ring-inverse', '--mcp-background'],
  ['--color-ring-info', '--mcp-info-medium'],
  ['--color-ring-danger', '--mcp-error-medium'],
  ['--color-ring-success', '--mcp-success-medium'],
  ['--color-ring-warning', '--mcp-warning-medium'],
  ['--font-sans', '--mcp-font-family'],
  ['--font-mono', '--mcp-font-family-mono'],
  ['--font-text-xs-size', '--mcp-font-size-sm'],
  ['--font-text-sm-size', '--mcp-font-size-sm'],
  ['--font-text-md-size', '--mcp-font-size-md'],
  ['--font-text-lg-size', '--mcp-font-size-lg'],
  ['--font-heading-sm-size', '--mcp-font-size-lg'],
  ['--font-heading-md-size', '--mcp-font-size-xl'],
  ['--font-text-sm-line-height', '--mcp-line-height'],
  ['--font-text-md-line-height', '--mcp-line-height'],
  ['--font-text-lg-line-height', '--mcp-line-height'],
  ['--border-radius-xs', '--mcp-radius-sm'],
  ['--border-radius-sm', '--mcp-radius-sm'],
  ['--border-radius-md', '--mcp-radius-md'],
  ['--border-radius-lg', '--mcp-radius-lg'],
  ['--border-radius-full', '--mcp-radius-full'],
  ['--shadow-sm', '--mcp-shadow-sm'],
  ['--shadow-md', '--mcp-shadow-md'],
];

/** A token value safe to hand to a view as a CSS custom property value. */
export function safeStyleValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > 300 || /[;{}<>\\]|\/\*|url\s*\(|@import|expression\s*\(/i.test(trimmed))
    return undefined;
  return trimmed;
}

/** The MCP Apps style variables for the current tokens. */
export function appStyleVariables(tokens: Readonly<Record<string, string>>): Partial<McpUiStyles> {
  const variables: Partial<McpUiStyles> = {};
  for (const [variable, ...sources] of APP_STYLE_VARIABLE_MAP) {
    for (const source of sources) {
      const value = safeStyleValue(tokens[source]);
      if (value !== undefined) {
        variables[variable] = value;
        break;
      }
    }
  }
  return variables;
}

function luminance(hex: string): number | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const channel = (i: number) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/**
 * MCP Apps knows only `light` and `dark`. Our `light` is light; `dark` and `high-contrast` (black
 * background) are dark; any other mode (a brand) is judged by its background's luminance.
 */
export function appThemeFor(mode: string, tokens: Readonly<Record<string, string>>): 'light' | 'dark' {
  if (mode === 'light') return 'light';
  if (mode === 'dark' || mode === 'high-contrast') return 'dark';
  const l = luminance(tokens['--mcp-background'] ?? '');
  return l !== undefined && l < 0.4 ? 'dark' : 'light';
}
