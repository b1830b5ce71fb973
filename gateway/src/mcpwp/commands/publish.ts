import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { verifyIntegrity } from '../../../../registry-client/integrity.js';
import { parseManifestText, validateManifest } from '../../../../registry-client/manifest.js';
import { verifyManifestSignature } from '../../../../registry-client/signature.js';
import { bundlePath, versionDir, writeIndex } from '../../registry/folder.js';
import type { McpwpCommand } from '../kit/command.js';
import { parse, runCommand, UsageError } from '../kit/util.js';

const usage = 'mcpwp publish [packed-dir] --registry <folder>';

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Copies a packed widget (widget.json + bundle.js) into a reference registry folder and updates its index. */
export async function publish(options: { dir: string; registry: string }) {
  let dir = resolve(options.dir);
  if (!(await exists(join(dir, 'bundle.js'))) && (await exists(join(dir, 'dist', 'bundle.js'))))
    dir = join(dir, 'dist');
  const text = await readFile(join(dir, 'widget.json'), 'utf8').catch(() => {
    throw new UsageError(`no packed widget in ${dir}: run "mcpwp pack" first.`);
  });
  const bytes = await readFile(join(dir, 'bundle.js'));
  const parsed = parseManifestText(text, dir) as { name?: unknown; version?: unknown };
  const manifest = validateManifest(parsed, { name: String(parsed.name), version: String(parsed.version) });
  await verifyIntegrity(bytes, manifest.integrity, `${manifest.name}@${manifest.version}`);
  if (manifest.signature)
    await verifyManifestSignature(manifest, [
      { publisher: manifest.signature.publisher.name, publicKey: manifest.signature.publicKey },
    ]);
  if (!/^https:\/\//.test(manifest.bundle) && manifest.bundle !== bundlePath(manifest.name, manifest.version)) {
    throw new UsageError(
      `the manifest's bundle is "${manifest.bundle}"; a reference registry serves it at "${bundlePath(manifest.name, manifest.version)}". Pack again.`,
    );
  }
  const root = resolve(options.registry);
  const target = versionDir(root, manifest.name, manifest.version);
  if (await exists(target))
    throw new UsageError(
      `${manifest.name}@${manifest.version} is already published in ${root}; published versions never change. Bump the version.`,
    );
  const temp = `${target}.${process.pid}.tmp`;
  await rm(temp, { recursive: true, force: true });
  await mkdir(temp, { recursive: true });
  await writeFile(join(temp, 'widget.json'), text);
  await writeFile(join(temp, 'bundle.js'), bytes);
  await mkdir(dirname(target), { recursive: true });
  await rename(temp, target);
  await writeIndex(root);
  return manifest;
}

/** `mcpwp publish`. */
const command: McpwpCommand = {
  summary: 'Publish a packed widget to a reference registry folder (served by "mcpwp serve").',
  usage,
  run: (args) =>
    runCommand('publish', async () => {
      const { values, positionals } = parse(args, { registry: { type: 'string' } }, usage);
      if (!values.registry) throw new UsageError(`--registry <folder> is required.\nUsage: ${usage}`, 2);
      const m = await publish({ dir: positionals[0] ?? '.', registry: values.registry });
      process.stdout.write(`Published ${m.name}@${m.version} to ${resolve(values.registry)}\n`);
    }),
};
export default command;
