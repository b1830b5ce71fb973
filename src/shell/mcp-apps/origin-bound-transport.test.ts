import { expect } from '@open-wc/testing';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { OriginBoundTransport, type DroppedMessage } from './origin-bound-transport.js';

/** A same-origin frame that records what it receives and can post to its parent on demand. */
async function frame(): Promise<
  HTMLIFrameElement & { contentWindow: Window & { __got: unknown[]; say(m: unknown): void } }
> {
  const f = document.createElement('iframe');
  f.srcdoc = `<script>window.__got = []; addEventListener('message', (e) => window.__got.push(e.data)); window.say = (m) => parent.postMessage(m, '*');</script>`;
  const loaded = new Promise((r) => f.addEventListener('load', r, { once: true }));
  document.body.append(f);
  await loaded;
  return f as never;
}

const note: JSONRPCMessage = { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 10 } };
const tick = () => new Promise((r) => setTimeout(r, 50));

describe('OriginBoundTransport (SDK PostMessageTransport + origin check)', () => {
  let a: Awaited<ReturnType<typeof frame>>;
  let b: Awaited<ReturnType<typeof frame>>;

  before(async () => {
    a = await frame();
    b = await frame();
  });
  after(() => {
    a.remove();
    b.remove();
  });

  it('delivers messages from its frame when they come from the expected origin', async () => {
    const got: JSONRPCMessage[] = [];
    const t = new OriginBoundTransport(a.contentWindow, location.origin);
    t.onmessage = (m) => got.push(m);
    await t.start();
    a.contentWindow.say(note);
    await tick();
    await t.close();
    expect(got).to.deep.equal([note]);
  });

  it('MCP Apps host: event.origin is checked on every message — the right frame from the wrong origin is dropped', async () => {
    const got: JSONRPCMessage[] = [];
    const dropped: DroppedMessage[] = [];
    const t = new OriginBoundTransport(a.contentWindow, 'http://sandbox.invalid:1', (d) => dropped.push(d));
    t.onmessage = (m) => got.push(m);
    await t.start();
    a.contentWindow.say(note);
    await tick();
    await t.close();
    expect(got).to.deep.equal([]);
    expect(dropped).to.deep.equal([{ reason: 'origin', origin: location.origin }]);
  });

  it('MCP Apps host: event.source is checked on every message — another frame is ignored even from the right origin', async () => {
    const got: JSONRPCMessage[] = [];
    const t = new OriginBoundTransport(a.contentWindow, location.origin);
    t.onmessage = (m) => got.push(m);
    await t.start();
    b.contentWindow.say(note);
    window.postMessage(note, '*');
    await tick();
    await t.close();
    expect(got).to.deep.equal([]);
  });

  it('posts only to the expected origin, never "*"', async () => {
    a.contentWindow.__got.length = 0;
    await new OriginBoundTransport(a.contentWindow, 'http://sandbox.invalid:1').send(note);
    await new OriginBoundTransport(a.contentWindow, location.origin).send({
      ...note,
      params: { height: 20 },
    } as JSONRPCMessage);
    await tick();
    expect(a.contentWindow.__got).to.deep.equal([{ ...note, params: { height: 20 } }]);
  });

  it('after close, nothing is delivered', async () => {
    const got: JSONRPCMessage[] = [];
    const t = new OriginBoundTransport(a.contentWindow, location.origin);
    t.onmessage = (m) => got.push(m);
    await t.start();
    await t.close();
    a.contentWindow.say(note);
    await tick();
    expect(got).to.deep.equal([]);
  });
});
