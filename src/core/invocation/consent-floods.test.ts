import { expect } from '@open-wc/testing';
import { EventBus } from '../services/event-bus.js';
import type { MCPBridge } from '../bridge/mcp-bridge.js';
import type { CallerContext } from '../shared/types.js';
import {
  AGENT_BLOCK_MS,
  ConsentFloods,
  MAX_WAITING_PER_AGENT,
  floodMessage,
  sessionBlockStore,
} from './consent-floods.js';
import { ToolInvoker, type ConfirmationAnswer, type ConfirmationRequest, type HostTool } from './tool-invoker.js';

const reader: CallerContext = { surface: 'agent', id: 'reader' };
const viaWidget: CallerContext = { surface: 'agent', id: 'reader', widgetId: 'server-panel:s', serverName: 's' };
const other: CallerContext = { surface: 'agent', id: 'operator' };
const person: CallerContext = { surface: 'user', id: 'host' };

describe('consent floods: the waiting limit and "Deny all from this agent"', () => {
  it(`admits ${MAX_WAITING_PER_AGENT} waiting calls of one agent (through any widget) and refuses the next; an answer frees a place`, () => {
    const floods = new ConsentFloods();
    const admitted = [];
    for (let i = 0; i < MAX_WAITING_PER_AGENT; i += 1) {
      const a = floods.admit(i % 2 ? viaWidget : reader);
      expect(a.kind, `call ${i + 1}`).to.equal('admitted');
      admitted.push(a);
    }
    const refused = floods.admit(reader);
    expect(refused).to.deep.equal({ kind: 'full', agentId: 'reader', waiting: MAX_WAITING_PER_AGENT });
    expect(floodMessage(refused as never)).to.contain(
      `${MAX_WAITING_PER_AGENT} calls from this agent are already waiting for the person; this one was refused`,
    );
    expect(floods.admit(other).kind, 'another agent has its own count').to.equal('admitted');
    expect(floods.admit(person).kind, 'a person is never limited here').to.equal('admitted');
    (admitted[0] as { release(): void }).release();
    (admitted[0] as { release(): void }).release();
    expect(floods.waitingFor(reader), 'releasing twice frees one place').to.equal(MAX_WAITING_PER_AGENT - 1);
    expect(floods.admit(reader).kind).to.equal('admitted');
  });

  it('a denied agent is refused at once until the time is up, and says until when; other callers are not', () => {
    let now = Date.parse('2026-01-01T10:00:00Z');
    const floods = new ConsentFloods({ now: () => now });
    const until = floods.block(viaWidget)!;
    expect(until).to.equal(now + AGENT_BLOCK_MS);
    const refusal = floods.admit(reader);
    expect(refusal).to.deep.equal({ kind: 'blocked', agentId: 'reader', until });
    expect(floodMessage(refusal as never)).to.equal(
      'The person denied all calls from agent "reader" for 10 minutes, until 2026-01-01T10:10:00.000Z; this call was refused without asking. Try again after 2026-01-01T10:10:00.000Z.',
    );
    expect(floods.admit(other).kind).to.equal('admitted');
    expect(floods.block(person), 'only agents are denied this way').to.equal(undefined);
    now += AGENT_BLOCK_MS - 1;
    expect(floods.checkBlocked(reader)?.until).to.equal(until);
    now += 1;
    expect(floods.checkBlocked(reader)).to.equal(undefined);
    expect(floods.admit(reader).kind).to.equal('admitted');
  });
});

/** A ToolInvoker without a policy (every call asks) whose dialog keeps every question until the test answers. */
function invokerWithDialog() {
  const asked: Array<{ request: ConfirmationRequest; answer: (a: ConfirmationAnswer) => void }> = [];
  const sent: string[] = [];
  const invoker = new ToolInvoker({
    bus: new EventBus(),
    bridge: {} as MCPBridge,
    validator: { validate: () => ({ ok: true, problems: [] }), schemaProblem: () => undefined },
    confirm: (request) => new Promise((answer) => asked.push({ request, answer })),
  });
  const call = (n: number, caller: CallerContext = reader) => {
    const virtual: HostTool = {
      tool: { name: 'note', inputSchema: { type: 'object' } },
      run: async () => {
        sent.push(`n${n}`);
        return { content: [] };
      },
    };
    return invoker.invoke({ serverName: 'dashboard', toolName: 'note', args: { n } }, caller, { virtual }).then(
      () => 'sent',
      (error: Error) => error.message,
    );
  };
  return { invoker, asked, sent, call };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('consent floods through the one invocation path', () => {
  it(`40 concurrent calls of one agent: ${MAX_WAITING_PER_AGENT} are asked, the rest refused at once with the reason`, async () => {
    const { invoker, asked, sent, call } = invokerWithDialog();
    const outcomes = Array.from({ length: 40 }, (_, i) => call(i));
    await until(() => asked.length === MAX_WAITING_PER_AGENT, 'the waiting calls');
    const refused = await Promise.all(outcomes.slice(MAX_WAITING_PER_AGENT));
    for (const message of refused)
      expect(message).to.equal(
        `${MAX_WAITING_PER_AGENT} calls from this agent are already waiting for the person; this one was refused. Wait for the person to answer them, then try again.`,
      );
    expect(asked.length, 'no more questions than the limit').to.equal(MAX_WAITING_PER_AGENT);
    for (const q of asked) q.answer({ confirmed: true });
    expect(await Promise.all(outcomes.slice(0, MAX_WAITING_PER_AGENT))).to.deep.equal(
      Array(MAX_WAITING_PER_AGENT).fill('sent'),
    );
    expect(sent.length).to.equal(MAX_WAITING_PER_AGENT);
    expect(invoker.floods.waitingFor(reader), 'answered calls free their places').to.equal(0);
  });

  it('"Deny all from this agent" refuses the waiting calls and, for 10 minutes, the next ones without asking', async () => {
    const { asked, sent, call } = invokerWithDialog();
    const waiting = [call(1), call(2), call(3)];
    await until(() => asked.length === 3, 'three questions');
    for (const q of asked) q.answer({ confirmed: false, denyCaller: true });
    for (const message of await Promise.all(waiting))
      expect(message).to.match(
        /^The person denied all calls from agent "reader" for 10 minutes, until \S+Z, this one included; nothing was sent to the server\.$/,
      );
    const next = await call(4);
    expect(next).to.match(/denied all calls from agent "reader" for 10 minutes, until \S+Z; this call was refused/);
    expect(asked.length, 'the next call was not asked').to.equal(3);
    expect(sent).to.deep.equal([]);
    const mine = call(5, other);
    await until(() => asked.length === 4, 'another agent is still asked');
    asked[3]!.answer({ confirmed: true });
    expect(await mine).to.equal('sent');
  });
});

describe('consent floods: a denial outlives a reload of the tab', () => {
  const key = 'mcp-dashboard:denied-agents';
  afterEach(() => sessionStorage.removeItem(key));

  it('with the tab’s sessionStorage, a new page’s count still refuses the denied agent until the time is up; without a store it does not', () => {
    let now = Date.parse('2026-01-01T10:00:00Z');
    const first = new ConsentFloods({ now: () => now, store: sessionBlockStore() });
    const until = first.block(reader)!;
    // The page reloads: a new count, the same tab.
    const reloaded = new ConsentFloods({ now: () => now, store: sessionBlockStore() });
    expect(reloaded.admit(reader)).to.deep.equal({ kind: 'blocked', agentId: 'reader', until });
    expect(reloaded.admit(other).kind).to.equal('admitted');
    // The control: a count that keeps nothing has no denial to carry over.
    expect(new ConsentFloods({ now: () => now }).admit(reader).kind).to.equal('admitted');
    // Once the time is up, the next page finds nothing, and what another script left there is no denial.
    now = until;
    expect(new ConsentFloods({ now: () => now, store: sessionBlockStore() }).admit(reader).kind).to.equal('admitted');
    sessionStorage.setItem(key, 'not json');
    expect(new ConsentFloods({ now: () => now, store: sessionBlockStore() }).admit(reader).kind).to.equal('admitted');
    sessionStorage.setItem(key, JSON.stringify({ reader: 'forever' }));
    expect(new ConsentFloods({ now: () => now, store: sessionBlockStore() }).admit(reader).kind).to.equal('admitted');
  });
});
