import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ALPHA_VERSION, ensureSuite, SUITE_VERSION } from './install.mjs';
import { alphaScenarios, expectedFailures, listScenarios, runClientScenarios, runServerBoth } from './run.mjs';

// The official MCP conformance suite, really run: installed on demand into a cache folder with the
// Node 22 it needs (never skipped — without the npm registry once, this fails and says why). The
// dashboard is the client (real gateway CLI + MCPBridge, playing the user's browser for sign-in);
// our fixture server is scored directly and through the gateway. Failures must match
// test/conformance-suite/expected-failures.json exactly: a new failure fails, and so does an entry
// that started to pass (update the baseline and docs/conformance.md: `node test/conformance-suite/run.mjs --write`).

type Outcome = { ok: boolean; notes: string[] };
type Suite = Awaited<ReturnType<typeof ensureSuite>>;
let stable: Suite;
let alpha: Suite;
let baseline: Record<string, Record<string, Record<string, string>>>;

before(async () => {
  stable = await ensureSuite(SUITE_VERSION);
  alpha = await ensureSuite(ALPHA_VERSION);
  baseline = await expectedFailures();
});

/** Compares failing scenarios with the baseline; the message names each difference and why it failed. */
function assertBaseline(results: Map<string, Outcome>, expected: Record<string, string> = {}, what: string): void {
  const failing = [...results].filter(([, r]) => !r.ok).map(([n]) => n);
  const unexpected = failing.filter((n) => !(n in expected));
  const stale = Object.keys(expected).filter((n) => results.has(n) && results.get(n)!.ok);
  const missing = Object.keys(expected).filter((n) => !results.has(n));
  const lines = [
    ...unexpected.map((n) => `unexpected failure ${n}: ${results.get(n)!.notes.slice(0, 3).join(' | ')}`),
    ...stale.map((n) => `${n} passes now: remove it from expected-failures.json (${what}) and regenerate docs`),
    ...missing.map((n) => `${n} is in the baseline but the suite did not run it`),
  ];
  assert.deepEqual(lines, [], `${what}:\n${lines.join('\n')}`);
}

test(`official suite ${SUITE_VERSION}: every client scenario (auth/* included) passes with the dashboard as the client, except where the suite is wrong`, async () => {
  const list = await listScenarios(stable);
  assert.ok(list.client.length >= 26, `the suite lists ${list.client.length} client scenarios`);
  const results = await runClientScenarios(
    stable,
    list.client.map((s) => s.name),
    { expectedToFail: Object.keys(baseline[SUITE_VERSION]?.client ?? {}) },
  );
  assert.equal(results.size, list.client.length);
  assert.ok([...results.keys()].filter((n) => n.startsWith('auth/')).length >= 22, 'all auth/* scenarios ran');
  assertBaseline(results, baseline[SUITE_VERSION]?.client, `${SUITE_VERSION} client`);
});

test(`official suite ${SUITE_VERSION}: server scenarios through the gateway score at least as high as the same server directly`, async () => {
  const { direct, gateway } = await runServerBoth(stable);
  assert.ok(direct.size >= 30, `ran ${direct.size} server scenarios`);
  const passing = (m: Map<string, Outcome>) => new Set([...m].filter(([, r]) => r.ok).map(([n]) => n));
  const lost = [...passing(direct)].filter((n) => !passing(gateway).has(n));
  assert.deepEqual(
    lost,
    [],
    `pass directly but not through the gateway: ${lost.map((n) => `${n} (${gateway.get(n)?.notes.join(' | ')})`).join('; ')}`,
  );
  assertBaseline(direct, baseline[SUITE_VERSION]?.['server-direct'], `${SUITE_VERSION} server, direct`);
  assertBaseline(gateway, baseline[SUITE_VERSION]?.['server-gateway'], `${SUITE_VERSION} server, through the gateway`);
});

// The pre-release's 2026-07-28 scenarios that 0.1.16 does not have (the others ran above; all of them
// are in the docs table, from `npm run conformance:suite`). Fewer runs keep npm test within its time.
test(`pre-release suite ${ALPHA_VERSION}: the new 2026-07-28 client scenarios give the recorded results`, async () => {
  const known = new Set((await listScenarios(stable)).client.map((s) => s.name));
  const names = alphaScenarios(await listScenarios(alpha), known);
  assert.ok(names.length >= 12, `the pre-release lists ${names.length} new scenarios for 2026-07-28`);
  const results = await runClientScenarios(alpha, names, {
    expectedToFail: Object.keys(baseline[ALPHA_VERSION]?.client ?? {}),
  });
  const expected = Object.fromEntries(
    Object.entries(baseline[ALPHA_VERSION]?.client ?? {}).filter(([n]) => names.includes(n)),
  );
  assertBaseline(results, expected, `${ALPHA_VERSION} client`);
});
