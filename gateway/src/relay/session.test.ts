import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONRPCMessage, TransportSendOptions } from '@modelcontextprotocol/server';
import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { SERVER_GONE } from '../doctor/problem-error.js';
import type { ClientSide, ClientSideEvents } from './client-side.js';
import { LEGACY_VERSIONS } from './handshake.js';
import type { JsonRpc } from './request-tracker.js';
import { RelaySession } from './session.js';
import type { HostedSession, SessionHost } from './session-host.js';
import type { ExitInfo, Upstream, UpstreamKind } from './upstream.js';

// A relay session driven against stubs: the host interface (session-host.ts), an in-memory client
// side and in-memory upstreams. No child process, no HTTP server.

type Sent = { message: JsonRpc; options?: TransportSendOptions };

/** The page's side in memory: what the session sent to the client, and a way to send it messages. */
class MemoryClient implements ClientSide {
  onmessage: ((message: JSONRPCMessage) => void) | undefined;
  onclose: (() => void) | undefined;
  readonly sent: Sent[] = [];
  closed = false;
  events!: ClientSideEvents;

  async start(): Promise<void> {}
  async handleRequest(): Promise<void> {
    throw new Error('the unit tests talk to the session through fromClient()');
  }
  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.sent.push({ message: message as JsonRpc, ...(options ? { options } : {}) });
  }
  async close(): Promise<void> {
    this.closed = true;
  }
  /** The client sends `message` to the session. */
  fromClient(message: JsonRpc): void {
    this.onmessage?.(message as JSONRPCMessage);
  }
  /** What the session answered to request `id`. */
  answer(id: string | number): JsonRpc | undefined {
    return this.sent.find((s) => s.message.id === id && s.message.method === undefined)?.message;
  }
}

/** A server in memory: what it received, and ways to answer, fail or die. */
class MemoryUpstream implements Upstream {
  readonly received: JsonRpc[] = [];
  started = false;
  closed = false;
  exitInfo: ExitInfo | undefined;
  /** When set, the next sends reject with it (an HTTP upstream that lost the session). */
  failSends: Error | undefined;
  readonly transport = {
    onmessage: undefined as ((message: JSONRPCMessage) => void) | undefined,
    onerror: undefined as ((error: Error) => void) | undefined,
    onclose: undefined as (() => void) | undefined,
    start: async () => {},
    send: async (message: JSONRPCMessage) => {
      if (this.failSends) throw this.failSends;
      this.received.push(message as JsonRpc);
    },
    close: async () => {
      this.closed = true;
    },
    setProtocolVersion: (_version: string) => {},
  };

  constructor(private readonly wire: UpstreamKind = 'stdio') {}

  exit(): ExitInfo | undefined {
    return this.exitInfo;
  }
  pid(): number | null {
    return this.wire === 'stdio' ? 4242 : null;
  }
  kind(): UpstreamKind {
    return this.wire;
  }
  /** The server sends `message` to the gateway. */
  say(message: JsonRpc): void {
    this.transport.onmessage?.(message as JSONRPCMessage);
  }
  /** The process ends. */
  die(exit: ExitInfo): void {
    this.exitInfo = exit;
    this.transport.onclose?.();
  }
}

/** A host that hands out `upstreams` in turn and records what the session told it. */
function stubHost(upstreams: MemoryUpstream[], transport: 'stdio' | 'http' = 'stdio') {
  const record = {
    reported: [] as ConnectionProblem[],
    notes: [] as string[],
    started: 0,
    exited: [] as string[],
    restarting: 0,
    recovered: 0,
    ready: [] as UpstreamKind[],
    opened: [] as HostedSession[],
    closed: [] as HostedSession[],
    relayed: [] as string[],
  };
  const host: SessionHost = {
    server: {
      name: 'alpha',
      transport,
      httpKind: transport === 'http' ? 'streamable-http' : undefined,
      site: { name: 'alpha', configFile: '/home/me/mcp.json' },
      url: transport === 'http' ? 'https://mcp.example/mcp' : undefined,
      stdio: transport === 'stdio' ? { command: 'alpha-server', cwd: '/home/me' } : undefined,
    },
    log: { note: (line) => void record.notes.push(line), tail: (n) => record.notes.slice(-n) },
    problems: {
      report: (problem) => (record.reported.push(problem), problem),
      authError: () => undefined,
      recovered: () => void (record.recovered += 1),
    },
    processes: {
      lease: async () => {
        const next = upstreams.shift();
        if (!next) throw new Error('no upstream left in the test');
        return next;
      },
      started: () => void (record.started += 1),
      stableMs: 60_000,
      stable: () => {},
      exited: (_exit, how) => void record.exited.push(how),
      restartDelay: () => 0,
      restarting: () => void (record.restarting += 1),
    },
    ready: (kind) => void record.ready.push(kind),
    opened: (session) => void record.opened.push(session),
    closed: (session) => void record.closed.push(session),
    relayed: (method) => void record.relayed.push(method),
  };
  return { host, record };
}

/** Sessions a test opened: closed after it, whatever happened (a session left restarting would keep the process alive). */
const open = new Set<RelaySession>();
afterEach(async () => {
  await Promise.all([...open].map((s) => s.close('the test ended')));
  open.clear();
});

/** A session on `host` with an in-memory client side. */
async function openSession(host: SessionHost): Promise<{ session: RelaySession; client: MemoryClient }> {
  let client!: MemoryClient;
  const session = new RelaySession(host, (events) => {
    client = new MemoryClient();
    client.events = events;
    return client;
  });
  open.add(session);
  await session.open();
  client.events.initialized('session-1');
  return { session, client };
}

const initialize: JsonRpc = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LEGACY_VERSIONS[0], capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};
const initialized: JsonRpc = { jsonrpc: '2.0', method: 'notifications/initialized' };
const serverInfo = {
  protocolVersion: LEGACY_VERSIONS[0],
  capabilities: {},
  serverInfo: { name: 'alpha', version: '1' },
};

/** Runs the 2025 handshake through the session. */
async function handshake(client: MemoryClient, upstream: MemoryUpstream): Promise<void> {
  client.fromClient(initialize);
  await until('initialize upstream', () => upstream.received.some((m) => m.method === 'initialize'));
  upstream.say({ jsonrpc: '2.0', id: 1, result: serverInfo });
  client.fromClient(initialized);
  await until('initialized upstream', () => upstream.received.some((m) => m.method === initialized.method));
}

async function until(what: string, check: () => unknown, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('relay session (against a stub host)', () => {
  test('forwards a request and its answer, and a log line sent during the call on that call’s stream', async () => {
    const upstream = new MemoryUpstream();
    const { host, record } = stubHost([upstream]);
    const { session, client } = await openSession(host);
    assert.equal(record.started, 1, 'the fresh upstream was started and reported');
    assert.deepEqual(record.opened, [session], 'the host learned the session id');

    await handshake(client, upstream);
    assert.deepEqual(client.answer(1), { jsonrpc: '2.0', id: 1, result: serverInfo });
    assert.deepEqual(record.ready, ['stdio'], 'a good initialize answer clears the server’s problem');
    assert.equal(session.state, 'ready');

    const call: JsonRpc = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo' } };
    client.fromClient(call);
    await until('the call upstream', () => upstream.received.some((m) => m.id === 2));
    upstream.say({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'working' } });
    upstream.say({ jsonrpc: '2.0', id: 2, result: { content: [] } });

    const log = client.sent.find((s) => s.message.method === 'notifications/message');
    assert.equal(log?.options?.relatedRequestId, 2, 'the log line travels on the call’s stream');
    assert.deepEqual(client.answer(2), { jsonrpc: '2.0', id: 2, result: { content: [] } });
    assert.deepEqual(record.relayed, ['notifications/message']);
  });

  test('a process that dies before it answers initialize is reported through the host, and the session ends', async () => {
    const upstream = new MemoryUpstream();
    const { host, record } = stubHost([upstream]);
    const { session, client } = await openSession(host);
    client.fromClient(initialize);
    await until('initialize upstream', () => upstream.received.length === 1);

    upstream.die({ code: 1, signal: null });

    assert.deepEqual(record.exited, ['with code 1']);
    assert.equal(record.reported.length, 1, 'one diagnosis');
    const problem = record.reported[0]!;
    assert.equal(problem.kind, 'exited');
    assert.match(problem.message, /"alpha-server" exited with code 1 before it answered "initialize"/);
    await until('the answer to initialize', () => client.answer(1));
    const answer = client.answer(1)!;
    assert.equal(answer.error?.code, SERVER_GONE);
    assert.deepEqual((answer.error?.data as { problem?: unknown }).problem, problem, 'the client gets the diagnosis');
    assert.equal(session.state, 'closed');
    assert.deepEqual(record.closed, [session], 'the host forgot the session');
  });

  test('a process that dies after the handshake: the call gets an error, the server restarts with the client’s initialize replayed', async () => {
    const first = new MemoryUpstream();
    const second = new MemoryUpstream();
    const { host, record } = stubHost([first, second]);
    const { session, client } = await openSession(host);
    await handshake(client, first);
    client.fromClient({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow' } });
    await until('the call upstream', () => first.received.some((m) => m.id === 2));

    first.die({ code: null, signal: 'SIGKILL' });

    const failed = client.answer(2)!;
    assert.equal(failed.error?.code, SERVER_GONE);
    assert.match(
      failed.error!.message,
      /exited on signal SIGKILL while handling "tools\/call"\. The gateway is restarting it/,
    );
    assert.ok(
      client.sent.some((s) => s.message.method === 'notifications/message'),
      'the client is warned that the server restarts',
    );
    assert.equal(record.reported.length, 0, 'a crash after the handshake is no start-up problem');

    await until('the replayed initialize', () => second.received.some((m) => m.method === 'initialize'));
    const replay = second.received.find((m) => m.method === 'initialize')!;
    assert.notEqual(replay.id, 1, 'the replay carries the gateway’s own id');
    second.say({ jsonrpc: '2.0', id: replay.id!, result: serverInfo });
    await until('the session back', () => session.state === 'ready');
    assert.equal(record.restarting, 1);
    assert.equal(record.recovered, 1);
    assert.ok(second.received.some((m) => m.method === initialized.method));
    assert.equal(client.answer(replay.id!), undefined, 'the replay’s answer never reaches the client');

    client.fromClient({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    await until('the next request on the new process', () => second.received.some((m) => m.id === 3));
  });

  test('an HTTP upstream that lost the session: the request is held, the session re-opened, the request sent again', async () => {
    const first = new MemoryUpstream('streamable-http');
    const second = new MemoryUpstream('streamable-http');
    const { host, record } = stubHost([first, second], 'http');
    const { session, client } = await openSession(host);
    await handshake(client, first);

    first.failSends = Object.assign(new Error('Not Found'), { data: { status: 404 } });
    client.fromClient({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo' } });

    await until('the replayed initialize', () => second.received.some((m) => m.method === 'initialize'));
    assert.equal(record.reported[0]?.kind, 'session-lost', 'the lost session is on the card');
    assert.equal(first.closed, true, 'the old upstream session is closed');
    assert.equal(client.answer(2), undefined, 'the held request is not answered with an error');
    const replay = second.received.find((m) => m.method === 'initialize')!;
    second.say({ jsonrpc: '2.0', id: replay.id!, result: serverInfo });

    await until('the held request on the new session', () => second.received.some((m) => m.id === 2));
    second.say({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'ok' }] } });
    assert.deepEqual(client.answer(2)?.result, { content: [{ type: 'text', text: 'ok' }] });
    assert.equal(session.state, 'ready', 'the browser session goes on');
  });

  test('after close: pending requests are answered, the upstream and the client side are closed, and nothing more is forwarded', async () => {
    const upstream = new MemoryUpstream();
    const { host, record } = stubHost([upstream]);
    const { session, client } = await openSession(host);
    await handshake(client, upstream);
    client.fromClient({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow' } });
    await until('the call upstream', () => upstream.received.some((m) => m.id === 2));

    await session.close('the tab was closed');

    assert.equal(client.answer(2)?.error?.message, 'The session with server "alpha" ended: the tab was closed.');
    assert.equal(upstream.closed, true);
    assert.equal(client.closed, true);
    assert.deepEqual(record.closed, [session]);

    const before = upstream.received.length;
    client.fromClient({ jsonrpc: '2.0', id: 9, method: 'tools/list' });
    assert.equal(client.answer(9)?.error?.code, SERVER_GONE, 'a late request is refused');
    assert.equal(upstream.received.length, before, 'and not forwarded');
    assert.equal(session.pid(), null);
  });
});
