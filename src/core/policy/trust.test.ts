import { expect } from '@open-wc/testing';
import { normalizePolicySettings } from '../shared/config/dashboard-config.js';
import { effectivePermissions, resolveTrust, TRUST_TABLE } from './trust.js';
import { WidgetGrants } from './widget-grants.js';

const ALL = {
  mcpOperations: { invokeTool: true, readResource: true, getPrompt: true, subscribeToUpdates: true },
  storage: 'persistent' as const,
  clipboard: true,
  notifications: true,
  network: { domains: ['api.example.com'] },
};

describe('trust levels and permissions (MCP-WP-11.4)', () => {
  it('MCP-WP-11.4.4 encodes the trust table', () => {
    expect(TRUST_TABLE.untrusted).to.deep.equal({
      network: 'none',
      storage: 'none',
      mcpOperations: 'blocked',
      confirmation: 'always',
    });
    expect(TRUST_TABLE.community.storage).to.equal('session');
    expect(TRUST_TABLE.verified.storage).to.equal('persistent');
    expect(TRUST_TABLE.enterprise.confirmation).to.equal('never');
  });

  it('MCP-WP-11.4.2 a widget without permissions has none, whatever its trust', () => {
    for (const level of ['community', 'verified', 'enterprise'] as const) {
      const p = effectivePermissions(undefined, level);
      expect(
        p.invokeTool || p.readResource || p.getPrompt || p.subscribeToUpdates || p.clipboard || p.notifications,
        level,
      ).to.equal(false);
      expect(p.storage).to.equal('none');
    }
  });

  it('MCP-WP-11.4.4 untrusted gets nothing even when it declares everything', () => {
    const p = effectivePermissions(ALL, 'untrusted');
    expect(p.invokeTool).to.equal(false);
    expect(p.storage).to.equal('none');
    expect(p.networkDomains).to.deep.equal([]);
  });

  it('MCP-WP-11.4.4 storage is capped by trust: community session, verified persistent', () => {
    expect(effectivePermissions(ALL, 'community').storage).to.equal('session');
    expect(effectivePermissions(ALL, 'verified').storage).to.equal('persistent');
    expect(effectivePermissions({ storage: 'session' }, 'enterprise').storage).to.equal('session');
  });

  it('the config can cap what a trusted widget gets', () => {
    const p = effectivePermissions(ALL, 'enterprise', { mcpOperations: { readResource: true }, storage: 'none' });
    expect(p.readResource).to.equal(true);
    expect(p.invokeTool).to.equal(false);
    expect(p.storage).to.equal('none');
    expect(p.clipboard).to.equal(false);
  });

  it('trust comes only from the config; "verified" needs a verified signature (MCP-WP-11.4.8)', () => {
    const settings = normalizePolicySettings({
      trust: { default: 'untrusted', widgets: { a: 'verified', b: { level: 'enterprise' } } },
    });
    expect(resolveTrust('a', settings).level).to.equal('community');
    expect(resolveTrust('a', settings, { signatureVerified: true }).level).to.equal('verified');
    expect(resolveTrust('b', settings).level).to.equal('enterprise');
    expect(resolveTrust('unknown', settings).level).to.equal('untrusted');
  });

  it('the built-in defaults (no dashboard.trust in the config) grant the built-in widget types community', () => {
    const settings = normalizePolicySettings({});
    expect(resolveTrust('server-panel', settings).level).to.equal('community');
    expect(resolveTrust('some-registry-widget', settings).level).to.equal('untrusted');
    // A config that names trust replaces the defaults entirely.
    expect(resolveTrust('server-panel', normalizePolicySettings({ trust: { widgets: {} } })).level).to.equal(
      'untrusted',
    );
  });

  it('a registry widget gets the trust recorded at install and at most the permissions consented to; the config can override', () => {
    const settings = normalizePolicySettings({ trust: { default: 'untrusted', widgets: { pinned: 'enterprise' } } });
    const community = resolveTrust('acme-widget', settings, {
      installed: { trustLevel: 'community', permissions: { mcpOperations: { readResource: true } } },
    });
    expect(community.level).to.equal('community');
    expect(community.cap).to.deep.equal({ mcpOperations: { readResource: true } });
    expect(
      resolveTrust('signed', settings, { installed: { trustLevel: 'verified' }, signatureVerified: true }).level,
    ).to.equal('verified');
    expect(resolveTrust('unsigned', settings, { installed: { trustLevel: 'verified' } }).level).to.equal('community');
    expect(
      resolveTrust('greedy', settings, { installed: { trustLevel: 'enterprise' }, signatureVerified: true }).level,
      'never enterprise from a package',
    ).to.equal('verified');
    expect(
      resolveTrust('pinned', settings, { installed: { trustLevel: 'community' } }).level,
      'an explicit config grant wins',
    ).to.equal('enterprise');
    const grants = new WidgetGrants(() => settings);
    grants.register('acme-widget:s', 'acme-widget', 's', {
      installed: { trustLevel: 'community', permissions: { mcpOperations: { readResource: true } } },
    });
    const grant = grants.declare('acme-widget:s', { mcpOperations: { invokeTool: true, readResource: true } })!;
    expect(grant.permissions.readResource).to.equal(true);
    expect(grant.permissions.invokeTool, 'declared but not consented').to.equal(false);
  });

  it('a widget has nothing until its metadata is applied, and nothing after it is revoked', () => {
    const grants = new WidgetGrants(() => normalizePolicySettings({}));
    grants.register('server-panel:s', 'server-panel', 's');
    expect(() => grants.check('server-panel:s', 'invokeTool', 's')).to.throw(/no permission/);
    grants.declare('server-panel:s', { mcpOperations: { invokeTool: true } });
    expect(grants.check('server-panel:s', 'invokeTool', 's').trust).to.equal('community');
    expect(() => grants.check('server-panel:s', 'invokeTool', 'other')).to.throw(/belongs to server "s"/);
    expect(() => grants.check('server-panel:s', 'readResource', 's')).to.throw(/readResource/);
    grants.revoke('server-panel:s');
    expect(() => grants.check('server-panel:s', 'invokeTool', 's')).to.throw(/not known/);
  });
});
