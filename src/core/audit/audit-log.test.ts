import { expect } from '@open-wc/testing';
import { openPolicyDatabase } from '../policy/policy-db.js';
import { ConsentStore } from '../policy/consent-store.js';
import { AuditLog, argumentsDigest, sanitizeAuditEntry } from './audit-log.js';

describe('audit log (MCP-WP-11.4.6) and consents, in real IndexedDB', () => {
  it('keeps only known fields: credentials or argument values passed by mistake never reach storage', () => {
    const clean = sanitizeAuditEntry({
      kind: 'tool-call',
      toolName: 'delete_note',
      ...({ mcplet_auth: { signature: 'SIG' }, args: { password: 'hunter2' }, token: 'T' } as object),
    });
    expect(JSON.stringify(clean)).to.not.contain('SIG').and.not.contain('hunter2').and.not.contain('"T"');
    expect(clean.toolName).to.equal('delete_note');
  });

  it('digests arguments canonically (key order does not matter) without keeping them', async () => {
    expect(await argumentsDigest({ a: 1, b: [1, { c: 2 }] })).to.equal(
      await argumentsDigest({ b: [1, { c: 2 }], a: 1 }),
    );
    expect(await argumentsDigest({ a: 1 })).to.not.equal(await argumentsDigest({ a: 2 }));
  });

  it('records, completes, lists newest first, filters, exports and survives reopening', async () => {
    const name = `audit-test-${Date.now()}`;
    const log = new AuditLog(openPolicyDatabase(name));
    const id = await log.record({ kind: 'tool-call', serverName: 's', toolName: 't', decision: 'confirm', time: 1000 });
    await log.record({ kind: 'permission-violation', serverName: 's', detail: 'storage', time: 2000 });
    await log.complete(id, 'ok');
    const all = await log.list();
    expect(all.map((e) => e.kind)).to.deep.equal(['permission-violation', 'tool-call']);
    expect(all[1]!.outcome).to.equal('ok');
    expect((await log.list({ kind: 'tool-call' })).length).to.equal(1);
    const exported = JSON.parse(await log.exportJson());
    expect(exported.format).to.equal('mcp-dashboard-audit/1');
    expect(exported.entries[0].time).to.equal(1000);
    const reopened = new AuditLog(openPolicyDatabase(name));
    expect((await reopened.list()).length).to.equal(2);
  });

  it('remembers consents per (server, tool, caller) and fingerprint, across reloads; forgets them', async () => {
    const name = `consent-test-${Date.now()}`;
    const store = new ConsentStore(openPolicyDatabase(name));
    const caller = { surface: 'widget' as const, id: 'server-panel:s' };
    await store.grant({ serverName: 's', toolName: 't', caller, fingerprint: 'f1', rule: 'C6' });
    expect(store.isRemembered('s', 't', caller, 'f1')).to.equal(true);
    expect(store.isRemembered('s', 't', caller, 'f2'), 'changed metadata').to.equal(false);
    expect(store.isRemembered('s', 't', { surface: 'widget', id: 'other:s' }, 'f1'), 'other caller').to.equal(false);
    const again = new ConsentStore(openPolicyDatabase(name));
    await again.load();
    expect(again.isRemembered('s', 't', caller, 'f1')).to.equal(true);
    await again.revoke(again.list()[0]!.key);
    const third = new ConsentStore(openPolicyDatabase(name));
    await third.load();
    expect(third.list()).to.deep.equal([]);
  });

  it('keeps only the newest entries beyond its bound', async () => {
    const log = new AuditLog(openPolicyDatabase(`audit-prune-${Date.now()}`), { maxEntries: 5 });
    for (let i = 0; i < 12; i += 1) await log.record({ kind: 'tool-call', toolName: `t${i}`, time: 1000 + i });
    const left = (await log.list()).map((e) => e.toolName);
    expect(left.length).to.be.at.most(9);
    expect(left[0]).to.equal('t11');
    expect(left).to.not.include('t0');
  });
});
