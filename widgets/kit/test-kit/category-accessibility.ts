// Conformance category — Accessibility: axe-core, accessible names, keyboard reach and focus, linked error messages.

import axe from 'axe-core';
import { accessibleName, deepActive, deepAll, nextPaint, tabbable, within } from './dom.js';
import type { WidgetHarness } from './harness.js';
import { CategoryRecorder, type TestResult } from './report.js';

/** Accessibility (MCP-WP-17.5, §11.5). */
export async function testAccessibility(suite: WidgetHarness): Promise<TestResult> {
  const rec = new CategoryRecorder('accessibility');
  const m = await suite.mount();
  try {
    const audit = async (when: string) => {
      const results = await axe.run(m.element, { resultTypes: ['violations'] });
      const serious = results.violations.filter((v) => v.id !== 'color-contrast');
      rec.check(
        'MCP-WP-17.5.1',
        `axe-core finds no violations (${when})`,
        serious.length === 0,
        serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`).join('; '),
      );
      const contrast = results.violations.filter((v) => v.id === 'color-contrast');
      rec.check(
        'MCP-WP-17.5.4',
        `text contrast meets WCAG AA (${when}, MCP-WP-11.5.8)`,
        contrast.length === 0,
        contrast.map((v) => v.nodes.map((n) => n.target.join(' ')).join(', ')).join('; '),
      );
    };
    await audit('as first shown');
    const controls = deepAll<HTMLElement>(m.element, 'button, input, select, textarea, [role="button"], [role="tab"]');
    const unnamed = controls.filter(
      (c) => !(c instanceof HTMLInputElement && c.type === 'hidden') && !accessibleName(c),
    );
    rec.check(
      'MCP-WP-17.5.3',
      'every button and form input has an accessible name (MCP-WP-11.5.9)',
      unnamed.length === 0,
      unnamed.map((c) => `<${c.localName}${c.id ? `#${c.id}` : ''}>`).join(', '),
    );
    if (suite.options.press) {
      const reachable = tabbable(m.element);
      const seen = new Set<Element>();
      const noIndicator: string[] = [];
      reachable[0]?.focus();
      (document.activeElement as HTMLElement | null)?.blur();
      const start = document.createElement('button');
      start.textContent = 'start';
      suite.container.before(start);
      start.focus();
      for (let i = 0; i < Math.min(reachable.length + 5, 200); i += 1) {
        await suite.options.press('Tab');
        const active = deepActive();
        if (!active || !within(m.element, active)) {
          if (seen.size) break;
          continue;
        }
        if (seen.has(active)) break;
        seen.add(active);
        const style = getComputedStyle(active);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        if (!outline && (style.boxShadow === 'none' || !style.boxShadow)) noIndicator.push(`<${active.localName}>`);
      }
      start.remove();
      const missed = reachable.filter(
        (el) => !seen.has(el) && !el.closest?.('[role="tablist"]') && el.getAttribute('role') !== 'tab',
      );
      rec.check(
        'MCP-WP-17.5.2',
        'every interactive element is reachable with Tab (MCP-WP-11.5.2)',
        missed.length === 0,
        missed
          .slice(0, 5)
          .map((el) => `<${el.localName}> "${accessibleName(el).slice(0, 30)}"`)
          .join(', '),
      );
      rec.check(
        'MCP-WP-17.5.5',
        'focused elements show a visible focus indicator',
        noIndicator.length === 0,
        noIndicator.slice(0, 5).join(', '),
      );
      const firstButton = [...seen].find((el) => el instanceof HTMLButtonElement) as HTMLButtonElement | undefined;
      if (firstButton) {
        let clicked = false;
        firstButton.addEventListener('click', () => (clicked = true), { once: true });
        firstButton.focus();
        await suite.options.press('Enter');
        await nextPaint();
        rec.check('MCP-WP-17.5.2', 'Enter activates the focused button', clicked);
      }
    } else {
      rec.warn(
        'MCP-WP-17.5.2',
        'keyboard navigation was not tested (no key driver)',
        'Run the suite through "mcpwp test", which drives a real keyboard.',
      );
    }
    const withArgs = () =>
      m.bus.getEmittedEvents(/^mcp:tool:invoke-requested$/).find((e) => Object.keys(e.data?.args ?? {}).length > 0);
    await suite.exercise(m, 40, () => withArgs() !== undefined);
    const invoke = withArgs();
    if (invoke?.data) {
      const keys = Object.keys(invoke.data.args ?? {});
      m.bus.hostEmit('mcp:tool:invalid-args', {
        serverName: m.info.serverName,
        toolName: invoke.data.toolName,
        requestId: invoke.data.requestId,
        problems: [{ path: keys.length ? `/${keys[0]}` : '', message: 'is not valid (conformance check)' }],
      });
      await nextPaint();
      await nextPaint();
      const invalid = deepAll<HTMLElement>(m.element, '[aria-invalid="true"]');
      const unlinked = invalid.filter((el) => {
        const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
        const root = el.getRootNode() as ShadowRoot | Document;
        return !ids.some((id) => /conformance check|not valid/.test(root.getElementById(id)?.textContent ?? ''));
      });
      rec.check(
        'MCP-WP-17.5.6',
        'error messages are linked to their fields with aria-describedby (MCP-WP-11.5.10)',
        invalid.length > 0 && unlinked.length === 0,
        invalid.length === 0 ? 'no field was marked invalid' : `${unlinked.length} field(s) without a linked message`,
      );
    }
    await audit('after interaction');
  } finally {
    await suite.unmount(m);
  }
  return rec.result();
}
