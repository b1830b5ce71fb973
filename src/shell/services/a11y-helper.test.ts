import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { A11yHelper } from './a11y-helper.js';
import { deepActive } from '../../../test/support/dom.js';
import { emulateMedia } from '../../../test/support/media.js';

class NestedField extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = '<label>Inner <input id="inner"></label>';
  }
}
if (!customElements.get('mcp-test-nested-field')) customElements.define('mcp-test-nested-field', NestedField);

async function shiftTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}

describe('A11yHelper (MCP-WP-11.5.5)', () => {
  let helper: A11yHelper;
  let host: HTMLElement;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    helper = new A11yHelper(host);
  });
  afterEach(async () => {
    helper.dispose();
    host.remove();
    document.querySelectorAll('.trap-test').forEach((e) => e.remove());
    await emulateMedia([]);
  });

  it('MCP-WP-11.5.4 announce writes to a polite or assertive live region, and repeats are announced again', async () => {
    const polite = host.querySelector('[aria-live="polite"]')!;
    const assertive = host.querySelector('[aria-live="assertive"]')!;
    expect(polite.getAttribute('role')).to.equal('status');
    expect(assertive.getAttribute('role')).to.equal('alert');
    helper.announce('Saved', 'polite');
    helper.announce('Failed', 'assertive');
    await new Promise((r) => setTimeout(r, 60));
    expect(polite.textContent).to.equal('Saved');
    expect(assertive.textContent).to.equal('Failed');
    helper.announce('Saved', 'polite');
    expect(polite.textContent, 'cleared first so the same text is read again').to.equal('');
    await new Promise((r) => setTimeout(r, 60));
    expect(polite.textContent).to.equal('Saved');
  });

  it('MCP-WP-11.5.5 setFocusTrap keeps Tab and Shift+Tab inside, through nested shadow roots; Escape and release return focus', async () => {
    const outside = document.createElement('button');
    outside.className = 'trap-test';
    outside.textContent = 'outside';
    const box = document.createElement('div');
    box.className = 'trap-test';
    const root = box.attachShadow({ mode: 'open' });
    root.innerHTML =
      '<button id="a">A</button><mcp-test-nested-field></mcp-test-nested-field><button id="c">C</button><button id="hidden" hidden>H</button>';
    document.body.append(outside, box);
    outside.focus();
    let escaped = 0;
    const release = helper.setFocusTrap(box, { initialFocus: null, onEscape: () => escaped++ });
    const id = () => deepActive()?.id;
    expect(id(), 'moved to the first control').to.equal('a');
    await sendKeys({ press: 'Tab' });
    expect(id()).to.equal('inner');
    await sendKeys({ press: 'Tab' });
    expect(id()).to.equal('c');
    await sendKeys({ press: 'Tab' });
    expect(id(), 'wraps to the first').to.equal('a');
    await shiftTab();
    expect(id(), 'wraps to the last (hidden ones skipped)').to.equal('c');
    await sendKeys({ press: 'Escape' });
    expect(escaped).to.equal(1);
    release();
    expect(document.activeElement, 'focus went back').to.equal(outside);
    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.id).to.equal('a');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.id, 'released: Tab leaves the box').to.not.equal('a');
  });

  it('validateContrast applies the WCAG thresholds for normal text, large text, UI parts and AAA', () => {
    // #767676 on white is 4.54:1; #949494 is 3.03:1; #595959 is 7.0:1.
    expect(helper.validateContrast('#767676', '#ffffff')).to.equal(true);
    expect(helper.validateContrast('#949494', '#ffffff')).to.equal(false);
    expect(helper.validateContrast('#949494', '#ffffff', { largeText: true })).to.equal(true);
    expect(helper.validateContrast('#949494', '#ffffff', { nonText: true })).to.equal(true);
    expect(helper.validateContrast('#767676', '#ffffff', { level: 'AAA' })).to.equal(false);
    expect(helper.validateContrast('#595959', '#ffffff', { level: 'AAA' })).to.equal(true);
  });

  it('MCP-WP-11.5.6 getPreferences reads the system and the dashboard settings, and changes are reported', async () => {
    const seen: Array<{ reducedMotion: boolean; highContrast: boolean }> = [];
    helper.onPreferencesChange((p) => seen.push({ reducedMotion: p.reducedMotion, highContrast: p.highContrast }));
    expect(helper.getPreferences()).to.deep.include({
      reducedMotion: false,
      highContrast: false,
      screenReaderActive: false,
    });
    await emulateMedia([
      { name: 'prefers-reduced-motion', value: 'reduce' },
      { name: 'prefers-contrast', value: 'more' },
    ]);
    expect(helper.getPreferences()).to.deep.include({ reducedMotion: true, highContrast: true });
    expect(seen.at(-1)).to.deep.equal({ reducedMotion: true, highContrast: true });
    await emulateMedia([]);
    expect(helper.getPreferences().reducedMotion).to.equal(false);
    helper.setUserSettings({ motion: 'reduce', textSize: 'large', screenReader: true });
    try {
      expect(helper.getPreferences()).to.deep.include({
        reducedMotion: true,
        fontSize: 'large',
        screenReaderActive: true,
      });
      expect(getComputedStyle(document.documentElement).fontSize).to.equal('20px');
    } finally {
      helper.setUserSettings({ motion: 'system', textSize: 'medium', screenReader: false });
    }
    expect(getComputedStyle(document.documentElement).fontSize).to.equal('16px');
  });
});
