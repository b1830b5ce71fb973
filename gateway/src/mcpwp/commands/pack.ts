import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { isAbsolute, join, resolve } from 'node:path';
import { sha256Integrity } from '../../../../registry-client/integrity.js';
import { validateManifest, type WidgetManifest } from '../../../../registry-client/manifest.js';
import { signedPayload, verifyManifestSignature } from '../../../../registry-client/signature.js';
import { bundlePath } from '../../registry/folder.js';
import type { McpwpCommand } from '../kit/command.js';
import { parse, runCommand, UsageError } from '../kit/util.js';
import { requireAuthorTools } from '../kit/author-tools.js';

const usage =
  'mcpwp pack [package-dir] [--out <dir>] [--sign-key <key.pem> --publisher <name>] [--bundle-url <url>] [--test]';

/** Fields of the source widget.json that are build inputs, not part of the published manifest. */
const BUILD_ONLY = ['entry'];

/** Bundles a widget package, computes its integrity, writes widget.json and optionally signs it. */
export async function pack(options: {
  dir: string;
  out?: string;
  signKey?: string;
  publisher?: string;
  bundleUrl?: string;
}) {
  const dir = resolve(options.dir);
  let source: Record<string, unknown>;
  try {
    source = JSON.parse(await readFile(join(dir, 'widget.json'), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot read ${join(dir, 'widget.json')}: ${(error as Error).message}`);
  }
  const entry = typeof source.entry === 'string' ? source.entry : 'src/index.ts';
  // Loaded only here: widget authors need esbuild for packing, nobody else does.
  requireAuthorTools('pack', ['esbuild']);
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [resolve(dir, entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: dir,
  }).catch((error: Error) => {
    throw new UsageError(`the bundle did not build: ${error.message}`);
  });
  const bytes = Buffer.from(result.outputFiles[0]!.contents);
  const manifest: Record<string, unknown> = { ...source };
  for (const key of BUILD_ONLY) delete manifest[key];
  delete manifest.signature;
  const name = String(manifest.name);
  const version = String(manifest.version);
  manifest.bundle = options.bundleUrl ?? bundlePath(name, version);
  manifest.integrity = await sha256Integrity(bytes);
  if (manifest.trustLevel === 'verified' && !options.signKey)
    throw new UsageError(
      'trustLevel is "verified", so the manifest must be signed: pass --sign-key <key.pem> (MCP-WP-4.2.9).',
    );
  if (options.signKey) {
    const key = createPrivateKey(await readFile(options.signKey, 'utf8'));
    const publicKey = (createPublicKey(key).export({ type: 'spki', format: 'der' }) as Buffer).toString('base64');
    const publisherName = options.publisher ?? (manifest.author as { name?: string } | undefined)?.name;
    if (!publisherName)
      throw new UsageError('--publisher <name> is required to sign (or set author.name in widget.json).');
    manifest.signature = {
      algorithm: 'ES256',
      publicKey,
      signedAt: new Date().toISOString(),
      publisher: { name: publisherName },
    };
    const payload = signedPayload(manifest as WidgetManifest);
    (manifest.signature as Record<string, unknown>).signature = sign('sha256', payload, {
      key,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64');
  }
  // Check what we wrote the way a dashboard will.
  const checked = validateManifest(manifest, { name, version });
  if (checked.signature)
    await verifyManifestSignature(checked, [
      { publisher: checked.signature.publisher.name, publicKey: checked.signature.publicKey },
    ]);
  const out = resolve(options.out ?? join(dir, 'dist'));
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'bundle.js'), bytes);
  await writeFile(join(out, 'widget.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest: checked, out, size: bytes.length, gzip: gzipSync(bytes).length };
}

/** `mcpwp pack`. */
const command: McpwpCommand = {
  summary:
    'Bundle a widget package with esbuild, compute its sha256 integrity, write dist/widget.json (optionally ES256-signed).',
  usage,
  run: (args) =>
    runCommand('pack', async () => {
      const { values, positionals } = parse(
        args,
        {
          out: { type: 'string' },
          'sign-key': { type: 'string' },
          publisher: { type: 'string' },
          'bundle-url': { type: 'string' },
          test: { type: 'boolean', default: false },
        },
        usage,
      );
      if (values['bundle-url'] && !isAbsolute(values['bundle-url']) && !/^https:\/\//.test(values['bundle-url'])) {
        throw new UsageError('--bundle-url must be an https:// URL.', 2);
      }
      const packed = await pack({
        dir: positionals[0] ?? '.',
        out: values.out,
        signKey: values['sign-key'],
        publisher: values.publisher,
        bundleUrl: values['bundle-url'],
      });
      const m = packed.manifest;
      process.stdout.write(
        `Packed ${m.name}@${m.version} \u2192 ${packed.out}\n  bundle ${packed.size} bytes (${packed.gzip} gzipped)\n  integrity ${m.integrity}\n  ${m.signature ? `signed by ${m.signature.publisher.name}` : 'not signed'}\n`,
      );
      if (values.test) {
        // Loaded only now: the conformance kit is the heaviest command.
        const test = (await import('./test.js')).default;
        return test.run([join(packed.out, 'bundle.js')]);
      }
      return 0;
    }),
};
export default command;
