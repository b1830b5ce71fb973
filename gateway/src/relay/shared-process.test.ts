import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { JsonRpc } from './request-tracker.js';
import { SharedProcess, UNROUTABLE, type SharedProcessHost } from './shared-process.js';
import type { ExitInfo, Upstream } from './upstream.js';

// The shared process driven against an in-memory child: what each seat (session) receives, and what the
// one child is sent. No process, no HTTP.

/** A child in memory: what it received, and ways to answer and die. */
class MemoryChild implements Upstream {
  readonly received: JsonRpc[] = [];
  started = false;
  exitInfo: ExitInfo | undefined;
  readonly transport = {
    onmessage: undefined as ((message: JSONRPCMessage) => void) | undefined,
    onerror: undefined as ((error: Error) => void) | undefined,
    onclose: undefined as (() => void) | undefined,
    start: async () => {},
    send: async (message: JSONRPCMessage) => {
      const m = message as JsonRpc;
      this.received.push(m);
      if (m.method === 'initialize')
        this.say({ jsonrpc: '2.0', id: m.id!, result: { protocolVersion: '2025-11-25', capabilities: {} } });
      else if (m.method === 'tools/call')
        this.say({ jsonrpc: '2.0', id: m.id!, result: { echoed: m.params?.arguments } });
      else if (m.id !== undefined && m.method) this.say({ jsonrpc: '2.0', id: m.id, result: {} });
    },
    close: async () => {},
  };
  exit = () => this.exitInfo;
  pid = () => 4242;
  kind = () => 'stdio' as const;
  say(message: JsonRpc): void {
    setImmediate(() => this.transport.onmessage?.(message as JSONRPCMessage));
  }
  die(): void {
    this.exitInfo = { code: null, signal: 'SIGKILL' };
    this.transport.onclose?.();
  }
}

function harness() {
  const children: MemoryChild[] = [];
  const counts = { delays: 0, exits: 0, restarts: 0 };
  const host: SharedProcessHost = {
    server: {
      name: 'shared',
      transport: 'stdio',
      httpKind: undefined,
      site: { name: 'shared', configFile: 'c.json' },
      url: undefined,
      stdio: { command: 'x', cwd: '/' },
    },
    log: { note: () => {}, tail: () => [] },
    processes: {
      lease: async () => {
        const child = new MemoryChild();
        children.push(child);
        return child;
      },
      started: () => {},
      stableMs: 10_000,
      stable: () => {},
      exited: () => void (counts.exits += 1),
      restartDelay: () => (counts.delays += 1) * 100,
      restarting: () => void (counts.restarts += 1),
    },
  };
  const shared = new SharedProcess(host);
  const seat = async () => {
    const upstream = await shared.lease.lease();
    const got: JsonRpc[] = [];
    let closed = false;
    upstream.transport.onmessage = (m) => void got.push(m as JsonRpc);
    upstream.transport.onclose = () => void (closed = true);
    await upstream.transport.start();
    const send = (m: JsonRpc) => upstream.transport.send(m as JSONRPCMessage);
    return { upstream, got, send, closed: () => closed };
  };
  return { shared, children, counts, seat };
}

const tick = () => new Promise((r) => setTimeout(r, 5));
const INIT = (id: number, protocolVersion = '2025-11-25') => ({
  jsonrpc: '2.0' as const,
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

describe('SharedProcess', () => {
  test('initializes the child once and answers every session from it; ping and notifications/initialized stay here', async () => {
    const { children, seat } = harness();
    const a = await seat();
    const b = await seat();
    await a.send(INIT(0));
    await b.send(INIT(0, '2025-06-18'));
    await a.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await b.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await tick();
    assert.equal(children.length, 1);
    assert.deepEqual(
      children[0]!.received.map((m) => m.method),
      ['initialize', 'notifications/initialized'],
    );
    assert.equal((a.got[0]!.result as { protocolVersion: string }).protocolVersion, '2025-11-25');
    // A session that asked for another version is told the one the child speaks; its client decides.
    assert.equal((b.got[0]!.result as { protocolVersion: string }).protocolVersion, '2025-11-25');
    assert.deepEqual(b.got[1], { jsonrpc: '2.0', id: 1, result: {} });
  });

  test('the same request id on two sessions: each gets its own answer under its own id', async () => {
    const { children, seat } = harness();
    const a = await seat();
    const b = await seat();
    await a.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'e', arguments: { who: 'a' } } });
    await b.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'e', arguments: { who: 'b' } } });
    await tick();
    const ids = children[0]!.received.map((m) => m.id);
    assert.equal(new Set(ids).size, 2, 'distinct ids on the child');
    assert.deepEqual(a.got, [{ jsonrpc: '2.0', id: 7, result: { echoed: { who: 'a' } } }]);
    assert.deepEqual(b.got, [{ jsonrpc: '2.0', id: 7, result: { echoed: { who: 'b' } } }]);
  });

  test('a server→client request goes to the only busy session, and is refused when two are busy and nothing links it', async () => {
    const { children, seat } = harness();
    const a = await seat();
    const b = await seat();
    const child = children[0]!;
    child.transport.send = async (message) => void child.received.push(message as JsonRpc); // never answers
    await a.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'sample' } });
    child.say({ jsonrpc: '2.0', id: 100, method: 'sampling/createMessage', params: {} });
    await tick();
    assert.equal(a.got.at(-1)?.method, 'sampling/createMessage');
    assert.equal(b.got.length, 0);
    // Only the session it was sent to may answer it.
    await b.send({ jsonrpc: '2.0', id: 100, result: { from: 'b' } });
    await a.send({ jsonrpc: '2.0', id: 100, result: { from: 'a' } });
    assert.deepEqual(
      child.received.filter((m) => m.id === 100).map((m) => m.result),
      [{ from: 'a' }],
    );
    await b.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'other' } });
    child.say({ jsonrpc: '2.0', id: 101, method: 'sampling/createMessage', params: {} });
    await tick();
    const refusal = child.received.find((m) => m.id === 101);
    assert.equal(refusal?.error?.code, UNROUTABLE);
    assert.match(refusal!.error!.message, /cannot tell which session/);
  });

  test('a crash tells every session, counts one exit, one restart delay and one restart for all of them', async () => {
    const { shared, children, counts, seat } = harness();
    const a = await seat();
    const b = await seat();
    children[0]!.die();
    assert.ok(a.closed() && b.closed(), 'both sessions are told');
    // Each session reports the exit, asks for its delay and restarts, as RelaySession does.
    const lease = shared.lease;
    lease.exited(undefined, 'on signal SIGKILL');
    lease.exited(undefined, 'on signal SIGKILL');
    assert.equal(lease.restartDelay(), lease.restartDelay());
    lease.restarting();
    lease.restarting();
    assert.deepEqual(counts, { delays: 1, exits: 1, restarts: 1 });
    await Promise.all([seat(), seat()]);
    assert.equal(children.length, 2, 'the sessions start again on one new child');
  });
});
