// Runs axe-core with the WCAG 2.1 A and AA rules and returns readable violations.
import { expect } from '@open-wc/testing';
import 'axe-core/axe.min.js';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string; html: string }>;
}

declare global {
  interface Window {
    axe: {
      run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[]; passes: Array<{ id: string }> }>;
    };
  }
}

/** The WCAG 2.1 Level A and AA rule tags. */
export const WCAG21AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Violations of WCAG 2.1 AA in `context` (default: the whole document), one line each. `iframes: false` leaves the
 * content of frames out (a cross-origin app view: axe would wait on each frame that cannot answer it).
 */
export async function axeViolations(
  context: unknown = document,
  options: { iframes?: boolean } = {},
): Promise<string[]> {
  const result = await window.axe.run(context, {
    runOnly: { type: 'tag', values: WCAG21AA },
    resultTypes: ['violations'],
    ...options,
  });
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${v.help} — ${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''} ${n.html.slice(0, 160)}`,
    ),
  );
}

/** Rules that passed (to prove a run looked at colour contrast at all). */
export async function axePasses(context: unknown = document): Promise<string[]> {
  const result = await window.axe.run(context, { runOnly: { type: 'tag', values: WCAG21AA }, resultTypes: ['passes'] });
  return result.passes.map((p) => p.id);
}

/** Fails with every violation of the whole document, named after `what`, once Lit and the theme have settled. */
export async function expectNoViolations(what: string): Promise<void> {
  // Adopted sheets apply synchronously and renders are microtasks: one frame is enough.
  await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  const violations = await axeViolations(document);
  expect(violations, `${what}:\n${violations.join('\n')}`).to.deep.equal([]);
}
