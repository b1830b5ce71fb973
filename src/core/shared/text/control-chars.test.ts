import { expect } from '@open-wc/testing';
import { hasUnsafeControls, safeLine, safeLines, safeSnippet } from './control-chars.js';

const ESC = '\u001b';
const CSI_C1 = '\u009b';
const OSC_C1 = '\u009d';
const ST_C1 = '\u009c';
const BEL = '\u0007';

describe('terminal-safe text', () => {
  it('removes the C1 CSI and OSC introducers (a window title and an OSC 52 clipboard write)', () => {
    const hostile = `error ${OSC_C1}0;pwned${BEL} and ${OSC_C1}52;c;ZXZpbA==${ST_C1} ${CSI_C1}2J done`;
    const line = safeLine(hostile);
    expect(hasUnsafeControls(hostile)).to.equal(true);
    expect(hasUnsafeControls(line)).to.equal(false);
    expect(line).to.equal('error 0;pwned and 52;c;ZXZpbA== 2J done');
  });

  it('removes C0 escapes and DEL but keeps indentation', () => {
    expect(safeLine(`\tat x (${ESC}[31mred${ESC}[0m)\u007f`)).to.equal('    at x ([31mred[0m)');
  });

  it('removes every bidi control (a reordered file name cannot hide its extension)', () => {
    const text = 'invoice\u202Efdp.exe \u2066x\u2069 \u200e\u200f\u061c';
    expect(safeLine(text)).to.equal('invoicefdp.exe x');
    expect(hasUnsafeControls(safeSnippet(text))).to.equal(false);
  });

  it('checks every code point of the C0, C1 and bidi ranges', () => {
    const all: string[] = [];
    for (let c = 0; c <= 0x9f; c++) if (c < 0x20 || c >= 0x7f) all.push(String.fromCharCode(c));
    for (const c of [0x61c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069])
      all.push(String.fromCharCode(c));
    for (const ch of all) {
      expect(hasUnsafeControls(safeSnippet(`a${ch}b`)), `U+${ch.charCodeAt(0).toString(16)}`).to.equal(false);
      for (const line of safeLines(`a${ch}b`))
        expect(hasUnsafeControls(line), `U+${ch.charCodeAt(0).toString(16)}`).to.equal(false);
    }
  });

  it('keeps ordinary text, including non-Latin scripts', () => {
    expect(safeLine('サーバーが起動しました: café ✓')).to.equal('サーバーが起動しました: café ✓');
  });

  it('folds a snippet to one line and cuts it with an ellipsis', () => {
    expect(safeSnippet('a\nb\r\n  c', 5)).to.equal('a b c');
    expect(safeSnippet('abcdefgh', 5)).to.equal('abcd\u2026');
    expect(safeLine('abcdefgh', 5)).to.equal('abcd\u2026');
  });
});
