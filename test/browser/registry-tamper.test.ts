import { expect } from '@open-wc/testing';
import type { McpWidgetStore } from '../../src/shell/registry/widget-store.js';
import { waitFor } from '../support/gateway.js';
import { deepQueryText } from '../support/dom.js';
import {
  attemptInstall,
  openStore,
  selectPackage,
  startRegistry,
  stopRegistry,
  unpublishFromRegistry,
  type TestRegistry,
} from '../support/widget-store.js';
import { useDashboard } from '../support/setup.js';

declare global {
  // Set by every test bundle when it runs (see test/support/registry-fixture.mjs).
  var __mcpwpSentinel: string[] | undefined;
}

// Every refusal: where it is caught, what the user reads, and whether it is audited as a security event.
const CASES: Array<{
  id: string;
  rule: string;
  what: string;
  message: RegExp;
  security: boolean;
  stage: 'check' | 'install';
}> = [
  {
    id: 'hash-mismatch',
    rule: 'MCP-WP-16.4.4',
    what: 'a bundle whose sha256 does not match',
    message: /bundle of @tamper\/hash-mismatch@1\.0\.0 does not match its integrity hash/,
    security: true,
    stage: 'install',
  },
  {
    id: 'missing-integrity',
    rule: 'MCP-WP-16.6.1',
    what: 'a manifest without integrity',
    message: /has no "integrity" value/,
    security: true,
    stage: 'check',
  },
  {
    id: 'empty-integrity',
    rule: 'MCP-WP-16.6.1',
    what: 'an empty integrity',
    message: /has an empty "integrity" value/,
    security: true,
    stage: 'check',
  },
  {
    id: 'malformed-integrity',
    rule: 'MCP-WP-4.2.10',
    what: 'a malformed integrity',
    message: /has a malformed integrity value/,
    security: true,
    stage: 'check',
  },
  {
    id: 'sha512-integrity',
    rule: 'MCP-WP-4.2.10',
    what: 'sha512 where sha256 is required',
    message: /gives a sha512 integrity value; this dashboard requires sha256-<base64>/,
    security: true,
    stage: 'check',
  },
  {
    id: 'wrong-signature',
    rule: 'MCP-WP-4.2.9',
    what: 'a manifest changed after signing',
    message: /signature of @tamper\/wrong-signature@1\.0\.0 does not match its manifest/,
    security: true,
    stage: 'check',
  },
  {
    id: 'unknown-key',
    rule: 'MCP-WP-11.4.8',
    what: 'a signature by a key that is not pinned',
    message: /with a key that is not pinned in your dashboard config/,
    security: true,
    stage: 'check',
  },
  {
    id: 'verified-unsigned',
    rule: 'MCP-WP-4.2.9',
    what: '"verified" without a signature',
    message: /says it is "verified" but carries no signature/,
    security: true,
    stage: 'check',
  },
  {
    id: 'enterprise-claim',
    rule: 'MCP-WP-11.4.4',
    what: 'a package claiming enterprise trust',
    message: /Only your dashboard's config can grant enterprise trust/,
    security: true,
    stage: 'check',
  },
  {
    id: 'cycle-a',
    rule: 'MCP-WP-16.4.3',
    what: 'a dependency cycle',
    message: /Circular dependency: @tamper\/cycle-a → @tamper\/cycle-b → @tamper\/cycle-a/,
    security: false,
    stage: 'check',
  },
  {
    id: 'unsatisfiable',
    rule: 'MCP-WP-16.4.2',
    what: 'an unsatisfiable range',
    message: /needs @acme\/sparkline \^9\.0\.0, but the registry has only 1\.0\.0/,
    security: false,
    stage: 'check',
  },
  {
    id: 'oversized',
    rule: 'MCP-WP-18.1.1',
    what: 'an oversized bundle',
    message: /bundle of @tamper\/oversized@1\.0\.0 is \d+ KiB, more than the 4096 KiB/,
    security: false,
    stage: 'install',
  },
  {
    id: 'gzip-budget',
    rule: 'MCP-WP-18.1.1',
    what: 'a bundle over 500 KB gzipped',
    message: /KB gzipped; widgets may be at most 500 KB/,
    security: false,
    stage: 'install',
  },
  {
    id: 'other-name',
    rule: 'MCP-WP-16.2.2',
    what: 'a manifest for another name',
    message: /answered a request for @tamper\/other-name with the manifest of "@acme\/echo-widget"/,
    security: true,
    stage: 'check',
  },
  {
    id: 'version-lie',
    rule: 'MCP-WP-16.2.2',
    what: 'a manifest for another version',
    message: /request for @tamper\/version-lie@1\.0\.0 with a manifest for version 9\.9\.9/,
    security: true,
    stage: 'check',
  },
  {
    id: 'invalid-json',
    rule: 'MCP-WP-16.2.1',
    what: 'a manifest that is not JSON',
    message: /manifest of @tamper\/invalid-json@1\.0\.0 is not valid JSON/,
    security: false,
    stage: 'check',
  },
  {
    id: 'schema-invalid',
    rule: 'MCP-WP-16.2.2',
    what: 'a manifest that fails the schema',
    message: /is not a valid widget\.json: .*missing "bundle"/,
    security: false,
    stage: 'check',
  },
  {
    id: 'future-mcpwp',
    rule: 'MCP-WP-16.4.1',
    what: 'a newer mcpwpVersion',
    message: /needs MCP-WP 2\.0\.0, but this dashboard implements MCP-WP 1\.0\.0/,
    security: false,
    stage: 'check',
  },
  {
    id: 'foreign-bundle',
    rule: 'MCP-WP-16.6.2',
    what: 'a bundle on an origin that is not the registry',
    message: /wants its bundle from https:\/\/cdn\.attacker\.example/,
    security: true,
    stage: 'check',
  },
];

describe('registry tampering suite: each refusal has its own message and changes nothing', () => {
  let registry: TestRegistry;
  let store: McpWidgetStore;
  let baseline: { widgets: string; keys: string[] };

  const snapshot = async () => {
    const settings = await env.dashboard.registryHost!.api.settings();
    return { widgets: JSON.stringify(settings.widgets), keys: await env.dashboard.registryHost!.store.keys() };
  };

  before(async () => {
    globalThis.__mcpwpSentinel = [];
    registry = await startRegistry({
      packs: ['@acme/echo-widget@1.0.0', '@acme/sparkline@1.0.0'],
      tampered: true,
      flaky: true,
    });
  });
  const env = useDashboard({
    mcpServers: { everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true } },
    dashboard: () => ({
      registries: [
        { url: registry.url, name: 'test registry' },
        { url: registry.flakyUrl, name: 'flaky registry' },
      ],
      publisherKeys: [{ publisher: registry.publisher, publicKey: registry.publicKey }],
    }),
    ready: ['everything'],
  });
  before(async () => {
    store = await openStore(env.dashboard);
  });
  after(() => stopRegistry(registry));

  it('control: a correctly signed package installs, and its bundle runs (the sentinel flips)', async () => {
    const echo = await attemptInstall(env.dashboard, store, '@acme/echo-widget', { servers: [] });
    expect(echo.ok, echo.text).to.equal(true);
    expect(globalThis.__mcpwpSentinel).to.deep.equal([]);
    const control = await attemptInstall(env.dashboard, store, '@tamper/control', { servers: [] });
    expect(control.ok, control.text).to.equal(true);
    expect(globalThis.__mcpwpSentinel).to.deep.equal(['control']);
    baseline = await snapshot();
    expect(baseline.keys).to.include.members(['@acme/echo-widget@1.0.0', '@tamper/control@1.0.0']);
  });

  for (const c of CASES) {
    it(`${c.rule} refuses ${c.what} (@tamper/${c.id}) with its own message; nothing runs, nothing changes`, async () => {
      const events = env.dashboard.registryHost!.securityEvents.length;
      const result = await attemptInstall(env.dashboard, store, `@tamper/${c.id}`, { version: '1.0.0' });
      expect(result.ok, result.text).to.equal(false);
      expect(result.stage).to.equal(c.stage);
      expect(result.text).to.match(c.message);
      expect(globalThis.__mcpwpSentinel, 'the refused bundle never ran').to.deep.equal(['control']);
      expect(await snapshot()).to.deep.equal(baseline);
      const newEvents = env.dashboard.registryHost!.securityEvents.slice(
        0,
        env.dashboard.registryHost!.securityEvents.length - events,
      );
      if (c.security) {
        expect(newEvents.length, 'audited as a security event (MCP-WP-16.6.3)').to.be.greaterThan(0);
        expect(newEvents[0]!.message).to.match(c.message);
        const audited = await env.dashboard.services!.policy.audit.list({ kind: 'security-event' });
        expect(
          audited.some((e) => e.detail?.includes(`@tamper/${c.id}`) && c.message.test(e.detail)),
          'the refusal is in the audit log',
        ).to.equal(true);
      } else {
        expect(newEvents).to.deep.equal([]);
      }
    });
  }

  it('MCP-WP-16.6.3 every refusal is logged as a security event the user can read in the audit log', async () => {
    const audited = await env.dashboard.services!.policy.audit.list({ kind: 'security-event' });
    const refused = CASES.filter((c) => c.security).map((c) => `@tamper/${c.id}`);
    expect(refused.length).to.be.greaterThan(10);
    for (const name of refused)
      expect(
        audited.some((e) => e.detail?.includes(name)),
        `${name} in the audit log`,
      ).to.equal(true);
    const button = deepQueryText<HTMLButtonElement>('header button', 'Audit log', env.dashboard.shadowRoot!)!;
    button.click();
    const panel = env.dashboard.shadowRoot!.querySelector('mcp-audit-panel')!;
    await waitFor(() => panel.shadowRoot?.querySelector('dialog')?.open, 5000, 'the audit panel');
    const select = panel.shadowRoot!.querySelector('select')!;
    select.value = 'security-event';
    select.dispatchEvent(new Event('change'));
    const rows = await waitFor(
      () => {
        const found = [...panel.shadowRoot!.querySelectorAll('tr[data-kind]')];
        return found.length >= refused.length && found.every((r) => r.getAttribute('data-kind') === 'security-event')
          ? found
          : undefined;
      },
      5000,
      'the security events in the panel',
    );
    expect(rows.map((r) => r.textContent).join('\n')).to.contain('@tamper/wrong-signature@1.0.0');
    (panel.shadowRoot!.querySelector('[data-action="close-audit"]') as HTMLButtonElement).click();
  });

  it('MCP-WP-16.4.4 a download cut off half way is refused with its own message; nothing runs, nothing changes', async () => {
    const result = await attemptInstall(env.dashboard, store, '@flaky/cut-off');
    expect(result.ok).to.equal(false);
    expect(result.stage).to.equal('install');
    expect(result.text).to.match(/download of @flaky\/cut-off@1\.0\.0 (was cut off|ended) after \d+/);
    expect(globalThis.__mcpwpSentinel).to.deep.equal(['control']);
    expect(await snapshot()).to.deep.equal(baseline);
  });

  it('the Install panel shows the refusal as an alert and lists it under refused packages', async () => {
    await selectPackage(store, '@tamper/wrong-signature');
    const alert = store.shadowRoot!.querySelector('.check-error[role="alert"]');
    expect(alert?.textContent).to.match(/does not match its manifest/);
    expect(store.shadowRoot!.querySelector('ul.security')?.textContent).to.contain('wrong-signature');
  });

  it('MCP-WP-16.5.4 a registry rolled back to an older version is refused as a downgrade, and so is installing an older version', async () => {
    const installed = await attemptInstall(env.dashboard, store, '@tamper/rollback', { version: '1.0.1', servers: [] });
    expect(installed.ok, installed.text).to.equal(true);
    const before = await snapshot();
    const sentinel = [...globalThis.__mcpwpSentinel!];
    const older = await attemptInstall(env.dashboard, store, '@tamper/rollback', { version: '1.0.0' });
    expect(older.ok).to.equal(false);
    expect(older.text).to.match(/1\.0\.0 is older than the installed 1\.0\.1\. Downgrades are refused; use Roll back/);
    await unpublishFromRegistry(registry, '@tamper/rollback', '1.0.1');
    await waitFor(
      async () => (await env.dashboard.registryHost!.versions('@tamper/rollback')).join() === '1.0.0',
      10_000,
      'the registry to forget 1.0.1',
    );
    const events = env.dashboard.registryHost!.securityEvents.length;
    await env.dashboard.registryHost!.checkUpdates();
    const view = env.dashboard.registryHost!.installed.find((v) => v.name === '@tamper/rollback')!;
    expect(view.update?.downgrade).to.equal('1.0.0');
    expect(view.entry.version).to.equal('1.0.1');
    expect(env.dashboard.registryHost!.securityEvents.length).to.be.greaterThan(events);
    expect(env.dashboard.registryHost!.securityEvents[0]!.message).to.match(
      /offers @tamper\/rollback 1\.0\.0 as its newest version, older than the installed 1\.0\.1/,
    );
    await store.updateComplete;
    expect(store.shadowRoot!.querySelector('li[data-name="@tamper/rollback"]')!.textContent).to.match(
      /refused as a possible rollback attack/,
    );
    expect(await snapshot()).to.deep.equal(before);
    expect(globalThis.__mcpwpSentinel).to.deep.equal(sentinel);
  });
});
