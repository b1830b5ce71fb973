import semver from 'semver';
import { RegistryError } from './errors.js';
import { parseManifestText, validateManifest, type WidgetManifest } from './manifest.js';

/** One registry as configured in `dashboard.registries` (priority = order in the list). */
export interface RegistryConfig {
  url: string;
  /** Name shown in the UI; defaults to the URL's host. */
  name?: string;
  /** Other origins this registry's bundles may come from (https only). */
  bundleOrigins?: string[];
}

/** One search hit (GET /widgets?q=&server=, MCP-WP-16.3.3). */
export interface SearchHit {
  name: string;
  version: string;
  description?: string;
  displayName?: string;
  keywords?: string[];
  mcpServers?: string[];
  trustLevel?: string;
  publisher?: string;
  /** Which registry answered. */
  registry: string;
}

/** A fetched manifest with where it came from. */
export interface FetchedManifest {
  manifest: WidgetManifest;
  /** The manifest's URL. */
  url: string;
  registry: RegistrySource;
}

const MAX_MANIFEST_BYTES = 256 * 1024;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Path segments of a (possibly scoped) package name, each encoded. */
export function namePath(name: string): string {
  return name.split('/').map(encodeURIComponent).join('/');
}

/** True for loopback hosts, where plain http is acceptable. */
export function isLoopback(url: URL): boolean {
  return LOOPBACK.has(url.hostname);
}

async function readLimitedText(response: Response, limit: number, what: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit)
    throw new RegistryError('invalid-manifest', `${what} is ${declared} bytes, more than the ${limit} allowed.`);
  const text = await response.text();
  if (text.length > limit) throw new RegistryError('invalid-manifest', `${what} is more than ${limit} bytes.`);
  return text;
}

/** Talks to one registry over the MCP-WP §14 API (plus `/versions` and `/{version}` for ranges). */
export class RegistrySource {
  readonly base: URL;
  readonly label: string;
  readonly allowedOrigins: Set<string>;

  constructor(
    readonly config: RegistryConfig,
    private readonly fetchImpl: typeof fetch = (...a) => fetch(...a),
  ) {
    const base = new URL(config.url);
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    if (base.protocol !== 'https:' && !(base.protocol === 'http:' && isLoopback(base))) {
      throw new RegistryError(
        'bundle-origin',
        `Registry ${config.url} must use https (plain http is allowed only on loopback).`,
      );
    }
    this.base = base;
    this.label = config.name ?? base.host;
    this.allowedOrigins = new Set([base.origin, ...(config.bundleOrigins ?? []).map((o) => new URL(o).origin)]);
  }

  private async get(path: string, what: string, name?: string): Promise<Response> {
    const url = new URL(path, this.base);
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        headers: { Accept: 'application/json' },
        credentials: 'omit',
        cache: 'no-cache',
      });
    } catch (error) {
      throw new RegistryError(
        'unreachable',
        `Cannot reach the registry ${this.label} (${(error as Error).message}). Check your connection; installed widgets keep working offline.`,
        name,
      );
    }
    if (response.status === 404)
      throw new RegistryError('not-found', `${what} was not found in the registry ${this.label}.`, name);
    if (!response.ok)
      throw new RegistryError(
        'http-error',
        `The registry ${this.label} answered ${response.status} for ${what}.`,
        name,
      );
    return response;
  }

  /** GET /widgets/{name} (latest) or /widgets/{name}/{version}; validated, and checked to be that package. */
  async manifest(name: string, version?: string): Promise<FetchedManifest> {
    const path = `widgets/${namePath(name)}${version ? `/${encodeURIComponent(version)}` : ''}`;
    const label = version ? `${name}@${version}` : name;
    const response = await this.get(path, label, name);
    const text = await readLimitedText(response, MAX_MANIFEST_BYTES, `The manifest of ${label}`);
    const manifest = validateManifest(parseManifestText(text, label), { name, version });
    return { manifest, url: new URL(path, this.base).href, registry: this };
  }

  /** Every published version, newest first. */
  async versions(name: string): Promise<string[]> {
    const response = await this.get(`widgets/${namePath(name)}/versions`, `the versions of ${name}`, name);
    const body = (await response.json().catch(() => undefined)) as { versions?: unknown } | undefined;
    const list = Array.isArray(body?.versions)
      ? body!.versions.filter((v): v is string => typeof v === 'string' && semver.valid(v) !== null)
      : [];
    return semver.rsort(list);
  }

  /** GET /widgets?q=&server= (MCP-WP-16.3.3). */
  async search(query: string, server?: string): Promise<SearchHit[]> {
    const params = new URLSearchParams({ q: query });
    if (server) params.set('server', server);
    const response = await this.get(`widgets?${params}`, 'the search', undefined);
    const body = (await response.json().catch(() => undefined)) as { widgets?: unknown } | undefined;
    if (!Array.isArray(body?.widgets))
      throw new RegistryError(
        'http-error',
        `The registry ${this.label} answered the search with something that is not a list of widgets.`,
      );
    return body!.widgets
      .filter(
        (w): w is Record<string, unknown> =>
          w !== null &&
          typeof w === 'object' &&
          typeof (w as SearchHit).name === 'string' &&
          typeof (w as SearchHit).version === 'string',
      )
      .slice(0, 200)
      .map((w) => ({ ...(w as unknown as SearchHit), registry: this.label }));
  }

  /** The bundle URL of a manifest, resolved against the registry and checked against allowed origins. */
  bundleUrl(manifest: WidgetManifest): URL {
    let url: URL;
    try {
      url = new URL(manifest.bundle, this.base);
    } catch {
      throw new RegistryError(
        'invalid-manifest',
        `${manifest.name}@${manifest.version} has a bundle URL that is not a URL.`,
        manifest.name,
        manifest.version,
      );
    }
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
    if (!secure || !this.allowedOrigins.has(url.origin)) {
      throw new RegistryError(
        'bundle-origin',
        `${manifest.name}@${manifest.version} wants its bundle from ${url.origin}, which is not this registry's origin or one of its configured bundleOrigins (https only). It was refused.`,
        manifest.name,
        manifest.version,
      );
    }
    return url;
  }

  /** Downloads a bundle, streaming, with a byte limit and progress; a cut-off transfer is an error. */
  async download(
    url: URL,
    options: {
      maxBytes: number;
      label: string;
      name?: string;
      version?: string;
      onProgress?: (received: number, total: number | undefined) => void;
      signal?: AbortSignal;
    },
  ): Promise<Uint8Array> {
    const { maxBytes, label, name, version } = options;
    const tooLarge = (size: string) =>
      new RegistryError(
        'bundle-too-large',
        `The bundle of ${label} is ${size}, more than the ${Math.round(maxBytes / 1024)} KiB a widget may have. It was refused.`,
        name,
        version,
      );
    let response: Response;
    try {
      response = await this.fetchImpl(url, { credentials: 'omit', signal: options.signal });
    } catch (error) {
      throw new RegistryError(
        'download-failed',
        `Downloading the bundle of ${label} failed (${(error as Error).message}). Nothing was installed; try again.`,
        name,
        version,
      );
    }
    if (!response.ok || !response.body)
      throw new RegistryError(
        'download-failed',
        `The bundle of ${label} could not be downloaded (HTTP ${response.status}). Nothing was installed.`,
        name,
        version,
      );
    const declared = response.headers.get('content-length');
    const total = declared === null ? undefined : Number(declared);
    if (total !== undefined && total > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw tooLarge(`${Math.round(total / 1024)} KiB`);
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (received > maxBytes) {
          await reader.cancel().catch(() => {});
          throw tooLarge(`more than ${Math.round(maxBytes / 1024)} KiB`);
        }
        chunks.push(value);
        options.onProgress?.(received, total);
      }
    } catch (error) {
      if (error instanceof RegistryError) throw error;
      throw new RegistryError(
        'download-failed',
        `The download of ${label} was cut off after ${received} bytes (${(error as Error).message}). Nothing was installed; try again when the connection is stable.`,
        name,
        version,
      );
    }
    if (total !== undefined && received !== total) {
      throw new RegistryError(
        'download-failed',
        `The download of ${label} ended after ${received} of ${total} bytes. Nothing was installed; try again.`,
        name,
        version,
      );
    }
    const bytes = new Uint8Array(received);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  }
}

/** Several registries in priority order (MCP-WP-16.3.1). */
export class RegistrySet {
  readonly sources: RegistrySource[];

  constructor(configs: RegistryConfig[], fetchImpl?: typeof fetch) {
    this.sources = configs.map((c) => new RegistrySource(c, fetchImpl));
  }

  /** The source with this URL (as stored with an install), or undefined. */
  byUrl(url: string): RegistrySource | undefined {
    const href = new URL(url).href.replace(/\/?$/, '/');
    return this.sources.find((s) => s.base.href === href);
  }

  /** Resolves a name: the first registry that has it wins (MCP-WP-16.4.1 step 1). */
  async resolve(name: string, version?: string): Promise<FetchedManifest> {
    if (this.sources.length === 0)
      throw new RegistryError(
        'not-found',
        'No widget registry is configured. Add one under "dashboard.registries" in the config file.',
        name,
      );
    const problems: RegistryError[] = [];
    for (const source of this.sources) {
      try {
        return await source.manifest(name, version);
      } catch (error) {
        if (error instanceof RegistryError && (error.code === 'not-found' || error.code === 'unreachable')) {
          problems.push(error);
          continue;
        }
        throw error;
      }
    }
    if (problems.every((p) => p.code === 'unreachable')) throw problems[0]!;
    throw new RegistryError(
      'not-found',
      `${version ? `${name}@${version}` : name} is not in any configured registry (${this.sources.map((s) => s.label).join(', ')}).`,
      name,
    );
  }

  /** The published versions of `name` from the first registry that has it. */
  async versionsOf(name: string): Promise<{ source: RegistrySource; versions: string[] }> {
    let last: RegistryError | undefined;
    for (const source of this.sources) {
      try {
        return { source, versions: await source.versions(name) };
      } catch (error) {
        if (error instanceof RegistryError && (error.code === 'not-found' || error.code === 'unreachable')) {
          last = error;
          continue;
        }
        throw error;
      }
    }
    throw last ?? new RegistryError('not-found', `${name} is not in any configured registry.`, name);
  }

  /** Searches every registry and merges by name; earlier registries win. */
  async search(query: string, server?: string): Promise<{ hits: SearchHit[]; errors: string[] }> {
    const results = await Promise.allSettled(this.sources.map((s) => s.search(query, server)));
    const seen = new Map<string, SearchHit>();
    const errors: string[] = [];
    for (const result of results) {
      if (result.status === 'rejected') errors.push((result.reason as Error).message);
      else for (const hit of result.value) if (!seen.has(hit.name)) seen.set(hit.name, hit);
    }
    return { hits: [...seen.values()], errors };
  }
}
