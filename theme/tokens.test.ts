import { expect } from '@open-wc/testing';
import type { Brand } from '../src/core/shared/brand/brand-schema.js';
import { composeTheme, type ColorScheme } from './compose.js';
import { checkPairs, enforcePairs, TOKEN_PAIRS } from './token-pairs.js';
import {
  BASE_TOKEN_NAMES,
  EXTENDED_TOKEN_NAMES,
  PRESETS,
  TOKEN_NAMES,
  isSafeTokenValue,
  tokensToCss,
  type ThemeMode,
} from './tokens.js';

const MODES: ThemeMode[] = ['light', 'dark', 'high-contrast'];
const SCHEMES: ColorScheme[] = ['vibrant', 'muted', 'accessible'];

async function sampleBrand(name: string): Promise<Brand> {
  const response = await fetch(`/examples/brands/${name}/brand.json`);
  return (await response.json()) as Brand;
}

function report(failures: ReturnType<typeof checkPairs>): string {
  return failures
    .map((f) => `${f.fg} ${f.fgValue} on ${f.bg} ${f.bgValue}: ${f.ratio.toFixed(2)} < ${f.minimum}`)
    .join('\n');
}

describe('design tokens (MCP-WP-5.5.3)', () => {
  it('MCP-WP-5.5.3 names 18 base and 42 extended tokens, 60 in all, no duplicates', () => {
    expect(BASE_TOKEN_NAMES).to.have.length(18);
    expect(EXTENDED_TOKEN_NAMES).to.have.length(42);
    expect(new Set(TOKEN_NAMES).size).to.equal(60);
    for (const name of ['--mcp-accent-5', '--mcp-data-10', '--mcp-info-dark', '--mcp-success-light'])
      expect(EXTENDED_TOKEN_NAMES).to.include(name);
  });

  it('MCP-WP-5.5.8 every mode and colour scheme defines all 60 tokens with safe values', () => {
    for (const mode of MODES) {
      for (const colorScheme of SCHEMES) {
        const { tokens } = composeTheme({ mode, colorScheme });
        for (const name of TOKEN_NAMES) {
          expect(tokens[name], `${mode}/${colorScheme} ${name}`).to.be.a('string').and.not.equal('');
          expect(isSafeTokenValue(tokens[name]!), `${mode} ${name}`).to.equal(true);
        }
      }
    }
  });

  it('MCP-WP-6.4.6 every token pair used together meets WCAG AA in light, dark and high contrast, in every colour scheme', () => {
    expect(TOKEN_PAIRS.length).to.be.greaterThan(80);
    for (const mode of MODES) {
      for (const colorScheme of SCHEMES) {
        const level = colorScheme === 'accessible' || mode === 'high-contrast' ? 'AAA' : 'AA';
        const failures = checkPairs(composeTheme({ mode, colorScheme }).tokens, level);
        expect(failures, `${mode}/${colorScheme} at ${level}:\n${report(failures)}`).to.deep.equal([]);
      }
    }
  });

  it('MCP-WP-6.4.6 the accessible scheme and high contrast give text at least 7:1', () => {
    for (const mode of MODES) {
      const { tokens } = composeTheme({ mode, colorScheme: 'accessible' });
      for (const pair of TOKEN_PAIRS.filter((p) => p.kind === 'text')) {
        expect(checkPairs(tokens, 'AAA', [pair]), `${mode} ${pair.fg} on ${pair.bg}`).to.deep.equal([]);
      }
    }
  });

  it('every token pair stays AA with each sample brand, in light and dark and every scheme', async () => {
    for (const name of ['acme-ops', 'harbor-labs']) {
      const brand = await sampleBrand(name);
      for (const mode of MODES) {
        for (const colorScheme of SCHEMES) {
          const level = colorScheme === 'accessible' || mode === 'high-contrast' ? 'AAA' : 'AA';
          const failures = checkPairs(composeTheme({ mode, colorScheme, brand }).tokens, level);
          expect(failures, `${name} ${mode}/${colorScheme}:\n${report(failures)}`).to.deep.equal([]);
        }
      }
    }
  });

  it('the pair check catches a failing pair (control), and enforcement repairs it keeping the hue', () => {
    const broken = { ...PRESETS.light, '--mcp-text-secondary': '#aaaaaa', '--mcp-primary-color': '#ffd84d' };
    const failures = checkPairs(broken);
    expect(failures.map((f) => f.fg)).to.include.members(['--mcp-text-secondary', '--mcp-primary-color']);
    const fixed = enforcePairs(broken);
    expect(checkPairs(fixed.tokens)).to.deep.equal([]);
    expect(fixed.adjustments.map((a) => a.token)).to.include('--mcp-primary-color');
  });

  it('tokensToCss drops values that would escape their declaration', () => {
    const css = tokensToCss({
      '--mcp-surface': 'red; } body { display: none',
      '--mcp-border': 'url(https://evil.example/x)',
      '--mcp-background': '#fff',
      color: 'red',
    });
    expect(css).to.contain('--mcp-background: #fff;');
    expect(css).not.to.contain('display');
    expect(css).not.to.contain('evil');
    expect(css).not.to.match(/[^-]color: red/);
  });
});
