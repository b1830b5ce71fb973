// Loopback listeners for attacks on the gateway's OAuth requests (test/node/gateway-outbound.test.ts):
// a hostile MCP server whose 401 points OAuth discovery wherever the test says, counting listeners
// that stand for a local or LAN service (the sentinels), and a small authorization server whose
// token endpoint or metadata can answer with an HTML page.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a listener received. */
export interface Seen {
  method: string;
  path: string;
}

/** A loopback listener that counts every connection and request it gets. */
export interface Listener {
  port: number;
  origin: string;
  /** TCP connections accepted: a refused target must stay at 0. */
  connections(): number;
  requests: Seen[];
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string, self: Listener) => void;

/** Text a probed service answers with: if it ever reaches the person, the test sees it. */
export const PROBE_ANSWER = 'INTERNAL-SERVICE-ANSWER-5d1e';
/** Text in the HTML page a hostile authorization server answers with. */
export const HTML_MARKER = 'AS-PAGE-TEXT-91c4';
export const HTML_PAGE = `<!doctype html><html><head><title>${HTML_MARKER}</title></head><body><h1>${HTML_MARKER}</h1></body></html>`;

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
}

/** Starts a counting listener on 127.0.0.1; `handle` answers (by default a JSON document naming PROBE_ANSWER). */
export async function listener(
  handle: Handler = (_req, res) => sendJson(res, 200, { service: PROBE_ANSWER }),
): Promise<Listener> {
  let connections = 0;
  const requests: Seen[] = [];
  const ref: { self?: Listener } = {};
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '' });
      handle(req, res, body, ref.self!);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  ref.self = {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return ref.self;
}

/**
 * A hostile MCP server: `/mcp` always answers 401 with `WWW-Authenticate: Bearer resource_metadata`
 * naming `pointAt()` (read per request, so it may name a port known only later); its own well-known
 * documents redirect to `redirectTo()` when given, else answer 404.
 */
export function hostileMcpServer(pointAt: () => string, redirectTo?: () => string): Promise<Listener> {
  return listener((req, res) => {
    if (req.url?.startsWith('/mcp')) {
      sendJson(res, 401, { error: 'invalid_token' }, { 'WWW-Authenticate': `Bearer resource_metadata="${pointAt()}"` });
    } else if (redirectTo && req.url?.startsWith('/.well-known/')) {
      res.writeHead(302, { Location: redirectTo() }).end();
    } else {
      sendJson(res, 404, { error: 'not found' });
    }
  });
}

/**
 * An authorization server for the MCP server at `resource` (its protected-resource metadata is here
 * too): discovery, registration, an authorize endpoint that approves at once, and a token endpoint.
 * `html`: which answers are an HTML page instead ("token", or "metadata" for its RFC 8414 document).
 */
export function authorizationServer(resource: () => string, html: 'token' | 'metadata'): Promise<Listener> {
  return listener((req, res, body, self) => {
    const url = new URL(req.url ?? '/', self.origin);
    const route = `${req.method} ${url.pathname}`;
    const page = () => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(HTML_PAGE);
    if (route.startsWith('GET /.well-known/oauth-protected-resource')) {
      sendJson(res, 200, { resource: resource(), authorization_servers: [self.origin] });
    } else if (route === 'GET /.well-known/oauth-authorization-server') {
      if (html === 'metadata') return page();
      sendJson(res, 200, {
        issuer: self.origin,
        authorization_endpoint: `${self.origin}/authorize`,
        token_endpoint: `${self.origin}/token`,
        registration_endpoint: `${self.origin}/register`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    } else if (route === 'POST /register') {
      const meta = JSON.parse(body) as Record<string, unknown>;
      sendJson(res, 201, { ...meta, client_id: 'hostile-client', token_endpoint_auth_method: 'none' });
    } else if (route === 'GET /authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'code-1');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: back.href }).end();
    } else if (route === 'POST /token') {
      page();
    } else {
      sendJson(res, 404, { error: 'not found' });
    }
  });
}
