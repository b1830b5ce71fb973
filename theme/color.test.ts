import { expect } from '@open-wc/testing';
import { adaptToContrast, colorScale, contrastRatio, desaturate, luminance, parseColor, rgbToHsl } from './color.js';

const hue = (c: string) => rgbToHsl(parseColor(c)!).h;

describe('colour math (theme/color.ts)', () => {
  it('WCAG contrast ratios match known values', () => {
    expect(contrastRatio('#ffffff', '#000000')).to.be.closeTo(21, 0.001);
    expect(contrastRatio('#777777', '#ffffff')).to.be.closeTo(4.48, 0.01);
    expect(contrastRatio('#0b5cad', '#ffffff')).to.be.greaterThan(6.5);
    expect(contrastRatio('#abc', '#abc')).to.equal(1);
    // Order does not matter, and rgb()/hsl() parse like hex.
    expect(contrastRatio('rgb(255 255 255)', 'hsl(0 0% 0%)')).to.be.closeTo(21, 0.001);
    expect(Number.isNaN(contrastRatio('not-a-colour', '#fff'))).to.equal(true);
  });

  it('a translucent colour is measured as it appears over its background', () => {
    // 50 % black over white is #808080-ish, not black.
    expect(contrastRatio('rgb(0 0 0 / 0.5)', '#ffffff')).to.be.closeTo(contrastRatio('#7f7f7f', '#ffffff'), 0.1);
  });

  it('MCP-WP-5.5.7 adaptColor reaches the target contrast and keeps the hue', () => {
    for (const [color, bg, target] of [
      ['#ff6b35', '#ffffff', 4.5],
      ['#ffcc00', '#ffffff', 3],
      ['#002b5c', '#14171b', 4.5],
      ['#6366f1', '#1f2429', 7],
    ] as const) {
      const adapted = adaptToContrast(color, { against: bg, targetContrast: target });
      expect(contrastRatio(adapted, bg), `${color} on ${bg}`).to.be.at.least(target);
      expect(Math.abs(hue(adapted) - hue(color)), `hue of ${adapted} vs ${color}`).to.be.lessThan(3);
    }
  });

  it('a colour that already passes is returned unchanged', () => {
    expect(adaptToContrast('#0b5cad', { against: '#ffffff', targetContrast: 4.5 })).to.equal('#0b5cad');
  });

  it('without preserveHue the nearest passing colour in either direction wins', () => {
    // Mid grey on mid grey: both darker and lighter can pass; the result must pass either way.
    const out = adaptToContrast('#808080', { against: '#767676', targetContrast: 3, preserveHue: false });
    expect(contrastRatio(out, '#767676')).to.be.at.least(3);
  });

  it('intensity shifts lightness before adapting', () => {
    const lighter = adaptToContrast('#336699', { against: '#000000', targetContrast: 1, intensity: 0.5 });
    expect(luminance(lighter)).to.be.greaterThan(luminance('#336699'));
  });

  it('MCP-WP-5.5.7 generateColorScale runs lightest to darkest with the base in the middle', () => {
    const scale = colorScale('#ff6b35', 5);
    expect(scale).to.have.length(5);
    expect(scale[2]).to.equal('#ff6b35');
    for (let i = 1; i < scale.length; i++)
      expect(luminance(scale[i]!), scale.join(' ')).to.be.lessThan(luminance(scale[i - 1]!));
    expect(colorScale('#ff6b35', 9)).to.have.length(9);
    expect(colorScale('nope')).to.deep.equal([]);
  });

  it('desaturate keeps hue and lowers saturation', () => {
    const muted = desaturate('#ff6b35', 0.5);
    expect(rgbToHsl(parseColor(muted)!).s).to.be.lessThan(rgbToHsl(parseColor('#ff6b35')!).s);
    expect(Math.abs(hue(muted) - hue('#ff6b35'))).to.be.lessThan(3);
  });
});
