import { expect } from '@open-wc/testing';
import { formatMessage, formatNumberFor } from './message-format.js';
import { I18n } from './i18n.js';

describe('numbers in messages: the same text as Intl.NumberFormat, without constructing one for small counts', () => {
  it('every whole number 0–999 and larger ones read exactly as Intl writes them, in English and Japanese', () => {
    for (const locale of ['en', 'en-GB', 'ja', 'ja-JP']) {
      const intl = new Intl.NumberFormat(locale);
      for (const n of [...Array.from({ length: 1000 }, (_, i) => i), 1000, 12_345, 1.5, -3])
        expect(formatNumberFor(locale, n), `${locale} ${n}`).to.equal(intl.format(n));
    }
  });

  it('a locale that asks for other digits gets them from Intl (the short path would have written ASCII)', () => {
    const arabic = formatNumberFor('en-u-nu-arab', 42);
    expect(arabic).to.equal(new Intl.NumberFormat('en-u-nu-arab').format(42));
    expect(arabic).to.not.equal('42');
    expect(formatNumberFor('ar-EG', 7)).to.equal(new Intl.NumberFormat('ar-EG').format(7));
    expect(formatNumberFor('de', 1000)).to.equal('1.000');
  });

  it('messages and the host I18n format counts through it; options always go to Intl', () => {
    expect(formatMessage({ one: '{count} tool', other: '{count} tools' }, { count: 1234 }, 'en')).to.equal(
      '1,234 tools',
    );
    expect(formatMessage({ one: '{count} tool', other: '{count} tools' }, { count: 19 }, 'en')).to.equal('19 tools');
    const i18n = new I18n({ catalogs: [{ en: {} }] });
    expect(i18n.formatNumber(5)).to.equal('5');
    expect(i18n.formatNumber(0.5, { style: 'percent' })).to.equal('50%');
  });
});
