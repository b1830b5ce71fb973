import { expect } from '@open-wc/testing';
import { appStyleVariables, appThemeFor, safeStyleValue } from './app-style-variables.js';
import { PRESETS } from './tokens.js';

describe('MCP Apps style variables from --mcp-* tokens', () => {
  it("maps every mode's tokens to MCP Apps variables and the theme to light/dark", () => {
    for (const mode of ['light', 'dark', 'high-contrast'] as const) {
      const vars = appStyleVariables(PRESETS[mode]);
      expect(vars['--color-background-primary']).to.equal(PRESETS[mode]['--mcp-background']);
      expect(vars['--color-text-primary']).to.equal(PRESETS[mode]['--mcp-text-primary']);
      expect(vars['--color-border-primary']).to.equal(PRESETS[mode]['--mcp-border']);
      expect(vars['--font-sans']).to.equal(PRESETS[mode]['--mcp-font-family']);
      expect(vars['--border-radius-md']).to.equal(PRESETS[mode]['--mcp-radius-md']);
    }
    expect(appThemeFor('light', PRESETS.light)).to.equal('light');
    expect(appThemeFor('dark', PRESETS.dark)).to.equal('dark');
    expect(appThemeFor('high-contrast', PRESETS['high-contrast'])).to.equal('dark');
    expect(appThemeFor('custom', { '--mcp-background': '#101010' })).to.equal('dark');
    expect(appThemeFor('custom', { '--mcp-background': '#fafafa' })).to.equal('light');
  });

  it('values that could break out of a declaration are not handed to views', () => {
    for (const bad of [
      'red; background: url(https://evil)',
      'x}body{',
      'url(https://evil.example/a.png)',
      '@import "x"',
      'expression(alert(1))',
      '</style>',
      'a/*b',
    ]) {
      expect(safeStyleValue(bad), bad).to.equal(undefined);
    }
    expect(appStyleVariables({ '--mcp-background': 'red;}' })['--color-background-primary']).to.equal(undefined);
    expect(safeStyleValue(' #fff ')).to.equal('#fff');
  });
});
