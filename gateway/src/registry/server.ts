import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { IndexCache, isSafeNameVersion, search, versionDir } from './folder.js';

/** Which page origins get CORS headers: a list, every loopback origin (the default), or any ('*'). */
export type CorsPolicy = 'loopback' | '*' | string[];

/** Options of the reference registry. */
export interface RegistryServerOptions {
  root: string;
  cors?: CorsPolicy;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function allowOrigin(origin: string | undefined, cors: CorsPolicy): string | undefined {
  if (!origin) return undefined;
  if (cors === '*') return '*';
  if (cors === 'loopback') {
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname) ? origin : undefined;
    } catch {
      return undefined;
    }
  }
  return cors.includes(origin) ? origin : undefined;
}

function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/**
 * The reference registry's request handler (MCP-WP §14): `GET /widgets?q=&server=` (search),
 * `GET /widgets/{name}` (latest manifest), `/widgets/{name}/versions`, `/widgets/{name}/{version}`, and
 * `GET /packages/{name}/{version}/bundle.js`. Files are served byte for byte with a strong ETag
 * (If-None-Match → 304) and CORS for the dashboard's origin.
 */
export function createRegistryHandler(
  options: RegistryServerOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const index = new IndexCache(options.root);
  const cors = options.cors ?? 'loopback';

  return async (req, res) => {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const allowed = allowOrigin(origin, cors);
    const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
    if (allowed) {
      headers['Access-Control-Allow-Origin'] = allowed;
      headers['Access-Control-Expose-Headers'] = 'ETag, Content-Length';
      if (allowed !== '*') headers['Vary'] = 'Origin';
    }
    const send = (status: number, body: Buffer | string, type: string, extra: Record<string, string> = {}) => {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      res.writeHead(status, { ...headers, ...extra, 'Content-Type': type, 'Content-Length': bytes.length });
      res.end(req.method === 'HEAD' ? undefined : bytes);
    };
    const json = (status: number, value: unknown) =>
      send(status, JSON.stringify(value), 'application/json', { 'Cache-Control': 'no-cache' });
    const file = async (path: string, type: string, cache: string) => {
      let bytes: Buffer;
      try {
        bytes = await readFile(path);
      } catch {
        json(404, { error: 'Not found.' });
        return;
      }
      const etag = etagOf(bytes);
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ...headers, ETag: etag, 'Cache-Control': cache });
        res.end();
        return;
      }
      send(200, bytes, type, { ETag: etag, 'Cache-Control': cache });
    };

    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...headers,
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': 'accept, if-none-match',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      json(405, { error: 'This registry is read-only; publish with "mcpwp publish".' });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://registry.invalid');
    let segments: string[];
    try {
      // Decode first, then split: clients may send a scoped name as "@scope/name" or "@scope%2Fname".
      segments = decodeURIComponent(url.pathname).split('/').filter(Boolean);
    } catch {
      json(400, { error: 'Bad path.' });
      return;
    }
    if (segments.length === 1 && segments[0] === 'healthz') {
      json(200, { ok: true });
      return;
    }
    if (segments[0] === 'widgets') {
      const idx = await index.get();
      if (segments.length === 1) {
        const hits = search(idx, url.searchParams.get('q') ?? '', url.searchParams.get('server') ?? undefined);
        json(200, {
          widgets: hits.map((e) => ({
            name: e.name,
            version: e.latest,
            description: e.description,
            displayName: e.displayName,
            keywords: e.keywords,
            mcpServers: e.mcpServers,
            trustLevel: e.trustLevel,
            publisher: e.publisher,
          })),
          total: hits.length,
        });
        return;
      }
      const scoped = segments[1]!.startsWith('@');
      const name = scoped ? `${segments[1]}/${segments[2] ?? ''}` : segments[1]!;
      const rest = segments.slice(scoped ? 3 : 2);
      const entry = isSafeNameVersion(name) ? idx.packages[name] : undefined;
      if (!entry || rest.length > 1) {
        json(404, { error: `No package named "${name}".` });
        return;
      }
      if (rest[0] === 'versions') {
        json(200, { name, versions: entry.versions, latest: entry.latest });
        return;
      }
      const version = rest[0] ?? entry.latest;
      if (!isSafeNameVersion(name, version) || !entry.versions.includes(version)) {
        json(404, { error: `${name} has no version "${version}".` });
        return;
      }
      await file(join(versionDir(options.root, name, version), 'widget.json'), 'application/json', 'no-cache');
      return;
    }
    if (segments[0] === 'packages' && segments[segments.length - 1] === 'bundle.js') {
      const inner = segments.slice(1, -1);
      const version = inner.pop() ?? '';
      const name = inner.join('/');
      if (!isSafeNameVersion(name, version)) {
        json(404, { error: 'Not found.' });
        return;
      }
      await file(
        join(versionDir(options.root, name, version), 'bundle.js'),
        'text/javascript; charset=utf-8',
        'public, max-age=31536000, immutable',
      );
      return;
    }
    json(404, { error: 'Not found.' });
  };
}

/** A running reference registry. */
export interface RunningRegistry {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** Starts the reference registry on `host` (127.0.0.1 by default) and `port` (0 = any free port). */
export async function startRegistryServer(
  options: RegistryServerOptions & { port?: number; host?: string },
): Promise<RunningRegistry> {
  const handler = createRegistryHandler(options);
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      console.error('[mcpwp registry] request failed:', error);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: 'Internal registry error.' }));
      } else res.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    server,
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
