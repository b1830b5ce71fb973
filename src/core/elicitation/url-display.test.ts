import { expect } from '@open-wc/testing';
import { canonicalUrlsIn, displayUrl, isMixedScriptHost } from './url-display.js';
import { isOpenableUrl, openRefusal } from './url-elicitation.js';

describe('URL elicitation addresses', () => {
  it('refuses a user name or password in the address, like the MCP Apps link rule', () => {
    expect(isOpenableUrl('https://user:pw@example.com/login')).to.equal(false);
    expect(isOpenableUrl('https://user@example.com/login')).to.equal(false);
    expect(isOpenableUrl('https://example.com/login?user=a')).to.equal(true);
    expect(isOpenableUrl('javascript:alert(1)')).to.equal(false);
    expect(openRefusal('https://user:pw@example.com/')).to.equal('credentials');
    expect(openRefusal('javascript:alert(1)')).to.equal('scheme');
    expect(openRefusal('not a url')).to.equal('scheme');
    expect(openRefusal('https://example.com/')).to.equal(undefined);
  });

  it("rewrites a look-alike address in a server's reason to the form the dialog shows, and leaves ASCII ones", () => {
    expect(canonicalUrlsIn('Sign in at https://\u0430pple.com/signin, then come back.')).to.equal(
      'Sign in at https://xn--pple-43d.com/signin, then come back.',
    );
    expect(canonicalUrlsIn('See https://example.com and http://x.test/a?b=1')).to.equal(
      'See https://example.com and http://x.test/a?b=1',
    );
  });

  it('shows a look-alike host (Cyrillic "а" in apple.com) in its ASCII form with the mixed-alphabet note', () => {
    const shown = displayUrl('https://\u0430pple.com/signin')!;
    expect(shown.href).to.equal('https://xn--pple-43d.com/signin');
    expect(shown.host).to.equal('xn--pple-43d.com');
    expect(shown.note).to.equal('mixed');
  });

  it('notes an internationalised name that does not mix alphabets, and leaves ASCII alone', () => {
    expect(displayUrl('https://пример.рф/')!.note).to.equal('idn');
    expect(displayUrl('https://例え.テスト/')!.note).to.equal('idn');
    expect(displayUrl('https://xn--pple-43d.com/')!.note).to.equal('idn');
    expect(displayUrl('https://example.com/a?b=1')).to.deep.equal({
      href: 'https://example.com/a?b=1',
      host: 'example.com',
    });
    expect(displayUrl('not a url')).to.equal(undefined);
  });

  it('tells mixed alphabets from the mixes languages use', () => {
    expect(isMixedScriptHost('pаypal.com')).to.equal(true);
    expect(isMixedScriptHost('日本のサイト.jp')).to.equal(false);
    expect(isMixedScriptHost('한국漢字.kr')).to.equal(false);
    expect(isMixedScriptHost('example-1.com')).to.equal(false);
  });
});
