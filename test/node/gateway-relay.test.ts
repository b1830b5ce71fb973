import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { startGatewayProcess } from '../support/gateway-process.mjs';
import { startHttpServer } from '../support/http-fixtures.mjs';

// Relay fidelity: what a server sends about a request travels on that request's stream,
// so a client with no standalone GET stream and no event hub still gets log lines and server→client
// requests; and every SSE event has an id, so a stream cut mid-call resumes with Last-Event-ID.
type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
let gw: Gw;
let httpProbe: Awaited<ReturnType<typeof startHttpServer>>;

before(async () => {
  httpProbe = await startHttpServer({ script: 'test/fixtures/relay-probe-server.mjs', args: ['--http', '0'] });
  gw = await startGatewayProcess({
    config: {
      mcpServers: {
        'probe-stdio': { command: 'node', args: ['test/fixtures/relay-probe-server.mjs'] },
        'probe-http': { type: 'http', url: httpProbe.url() },
      },
    },
  });
});

after(async () => {
  await gw?.stop();
  await httpProbe?.stop();
});

/** Opens a session on probe-stdio by hand (initialize, then initialized), as a client with no SDK would. */
async function openRawSession(): Promise<{ url: string; sessionHeaders: Record<string, string> }> {
  const headers = {
    Authorization: `Bearer ${gw.token}`,
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  };
  const url = `${gw.origin}/mcp/probe-stdio`;
  const init = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  const sessionHeaders = { ...headers, 'mcp-session-id': init.headers.get('mcp-session-id')! };
  await init.text();
  await (
    await fetch(url, {
      method: 'POST',
      headers: sessionHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    })
  ).text();
  return { url, sessionHeaders };
}

/** `tools/call` (request id 2) in the session, its answer a stream the signal can cut. */
function callTool(
  url: string,
  sessionHeaders: Record<string, string>,
  signal: AbortSignal,
  name: string,
  args: Record<string, unknown>,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: sessionHeaders,
    signal,
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } }),
  });
}

/** The server-sent events of a response, one by one. */
function sseEvents(response: Response) {
  return response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
}

/**
 * `GET` with `Last-Event-ID`, as a client reconnects. Until the gateway has noticed that the cut
 * connection is gone it answers 409 (the stream still has a connection); a client tries again.
 */
async function resume(url: string, headers: Record<string, string>, lastEventId: string): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(url, { method: 'GET', headers: { ...headers, 'last-event-id': lastEventId } });
    if (response.status !== 409 || attempt >= 40) return response;
    await response.text();
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A client that never opens the standalone GET stream: the gateway answers it 405 as far as the SDK can tell. */
async function clientWithoutGetStream(name: string, gets: string[]): Promise<{ client: Client; logs: string[] }> {
  const logs: string[] = [];
  const client = new Client({ name: 'relay-test', version: '1' }, { capabilities: { sampling: {} } });
  client.setNotificationHandler('notifications/message', (n) => {
    logs.push(String(n.params.data));
  });
  client.setRequestHandler('sampling/createMessage', async () => {
    logs.push('(sampling request answered)');
    return { role: 'assistant', content: { type: 'text', text: 'hello from the client' }, model: 'test' };
  });
  const fetchNoGet = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if ((init?.method ?? 'GET') === 'GET') {
      gets.push(String(input));
      return new Response(null, { status: 405 });
    }
    return fetch(input, init);
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
    fetch: fetchNoGet,
    requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
  });
  await client.connect(transport);
  return { client, logs };
}

describe('relay fidelity', () => {
  for (const name of ['probe-stdio', 'probe-http']) {
    test(`${name}: log notifications and a sampling request sent during a call reach a client with no GET stream`, async () => {
      const gets: string[] = [];
      const { client, logs } = await clientWithoutGetStream(name, gets);
      const result = await client.callTool({ name: 'chatty', arguments: {} }, { timeout: 15_000 });
      assert.equal((result.content as Array<{ text: string }>)[0]!.text, 'client said: hello from the client');
      assert.deepEqual(logs, [
        'chatty: before sampling',
        'chatty: still before sampling',
        '(sampling request answered)',
        'chatty: after sampling',
      ]);
      assert.ok(
        gets.length >= 1,
        'the SDK tried to open its GET stream and was refused, so nothing could arrive there',
      );
      await client.close();
    });
  }

  test('a stream cut mid-call resumes with Last-Event-ID and nothing is lost', async () => {
    const { url, sessionHeaders } = await openRawSession();

    const seen: Array<{ id?: string; text: string }> = [];
    const read = async (response: Response, stopWhen: (text: string) => boolean): Promise<void> => {
      const reader = sseEvents(response);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        if (!value.data) continue;
        const message = JSON.parse(value.data) as {
          params?: { data?: string };
          result?: { content: Array<{ text: string }> };
        };
        const text = message.params?.data ?? message.result?.content[0]?.text ?? value.data;
        seen.push({ id: value.id, text });
        if (stopWhen(text)) {
          await reader.cancel();
          return;
        }
      }
    };
    const cut = new AbortController();
    const call = await callTool(url, sessionHeaders, cut.signal, 'count', { n: 8, delayMs: 120 });
    assert.equal(call.headers.get('content-type'), 'text/event-stream');
    await read(call, (text) => text === 'tick 3');
    cut.abort();
    const lastId = seen.at(-1)!.id;
    assert.ok(lastId, 'every event carries an id');
    // The server goes on while the client is away; the gateway keeps what it sends.
    await new Promise((r) => setTimeout(r, 400));
    const resumed = await resume(url, sessionHeaders, lastId);
    assert.equal(resumed.status, 200);
    await read(resumed, (text) => text === 'counted 8');
    const texts = seen.map((e) => e.text);
    assert.deepEqual(texts, [
      'tick 1',
      'tick 2',
      'tick 3',
      'tick 4',
      'tick 5',
      'tick 6',
      'tick 7',
      'tick 8',
      'counted 8',
    ]);
    assert.equal(new Set(seen.map((e) => e.id)).size, seen.length, 'no event is delivered twice');
    await fetch(url, { method: 'DELETE', headers: sessionHeaders });
  });

  test('a silent call cut before its answer still resumes: the stream is primed with an event id when the call takes a while', async () => {
    const { url, sessionHeaders } = await openRawSession();
    const cut = new AbortController();
    const call = await callTool(url, sessionHeaders, cut.signal, 'sleep', { ms: 700 });
    const reader = sseEvents(call);
    const priming = (await reader.read()).value!;
    assert.ok(priming.id, 'the first event carries an id');
    assert.equal(priming.data, '', 'and no message');
    cut.abort();
    const resumed = await resume(url, sessionHeaders, priming.id!);
    const text = await resumed.text();
    assert.match(text, /slept 700/);
    await fetch(url, { method: 'DELETE', headers: sessionHeaders });
  });
});
