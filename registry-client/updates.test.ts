import { expect } from '@open-wc/testing';
import { addedPermissions, describePermissions } from './permissions.js';
import { checkForUpdates } from './updates.js';

describe('update policy and permission changes', () => {
  it('MCP-WP-16.5.3 patch releases are automatic, minor ones offered, MCP-WP-16.5.4 major ones only offered', () => {
    expect(checkForUpdates('1.2.3', ['1.2.3'])).to.deep.equal({});
    expect(checkForUpdates('1.2.3', ['1.2.3', '1.2.4', '1.2.5'])).to.deep.equal({ auto: '1.2.5' });
    expect(checkForUpdates('1.2.3', ['1.2.4', '1.3.0'])).to.deep.equal({
      auto: '1.2.4',
      offer: { version: '1.3.0', kind: 'minor' },
    });
    expect(checkForUpdates('1.2.3', ['1.2.3', '2.0.0'])).to.deep.equal({ offer: { version: '2.0.0', kind: 'major' } });
    expect(checkForUpdates('1.2.3', ['1.2.4', '1.9.0', '2.1.0'])).to.deep.equal({
      auto: '1.2.4',
      offer: { version: '2.1.0', kind: 'major' },
    });
  });

  it('MCP-WP-16.5.2 a registry whose newest version is older than the installed one is a downgrade', () => {
    expect(checkForUpdates('1.2.3', ['1.0.0', '1.2.2'])).to.deep.equal({ downgrade: '1.2.2' });
  });

  it('MCP-WP-11.4.7 finds the permissions an update adds', () => {
    const before = { mcpOperations: { readResource: true }, storage: 'persistent' as const };
    const after = {
      mcpOperations: { readResource: true, invokeTool: true },
      storage: 'session' as const,
      notifications: true,
      network: { domains: ['a.example'] },
    };
    expect(addedPermissions(before, after).map((p) => p.id)).to.deep.equal([
      'network:a.example',
      'notifications',
      'mcp:invokeTool',
    ]);
    expect(addedPermissions(after, before).map((p) => p.id)).to.deep.equal(['storage:persistent']);
    expect(describePermissions(undefined)).to.deep.equal([]);
  });
});
