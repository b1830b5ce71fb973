import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { buildAppCspHeader, validateAppCsp } from '../../../src/core/shared/mcp-apps/csp.js';
import {
  SANDBOX_PROXY_PATH,
  SANDBOX_SCRIPT_PATH,
  sandboxOrigins,
} from '../../../src/core/shared/mcp-apps/sandbox-origin.js';
import { appLabelOfHost } from '../../../src/core/shared/mcp-apps/app-origin.js';
import { packageRoot } from '../config/package-root.js';
import { createGuardedServer } from './connection-guard.js';
import { DEFAULT_LIMITS, type GatewayLimits } from '../config/limits.js';
import { errorText, printError } from '../terminal/terminal-text.js';

/** The running sandbox origin. */
export interface SandboxServer {
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** Options: which pages may frame the proxy and which origins a view may never name. */
export interface SandboxServerOptions {
  /** Connection bounds (the same as the gateway's port). */
  limits?: GatewayLimits;
  /** Origins of pages allowed to embed the proxy (the dashboard's, plus --allow-origin ones). */
  hostOrigins: () => ReadonlySet<string>;
  /** Origins a view's CSP may never list (the gateway's own). */
  forbiddenOrigins: () => Iterable<string>;
  /**
   * Team mode behind a proxy (`team.sandbox`): the sandbox's public origin, whose Host it also answers, and where
   * it listens (the gateway's `--host` and `team.sandbox.port`) so the proxy can reach it. Default: 127.0.0.1, any port.
   */
  public?: { origin: string; host: string; port: number };
  /**
   * Loopback mode: the port to ask for (default 0, any free one). When it is taken, `orAnyPort` takes any free one
   * (a remembered port, config/sandbox-ports.ts); else the start stops, naming `--sandbox-port`.
   */
  port?: { port: number; orAnyPort: boolean };
}

const MAX_CSP_PARAM = 64 * 1024;

const PROXY_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MCP App sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
<script src="${SANDBOX_SCRIPT_PATH}" defer></script></head><body></body></html>
`;

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  res.writeHead(status, {
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'Origin-Agent-Cluster': '?1',
    ...headers,
  });
  res.end(body);
}

function refuse(res: ServerResponse, status: number, message: string): void {
  send(res, status, message, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  });
}

/** What team mode says at start about where MCP App views are served (`sandbox`: `team.sandbox`, resolved). */
export function teamSandboxNote(
  sandbox: { origin: string; port: number | undefined } | undefined,
  listening: { host: string; port: number },
): string {
  if (sandbox?.port !== undefined)
    return `MCP App views are framed from ${sandbox.origin}; the sandbox listens on ${listening.host}:${listening.port} for your proxy.`;
  const fix = sandbox
    ? 'set team.sandbox.port so your proxy can send ' + sandbox.origin + ' to the sandbox'
    : 'set team.sandbox (docs/team.md, "MCP Apps behind your proxy")';
  return `MCP App views are served on loopback only (127.0.0.1:${listening.port}): people on other machines cannot open them; ${fix}.`;
}

/** The Host values a browser or a proxy may send for `origin` (with and without its default port). */
function hostsOf(origin: string): string[] {
  const url = new URL(origin);
  return url.port ? [url.host] : [url.host, `${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`];
}

/**
 * Serves the MCP Apps sandbox proxy on a second loopback port (MCP Apps "Sandbox proxy": the host
 * and the sandbox MUST have different origins), under its two loopback names and, for per-app origins, under
 * `<label>.localhost` (app-origin.ts; the proxy then gives its view the same origin). Two routes only: `/proxy` — the proxy page, with
 * the view's Content-Security-Policy as an HTTP header (which a view cannot tamper with, unlike a
 * meta tag) and `frame-ancestors` limited to the embedding dashboard — and `/proxy.js`. The CSP is
 * rebuilt here from the declaration in the query with the same validator the browser used.
 */
export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  // The view guard is served in front of the proxy, which puts it first in every view (view-guard.js).
  const script = ['view-guard.js', 'proxy.js']
    .map((f) => readFileSync(resolve(packageRoot, 'gateway', 'sandbox', f), 'utf8'))
    .join('\n');
  let hosts = new Set<string>();
  let port = 0;
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const hostHeader = typeof req.headers.host === 'string' ? req.headers.host.toLowerCase() : '';
    // A per-app origin (`<label>.localhost` on this port; loopback only, not behind a team proxy).
    const perApp = !options.public && appLabelOfHost(hostHeader) !== undefined && hostHeader.endsWith(`:${port}`);
    if (!hosts.has(hostHeader) && !perApp) {
      refuse(res, 403, `Host "${String(req.headers.host ?? '')}" is not allowed.`);
      return;
    }
    // Nothing on a view's origin may become a service worker (it would outlive the view and answer its requests).
    if (req.headers['service-worker'] !== undefined || /worker/.test(String(req.headers['sec-fetch-dest'] ?? ''))) {
      refuse(res, 403, 'Workers are not served here.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      refuse(res, 405, 'Method not allowed.');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname === SANDBOX_SCRIPT_PATH) {
      send(res, 200, req.method === 'HEAD' ? '' : script, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'",
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
      return;
    }
    if (url.pathname !== SANDBOX_PROXY_PATH) {
      refuse(res, 404, 'Not found.');
      return;
    }
    const host = url.searchParams.get('host') ?? '';
    if (!options.hostOrigins().has(host)) {
      refuse(res, 403, `The sandbox only runs inside the dashboard; "${host}" is not its origin.`);
      return;
    }
    const rawCsp = url.searchParams.get('csp');
    let declared: unknown;
    if (rawCsp !== null) {
      if (rawCsp.length > MAX_CSP_PARAM) {
        refuse(res, 400, 'The CSP declaration is too large.');
        return;
      }
      try {
        declared = JSON.parse(rawCsp);
      } catch {
        refuse(res, 400, 'The CSP declaration is not valid JSON.');
        return;
      }
    }
    const { csp } = validateAppCsp(declared, { forbiddenOrigins: options.forbiddenOrigins() });
    send(res, 200, req.method === 'HEAD' ? '' : PROXY_HTML, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': buildAppCspHeader(csp, { frameAncestors: [host] }),
    });
  };
  const server = createGuardedServer(options.limits ?? DEFAULT_LIMITS, (req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      printError(`[mcp-dashboard] sandbox request failed: ${errorText(error)}`);
      if (!res.headersSent) refuse(res, 500, 'Internal error.');
      else res.end();
    }
  });
  const listen = (at: number) =>
    new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(at, options.public?.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolvePromise();
      });
    });
  const wanted = options.public?.port ?? options.port?.port ?? 0;
  try {
    await listen(wanted);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (options.public)
      throw new Error(`team.sandbox.port ${options.public.port} is already in use; pick another in the config.`, {
        cause: error,
      });
    if (!options.port?.orAnyPort)
      throw new Error(
        `--sandbox-port ${wanted} is already in use; pick another with --sandbox-port <n> (0 = any free port).`,
        { cause: error },
      );
    // A server whose listen failed may listen again (Node's net docs); the taken port's origins are lost for now.
    await listen(0);
  }
  port = (server.address() as AddressInfo).port;
  hosts = new Set([...sandboxOrigins(port), ...(options.public ? [options.public.origin] : [])].flatMap(hostsOf));
  return {
    port,
    server,
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
