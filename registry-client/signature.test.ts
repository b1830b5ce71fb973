import { expect } from '@open-wc/testing';
import { RegistryError } from './errors.js';
import { toBase64 } from './integrity.js';
import type { WidgetManifest } from './manifest.js';
import { canonicalJson, signedPayload, verifyManifestSignature } from './signature.js';

async function keyPair() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const spki = toBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
  return { pair, spki };
}

async function signed(
  manifest: WidgetManifest,
  key: Awaited<ReturnType<typeof keyPair>>,
  publisher = 'Acme',
): Promise<WidgetManifest> {
  const m: WidgetManifest = {
    ...manifest,
    signature: {
      algorithm: 'ES256',
      publicKey: key.spki,
      signature: '',
      signedAt: '2026-11-22T00:00:00Z',
      publisher: { name: publisher },
    },
  };
  const sig = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key.pair.privateKey,
    signedPayload(m) as BufferSource,
  );
  m.signature!.signature = toBase64(new Uint8Array(sig));
  return m;
}

const base: WidgetManifest = {
  name: '@acme/x',
  version: '1.0.0',
  bundle: 'packages/@acme/x/1.0.0/bundle.js',
  integrity: `sha256-${'A'.repeat(43)}=`,
  mcpwpVersion: '1.0.0',
  trustLevel: 'verified',
  permissions: { clipboard: true },
};

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return (error as RegistryError).code;
  }
}

describe('ES256 manifest signatures (WebCrypto)', () => {
  it('canonical JSON sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: true, y: null }], c: undefined } })).to.equal(
      '{"a":{"d":[1,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('MCP-WP-4.2.9 accepts a verified manifest signed by a pinned publisher key', async () => {
    const key = await keyPair();
    const state = await verifyManifestSignature(await signed(base, key), [{ publisher: 'Acme', publicKey: key.spki }]);
    expect(state).to.deep.equal({ state: 'verified', publisher: 'Acme', signedAt: '2026-11-22T00:00:00Z' });
  });

  it('MCP-WP-11.4.8 refuses: a changed field, a changed permission, an unpinned key, a wrong publisher name, no signature, RS256', async () => {
    const key = await keyPair();
    const other = await keyPair();
    const pinned = [{ publisher: 'Acme', publicKey: key.spki }];
    const good = await signed(base, key);
    expect(await code(verifyManifestSignature({ ...good, version: '1.0.1' }, pinned))).to.equal('signature-invalid');
    expect(
      await code(verifyManifestSignature({ ...good, permissions: { clipboard: true, notifications: true } }, pinned)),
    ).to.equal('signature-invalid');
    expect(
      await code(
        verifyManifestSignature({ ...good, signature: { ...good.signature!, signedAt: '2030-01-01' } }, pinned),
      ),
    ).to.equal('signature-invalid');
    expect(await code(verifyManifestSignature(await signed(base, other), pinned))).to.equal('signature-unknown-key');
    expect(await code(verifyManifestSignature(await signed(base, key, 'Mallory'), pinned))).to.equal(
      'signature-unknown-key',
    );
    expect(await code(verifyManifestSignature(base, pinned))).to.equal('signature-missing');
    expect(
      await code(verifyManifestSignature({ ...good, signature: { ...good.signature!, algorithm: 'RS256' } }, pinned)),
    ).to.equal('signature-invalid');
    expect(
      await code(verifyManifestSignature({ ...good, signature: { ...good.signature!, signature: 'AAAA' } }, pinned)),
    ).to.equal('signature-invalid');
  });

  it('an unsigned community manifest is accepted as unsigned', async () => {
    expect(await verifyManifestSignature({ ...base, trustLevel: 'community' }, [])).to.deep.equal({
      state: 'unsigned',
    });
  });
});
