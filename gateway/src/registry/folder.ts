import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import semver from 'semver';
import { PACKAGE_NAME_PATTERN } from '../../../registry-client/manifest.js';

// A reference registry folder:
//   <root>/index.json                               search index (written by `mcpwp publish`)
//   <root>/packages/<name>/<version>/widget.json     the manifest, byte for byte as packed (and signed)
//   <root>/packages/<name>/<version>/bundle.js       the bundle
// Manifests name their bundle as "packages/<name>/<version>/bundle.js", relative to the registry URL.

const NAME = new RegExp(PACKAGE_NAME_PATTERN);

/** Summary of one package in the search index. */
export interface IndexEntry {
  name: string;
  versions: string[];
  latest: string;
  description?: string;
  displayName?: string;
  keywords?: string[];
  mcpServers?: string[];
  trustLevel?: string;
  publisher?: string;
}

/** The search index file. */
export interface RegistryIndex {
  generatedAt: string;
  packages: Record<string, IndexEntry>;
}

/** True for a name and version that may become a path under the registry root. */
export function isSafeNameVersion(name: string, version?: string): boolean {
  if (!NAME.test(name) || name.length > 214) return false;
  return version === undefined || (semver.valid(version) !== null && !version.includes('/'));
}

/** Folder of one package version (throws on names that could escape the root). */
export function versionDir(root: string, name: string, version: string): string {
  if (!isSafeNameVersion(name, version))
    throw new Error(`"${name}@${version}" is not a valid package name and version.`);
  const base = resolve(root, 'packages');
  const dir = resolve(base, ...name.split('/'), version);
  if (!dir.startsWith(base + sep)) throw new Error(`"${name}@${version}" escapes the registry folder.`);
  return dir;
}

/** Relative bundle path the reference registry serves a version's bundle at. */
export function bundlePath(name: string, version: string): string {
  return `packages/${name}/${version}/bundle.js`;
}

async function dirs(path: string): Promise<string[]> {
  try {
    return (await readdir(path, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
}

/** Scans `<root>/packages` and builds the index; manifests that do not parse are listed with what is known. */
export async function buildIndex(root: string): Promise<RegistryIndex> {
  const packages: Record<string, IndexEntry> = {};
  const base = join(root, 'packages');
  const names: string[] = [];
  for (const first of await dirs(base)) {
    if (first.startsWith('@')) for (const second of await dirs(join(base, first))) names.push(`${first}/${second}`);
    else names.push(first);
  }
  for (const name of names) {
    if (!isSafeNameVersion(name)) continue;
    const versions = semver.rsort((await dirs(join(base, ...name.split('/')))).filter((v) => semver.valid(v)));
    if (!versions.length) continue;
    const latest = versions[0]!;
    const entry: IndexEntry = { name, versions, latest };
    try {
      const m = JSON.parse(await readFile(join(versionDir(root, name, latest), 'widget.json'), 'utf8')) as Record<
        string,
        any
      >;
      if (typeof m.description === 'string') entry.description = m.description;
      if (typeof m.displayName === 'string') entry.displayName = m.displayName;
      if (Array.isArray(m.keywords)) entry.keywords = m.keywords.filter((k: unknown) => typeof k === 'string');
      if (Array.isArray(m.mcpServers)) entry.mcpServers = m.mcpServers.filter((k: unknown) => typeof k === 'string');
      if (typeof m.trustLevel === 'string') entry.trustLevel = m.trustLevel;
      if (typeof m.signature?.publisher?.name === 'string') entry.publisher = m.signature.publisher.name;
      else if (typeof m.author?.name === 'string') entry.publisher = m.author.name;
    } catch {
      // unreadable manifest: still listed, the client will refuse it with the reason
    }
    packages[name] = entry;
  }
  return { generatedAt: new Date().toISOString(), packages };
}

/** Rebuilds and writes `<root>/index.json` atomically. */
export async function writeIndex(root: string): Promise<RegistryIndex> {
  const index = await buildIndex(root);
  const temp = join(root, `index.json.${process.pid}.tmp`);
  await writeFile(temp, `${JSON.stringify(index, null, 2)}\n`);
  await rename(temp, join(root, 'index.json'));
  return index;
}

/** Reads the index, reloading when `index.json` changes; scans the folder when there is none. */
export class IndexCache {
  private index: RegistryIndex | undefined;
  private mtime = -1;
  private scannedAt = 0;

  constructor(private readonly root: string) {}

  async get(): Promise<RegistryIndex> {
    const file = join(this.root, 'index.json');
    try {
      const info = await stat(file);
      if (info.mtimeMs !== this.mtime || !this.index) {
        this.index = JSON.parse(await readFile(file, 'utf8')) as RegistryIndex;
        this.mtime = info.mtimeMs;
      }
      return this.index;
    } catch {
      if (!this.index || this.mtime !== -1 || Date.now() - this.scannedAt > 1000) {
        this.index = await buildIndex(this.root);
        this.mtime = -1;
        this.scannedAt = Date.now();
      }
      return this.index;
    }
  }
}

/** Search (MCP-WP-16.3.3): words of `q` against name, display name, description and keywords; `server` filters by mcpServers. */
export function search(index: RegistryIndex, q: string, server?: string): IndexEntry[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return Object.values(index.packages)
    .filter((e) => !server || !e.mcpServers?.length || e.mcpServers.includes(server))
    .filter((e) => {
      const hay = [e.name, e.displayName ?? '', e.description ?? '', ...(e.keywords ?? [])].join(' ').toLowerCase();
      return words.every((w) => hay.includes(w));
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
