import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { contrastRatio, parseColor, toHex } from '../../theme/color.js';
import { confirmDialog } from '../support/dashboard.js';
import { deepActive, deepQueryText, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { useDashboard } from '../support/setup.js';

// Keyboard only, as a user without a mouse: Tab order through the header, the Theme panel (trap,
// arrows, Escape), a card, the widget's tabs, a tool form, Enter to submit, the confirmation dialog
// (Tab, Space, Escape) — with a visible focus indicator on every stop (MCP-WP-11.5.2, WCAG 2.4.7).

async function press(key: string): Promise<void> {
  if (key === 'Shift+Tab') {
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    return;
  }
  await sendKeys({ press: key });
}
const active = () => deepActive() as HTMLElement | null;
const describeEl = (el: Element | null) =>
  el
    ? `<${el.localName}> "${(el.textContent ?? (el as HTMLInputElement).value ?? '').trim().slice(0, 40)}"`
    : 'nothing';

/** The element's own background, or the nearest ancestor's (through shadow hosts). */
function backgroundBehind(el: Element): string {
  let node: Element | null = el;
  while (node) {
    const bg = getComputedStyle(node).backgroundColor;
    const rgb = parseColor(bg);
    if (rgb && rgb.a > 0.9) return toHex(rgb);
    node = node.parentElement ?? (node.getRootNode() as ShadowRoot).host ?? null;
  }
  return '#ffffff';
}

/** Focus is visible: a solid outline of at least 2px that stands out 3:1 from what is around it. */
function expectVisibleFocus(el: HTMLElement | null): void {
  expect(el, 'something has focus').to.not.equal(null);
  const style = getComputedStyle(el!);
  expect(style.outlineStyle, `outline on ${describeEl(el)}`).to.not.equal('none');
  expect(parseFloat(style.outlineWidth), `outline width on ${describeEl(el)}`).to.be.at.least(2);
  const around = backgroundBehind(el!.parentElement ?? el!);
  expect(
    contrastRatio(style.outlineColor, around),
    `focus outline ${style.outlineColor} vs ${around} on ${describeEl(el)}`,
  ).to.be.at.least(3);
}

/** Presses Tab until `match` is focused (at most `limit` times); every stop must show focus. */
async function tabTo(match: (el: HTMLElement) => boolean, what: string, limit = 60, key = 'Tab'): Promise<HTMLElement> {
  for (let i = 0; i < limit; i++) {
    await press(key);
    const el = active();
    if (el && el !== document.body) expectVisibleFocus(el);
    if (el && match(el)) return el;
  }
  throw new Error(`${what} was not reached with ${key} (last: ${describeEl(active())})`);
}

describe('keyboard-only walk through the main flows (MCP-WP-11.5.2)', function () {
  this.timeout(120_000);
  const env = useDashboard({
    mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true } },
    ready: ['everything'],
  });
  before(() => waitFor(() => env.dashboard.services?.preferences, 5000, 'services'));

  it('MCP-WP-11.5.2 Tab reaches the header controls in order, each with a visible focus ring; Enter opens Settings', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await press('Tab');
    // Search (the command palette, also Ctrl/⌘+K) comes first.
    expect(active()?.dataset.action, describeEl(active())).to.equal('search');
    expect(active()?.getAttribute('aria-keyshortcuts')).to.equal('Control+K Meta+K');
    expectVisibleFocus(active());
    await press('Tab');
    expect(active()?.textContent?.trim(), describeEl(active())).to.equal('Widgets');
    expectVisibleFocus(active());
    await press('Tab');
    expect(active()?.dataset.action, describeEl(active())).to.equal('saved-calls');
    expectVisibleFocus(active());
    await press('Tab');
    expect(active()?.dataset.action, describeEl(active())).to.equal('servers');
    expectVisibleFocus(active());
    await press('Tab');
    expect(active()?.dataset.action, describeEl(active())).to.equal('audit');
    expectVisibleFocus(active());
    await press('Tab');
    // The Settings menu: closed, its controls are out of the Tab order; Enter opens it.
    expect(active()?.dataset.action, describeEl(active())).to.equal('settings');
    expectVisibleFocus(active());
    await press('Enter');
    await press('Tab');
    // The "Let browser agents use these tools" switch.
    expect(active()?.dataset.action, describeEl(active())).to.equal('webmcp');
    expect(active()?.getAttribute('role')).to.equal('switch');
    expectVisibleFocus(active());
    await press('Tab');
    expect(active()?.localName, describeEl(active())).to.equal('select');
    expect(active()!.closest('label')?.textContent).to.contain('Language');
    expectVisibleFocus(active());
    await press('Tab');
    expect(active()!.closest('label')?.textContent).to.contain('Theme');
    await press('Tab');
    expect(active()?.dataset.action).to.equal('appearance');
    expectVisibleFocus(active());
  });

  it('MCP-WP-11.5.12 Enter opens the Theme panel, arrows switch mode live, Tab stays inside, Escape closes and returns focus', async () => {
    const opener = active()!;
    expect(opener.dataset.action).to.equal('appearance');
    await press('Enter');
    await waitFor(() => env.dashboard.themePanel().open, 5000, 'the theme panel');
    await waitFor(() => (active() as HTMLInputElement | null)?.name === 'mode', 5000, 'focus on the mode choice');
    expect((active() as HTMLInputElement).value).to.equal('auto');
    await press('ArrowUp');
    await waitFor(
      () => env.dashboard.services!.theme.getMode() === 'high-contrast',
      5000,
      'high contrast after ArrowUp',
    );
    expect(env.dashboard.services!.configuration.get('theme.mode')).to.equal('high-contrast');
    await press('ArrowDown');
    await waitFor(() => env.dashboard.services!.theme.mode === 'auto', 5000, 'auto again');
    const panel = env.dashboard.themePanel();
    for (let i = 0; i < 45; i++) {
      await press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      const el = active()!;
      const inside =
        panel.shadowRoot!.contains(el) || panel.shadowRoot!.contains((el.getRootNode() as ShadowRoot).host);
      expect(inside, `focus left the panel: ${describeEl(el)}`).to.equal(true);
    }
    await press('Escape');
    await waitFor(() => !env.dashboard.themePanel().open, 5000, 'the panel to close');
    expect(active()).to.equal(opener);
  });

  it('Space opens the server log; arrows move between widget tabs', async () => {
    const log = await tabTo((el) => el.textContent?.trim() === 'Server log', 'the Server log button');
    await press('Space');
    await waitFor(() => log.getAttribute('aria-expanded') === 'true', 5000, 'the log to open');
    const overview = await tabTo((el) => el.getAttribute('role') === 'tab', 'the widget tabs');
    expect(overview.textContent).to.contain('Overview');
    await press('ArrowRight');
    await waitFor(() => active()?.textContent?.includes('Tools'), 5000, 'focus on the Tools tab');
    expect(active()!.getAttribute('aria-selected')).to.equal('true');
    await press('End');
    expect(active()!.textContent).to.contain('Activity');
    await press('Home');
    expect(active()!.textContent).to.contain('Overview');
    await press('ArrowRight');
  });

  it('MCP-WP-11.5.2 a tool is chosen, filled and invoked with Enter; the dialog is answered with Tab and Space; Escape cancels', async () => {
    const echo = await tabTo(
      (el) => el.localName === 'button' && (el.textContent ?? '').includes('Echo Tool'),
      'the Echo tool',
    );
    await press('Enter');
    expect(echo.getAttribute('aria-current')).to.equal('true');
    const input = await tabTo(
      (el) => el.localName === 'input' && (el.getRootNode() as ShadowRoot).host?.localName === 'mcp-schema-form',
      'the message field',
    );
    await sendKeys({ type: 'typed by keyboard' });
    expect((input as HTMLInputElement).value).to.equal('typed by keyboard');
    await press('Enter');
    const dialog = confirmDialog(env.dashboard);
    await waitFor(() => dialog.shadowRoot!.querySelector('dialog')?.open, 5000, 'the confirmation dialog');
    // Focus starts on Deny; Tab goes on to "Always allow this tool", then to "Allow once".
    expect(active()?.dataset.action).to.equal('cancel');
    expectVisibleFocus(active());
    await press('Tab');
    expect(active()?.dataset.action).to.equal('always-allow');
    expectVisibleFocus(active());
    await press('Tab');
    expect(active()?.dataset.action).to.equal('confirm');
    expectVisibleFocus(active());
    await press('Space');
    const runner = (input.getRootNode() as ShadowRoot).host.getRootNode() as ShadowRoot;
    await waitFor(() => deepQueryText('pre', 'Echo: typed by keyboard', runner), 10_000, 'the result');
    // Focus returns to what triggered the dialog: the field where Enter was pressed.
    expect(active()).to.equal(input);
    const invoke = await tabTo((el) => el.textContent?.trim() === 'Invoke', 'the Invoke button', 5);
    await press('Enter');
    await waitFor(() => dialog.shadowRoot!.querySelector('dialog')?.open, 5000, 'the dialog again');
    await press('Escape');
    await waitFor(() => deepText(runner).includes('nothing was sent'), 5000, 'the cancelled note');
    expect(active()).to.equal(invoke);
  });
});
