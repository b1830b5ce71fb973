import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventHubs } from '../relay/event-hub.js';
import type { ServerRouter } from '../relay/server-router.js';
import type { RelaySession } from '../relay/session.js';
import { readBody, safeDecode, sendJson } from './http-io.js';

/**
 * The page's event hub (see relay/event-hub.ts): `GET /api/events` opens it, `POST
 * /api/events/<hub>/sessions` attaches an MCP session, `DELETE …/sessions/<id>` detaches one.
 */
export async function handleEvents(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  hubs: EventHubs,
  servers: Map<string, ServerRouter>,
  configFile: string,
  /** Team mode: only the person's own sessions may be attached to their event stream. */
  mayAttach: (session: RelaySession) => boolean = () => true,
): Promise<void> {
  if (path === '/api/events' && req.method === 'GET') {
    hubs.open(res, { 'Cache-Control': 'no-store' });
    return;
  }
  const attach = /^\/api\/events\/([^/]+)\/sessions$/.exec(path);
  if (attach && req.method === 'POST') {
    const parsed = await readBody(req);
    if (!parsed.ok) {
      sendJson(res, parsed.status, { error: parsed.message });
      return;
    }
    const body = (parsed.value ?? {}) as { server?: unknown; session?: unknown };
    const hub = hubs.get(safeDecode(attach[1]!));
    if (!hub) {
      sendJson(res, 404, { error: 'No such event stream; it may have closed. Open a new one with GET /api/events.' });
      return;
    }
    const server = typeof body.server === 'string' ? servers.get(body.server) : undefined;
    if (!server) {
      sendJson(res, 404, { error: `No server named ${JSON.stringify(body.server)} in ${configFile}.` });
      return;
    }
    const session = typeof body.session === 'string' ? server.session(body.session) : undefined;
    if (!session || !session.sessionId || !mayAttach(session)) {
      sendJson(res, 404, {
        error: `No session ${JSON.stringify(body.session)} for server "${server.name}"; it may have ended. Reconnect to start a new one.`,
      });
      return;
    }
    hub.attach(session.sessionId);
    session.outbox.attach(hub);
    res.writeHead(204, { 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  const detach = /^\/api\/events\/([^/]+)\/sessions\/([^/]+)$/.exec(path);
  if (detach && req.method === 'DELETE') {
    hubs.get(safeDecode(detach[1]!))?.detach(safeDecode(detach[2]!));
    res.writeHead(204, { 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  sendJson(res, 404, { error: 'Not found.' });
}
