import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGatewayProcess, repoRoot } from '../support/gateway-process.mjs';

// Text a server or a remote host wrote reaches the person's terminal through the gateway: a crashing stdio
// server's stderr tail, an HTTP status line, a JSON-RPC error. Each carries a C0 OSC window title, a C1 CSI
// colour, a C1 OSC 52 clipboard write and a bidi override. None of those code points may reach the gateway's
// stdout or stderr, and the printable text around them must (the lines are cleaned, not dropped).
type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;

const ESC = '\u001b';
const BEL = '\u0007';
const CSI = '\u009b';
const OSC = '\u009d';
const ST = '\u009c';
const RLO = '\u202e';
const ATTACK = [ESC, BEL, CSI, OSC, ST, RLO];
/** Every C0 control but the line feed, DEL, C1 and the bidi controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** The reason phrase of the hostile status line (bytes as UTF-8, as undici decodes them). */
const REASON = `Boom ${ESC}]0;pwned-title${BEL} ${CSI}31mred ${OSC}52;c;ZXZpbA==${ST} ${RLO}evil`;
/** A JSON-RPC error message answering initialize. */
const RPC_MESSAGE = `Database ${CSI}2J${ESC}]0;pwned-title${BEL} is gone ${RLO}txt.exe`;

let gw: Gw;
let hostile: Server;
let port = 0;

/** The hostile HTTP host: a raw status line with controls in its reason, and a JSON-RPC error with them. */
function startHostile(): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/reason') {
      // Node's own writeHead refuses such a reason phrase; a hostile host writes the bytes itself.
      res.socket!.end(
        Buffer.from(
          `HTTP/1.1 500 ${REASON}\r\nContent-Type: text/plain\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnope`,
        ),
      );
      return;
    }
    if (path === '/rpc' && req.method === 'POST') {
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown }).id ?? null;
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: RPC_MESSAGE } }));
      return;
    }
    res.writeHead(405).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

before(async () => {
  hostile = await startHostile();
  port = (hostile.address() as AddressInfo).port;
  gw = await startGatewayProcess({
    config: {
      mcpServers: {
        crasher: { command: 'node', args: ['test/fixtures/exit-with-controls.mjs'] },
        reason: { type: 'http', url: `http://127.0.0.1:${port}/reason` },
        rpc: { type: 'http', url: `http://127.0.0.1:${port}/rpc` },
      },
    },
  });
});

after(async () => {
  await gw?.stop();
  hostile?.close();
});

/** Connects a client through the gateway; the server fails, so the connection must too. */
async function connectFails(name: string): Promise<void> {
  const client = new Client({ name: 'terminal-test', version: '1' }, { capabilities: {} });
  await assert.rejects(
    client.connect(
      new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${name}`), {
        requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
      }),
      { timeout: 20_000 },
    ),
  );
}

/**
 * Connects to `name` through the gateway (it fails), waits for the gateway's terminal line about it, and returns
 * the whole of stdout and stderr.
 */
async function terminalAfterConnecting(name: string): Promise<string> {
  // All of stderr, not only what follows the connection: a server that crashes at start may be reported while its
  // warm spare starts, before this connects (a race a busy machine lost).
  await connectFails(name);
  const marker = `mcp-dashboard: server "${name}"`;
  for (let i = 0; i < 100 && !gw.stderr().includes(marker); i += 1) await new Promise((r) => setTimeout(r, 50));
  assert.ok(gw.stderr().includes(marker), `a terminal line for ${name}:\n${gw.stderr()}`);
  return `${gw.stdout()}\n${gw.stderr()}`;
}

function assertClean(output: string): void {
  for (const ch of ATTACK)
    assert.ok(!output.includes(ch), `U+${ch.codePointAt(0)!.toString(16).padStart(4, '0')} reached the terminal`);
  const bad = output.split('\n').find((line) => UNSAFE.test(line));
  assert.equal(bad, undefined, 'no line carries a control character');
}

describe('terminal output: control characters a server or remote host wrote never reach the terminal', () => {
  test('a stdio server that writes C0, C1 and bidi controls to stderr and crashes at start', async () => {
    // The attack is real: the fixture's own stderr carries every one of them.
    const raw = spawnSync(process.execPath, ['test/fixtures/exit-with-controls.mjs'], { cwd: repoRoot }).stderr;
    for (const ch of ATTACK) assert.ok(raw.toString('utf8').includes(ch), 'the fixture writes the control');

    const output = await terminalAfterConnecting('crasher');
    assertClean(output);
    assert.match(output, /mcp-dashboard: server "crasher" \[spawn\]: "node" exited with code 3/);
    // The lines that explain the exit are printed, from the error on (the start-up banner before it is not).
    assert.ok(output.includes('Error: 31mred alert0m and 52;c;ZXZpbA== clipboard'), output);
    assert.ok(output.includes('the file invoicefdp.exe is missing'), output);
  });

  test('a hostile HTTP status line: its reason phrase is shown without its controls', async () => {
    const seen = await fetch(`http://127.0.0.1:${port}/reason`, { method: 'POST', body: '{}' });
    for (const ch of ATTACK) assert.ok(seen.statusText.includes(ch), 'the HTTP client hands the control over');

    const output = await terminalAfterConnecting('reason');
    assertClean(output);
    assert.ok(
      output.includes(
        `mcp-dashboard: server "reason" [http]: http://127.0.0.1:${port}/reason answered HTTP 500 Boom ]0;pwned-title 31mred 52;c;ZXZpbA== evil.`,
      ),
      output,
    );
  });

  test("a hostile JSON-RPC error body: the server's message is shown without its controls", async () => {
    const output = await terminalAfterConnecting('rpc');
    assertClean(output);
    assert.ok(
      output.includes(
        'mcp-dashboard: server "rpc" [initialize]: The server refused "initialize": Database 2J ]0;pwned-title is gone txt.exe (JSON-RPC error -32603).',
      ),
      output,
    );
  });
});
