// Browser-side helpers for scratch directories (test/support/wtr-scratch-plugin.mjs).
import { executeServerCommand } from '@web/test-runner-commands';

/** Creates a fresh directory under the OS temp dir; resolves with its absolute path. */
export async function createScratchDir(): Promise<string> {
  const dir = await executeServerCommand<string, Record<string, never>>('scratch-create', {});
  if (!dir) throw new Error('scratch-create returned nothing');
  return dir;
}

/** The text of `name` inside `dir` (null when it does not exist). */
export async function readScratchFile(dir: string, name: string): Promise<string | null> {
  return (
    (await executeServerCommand<string | null, { dir: string; name: string }>('scratch-read', { dir, name })) ?? null
  );
}

/** Writes `text` to `name` inside `dir`. */
export async function writeScratchFile(dir: string, name: string, text: string): Promise<void> {
  await executeServerCommand('scratch-write', { dir, name, text });
}

/** Removes a scratch directory and everything in it. */
export async function removeScratchDir(dir: string | undefined): Promise<void> {
  if (dir) await executeServerCommand('scratch-remove', { dir });
}
