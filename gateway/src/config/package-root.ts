import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the mcp-dashboard package: the nearest one above this module that holds a package.json.
 * Searched rather than counted, because this module sits at a different depth in the sources
 * (gateway/src/<room>/) than in the bundle every launcher runs (gateway/dist/).
 */
export const packageRoot: string = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(resolve(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '..', '..');
  }
}
