import { expect } from '@open-wc/testing';
import { RegistryError } from './errors.js';
import { sha256Integrity, verifyIntegrity } from './integrity.js';
import { validateManifest } from './manifest.js';

const bytes = new TextEncoder().encode('export default () => 1;\n');

async function refusal(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(RegistryError);
    return error as RegistryError;
  }
  throw new Error('expected a refusal');
}

describe('integrity (WebCrypto)', () => {
  it('MCP-WP-16.6.1 computes sha256-<base64> of the exact bytes', async () => {
    // Known value: printf 'export default () => 1;\n' | openssl dgst -sha256 -binary | base64
    const value = await sha256Integrity(bytes);
    expect(value).to.match(/^sha256-[A-Za-z0-9+/]{43}=$/);
    await verifyIntegrity(bytes, value, 'x');
  });

  it('MCP-WP-16.6.2 refuses a single changed byte', async () => {
    const value = await sha256Integrity(bytes);
    const changed = bytes.slice();
    changed[0] = changed[0]! ^ 1;
    expect((await refusal(verifyIntegrity(changed, value, 'x'))).code).to.equal('integrity-mismatch');
  });

  it('MCP-WP-4.2.10 fails closed on missing, empty, malformed and non-sha256 values before hashing', async () => {
    const codes = [];
    for (const value of [
      undefined,
      '',
      '   ',
      'sha256-abc',
      'sha256-' + 'A'.repeat(44),
      'md5-abc',
      `sha512-${'A'.repeat(86)}==`,
      42,
    ]) {
      codes.push((await refusal(verifyIntegrity(bytes, value, 'x'))).code);
    }
    expect(codes).to.deep.equal([
      'integrity-missing',
      'integrity-missing',
      'integrity-missing',
      'integrity-malformed',
      'integrity-malformed',
      'integrity-algorithm',
      'integrity-algorithm',
      'integrity-missing',
    ]);
  });

  it('MCP-WP-16.2.2 validates manifests with ajv and names what is wrong', async () => {
    const good = {
      name: '@a/b',
      version: '1.0.0',
      bundle: 'packages/@a/b/1.0.0/bundle.js',
      integrity: await sha256Integrity(bytes),
      mcpwpVersion: '1.0.0',
    };
    expect(validateManifest(good, { name: '@a/b' }).name).to.equal('@a/b');
    const bad = (value: object, expected = { name: '@a/b' }) => {
      try {
        validateManifest(value, expected);
      } catch (error) {
        return `${(error as RegistryError).code}: ${(error as Error).message}`;
      }
      return 'accepted';
    };
    expect(bad({ ...good, version: 'one' })).to.match(/^invalid-manifest: .*not a semantic version/);
    expect(bad({ ...good, dependencies: { '@a/c': 'not a range!' } })).to.match(
      /^invalid-manifest: .*not a semver range/,
    );
    expect(bad({ ...good, permissions: { clipboard: 'yes' } })).to.match(
      /^invalid-manifest: .*\/permissions\/clipboard/,
    );
    expect(bad({ ...good, name: 'Bad Name' }, { name: 'Bad Name' })).to.match(/^invalid-manifest: .*npm-style/);
    expect(bad({ ...good, trustLevel: 'super' })).to.match(/^invalid-manifest: .*trustLevel/);
    expect(bad([])).to.match(/^invalid-manifest: .*not a JSON object/);
  });
});
