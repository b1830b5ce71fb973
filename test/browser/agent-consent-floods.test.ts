import { expect } from '@open-wc/testing';
import type { AgentToolResult } from '../../src/core/agents/agent-surface.js';
import type { AuditEntry } from '../../src/core/audit/audit-types.js';
import { MAX_WAITING_PER_AGENT } from '../../src/core/invocation/consent-floods.js';
import { waitFor } from '../support/gateway.js';
import { confirmDialog, dialogIsOpen } from '../support/dashboard.js';
import { deepQueryAll } from '../support/dom.js';
import { docImage } from '../support/visual.js';
import { useAgentsDashboard } from '../support/agents.js';

// A consent flood, end to end: the browser's agent ("reader", as WebMCP hands it the page's tools) fires many
// calls of server-everything's echo at once through the real gateway. The person sees one dialog listing the
// agent's calls (at most MAX_WAITING_PER_AGENT), the calls beyond that are refused at once with a reason the agent
// can read, and "Deny all from this agent for 10 minutes" refuses the waiting calls and the next ones without asking.
describe('consent floods: one agent, one dialog, a limit, and "Deny all from this agent for 10 minutes"', () => {
  const { env } = useAgentsDashboard();

  const echo = () => env.dashboard.services!.agents.surface.tools().find((t) => t.name === 'everything__echo')!;
  const textOf = (r: AgentToolResult) => (r.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');
  const items = () => [...confirmDialog(env.dashboard).shadowRoot!.querySelectorAll<HTMLElement>('[data-batch-item]')];
  const button = (action: string) =>
    confirmDialog(env.dashboard).shadowRoot!.querySelector(`[data-action="${action}"]`) as HTMLButtonElement | null;
  const audit = async () =>
    ((await env.dashboard.services!.policy.audit.list({ kind: 'tool-call' })) as AuditEntry[]).filter(
      (e) => e.callerId === 'reader',
    );

  it(`40 concurrent calls: exactly one dialog lists ${MAX_WAITING_PER_AGENT} of them, the others are refused at once with the reason; Confirm all runs the listed ones`, async () => {
    const tool = echo();
    expect(tool, 'the agent is offered echo').to.not.equal(undefined);
    const settled = new Set<number>();
    const runs = Array.from({ length: 40 }, (_, i) =>
      tool.run({ message: i === 13 ? 'delete everything' : `hello ${i}` }).then((r) => {
        settled.add(i);
        return r;
      }),
    );
    await waitFor(() => items().length === MAX_WAITING_PER_AGENT, 15_000, 'the agent\u2019s list');
    await waitFor(() => settled.size === 40 - MAX_WAITING_PER_AGENT, 5000, 'the refusals');
    expect(deepQueryAll('dialog[open]', document).length, 'one dialog, not a wall of them').to.equal(1);
    const text = confirmDialog(env.dashboard).shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain(`${MAX_WAITING_PER_AGENT} tool calls from the agent reader`);
    expect(text).to.contain(`${MAX_WAITING_PER_AGENT} calls from this agent are waiting`);
    expect(items().every((li) => li.textContent!.includes('everything:echo'))).to.equal(true);
    await docImage(confirmDialog(env.dashboard).shadowRoot!.querySelector('dialog')!, 'agent-calls-dialog');
    const summaries = items().map((li) => li.querySelector('[data-summary]')!.textContent!);
    const refused = [...settled];
    const listed = Array.from({ length: 40 }, (_, i) => i).filter((i) => !settled.has(i));
    expect(summaries).to.deep.equal(
      listed.map((i) => JSON.stringify({ message: i === 13 ? 'delete everything' : `hello ${i}` })),
    );
    for (const i of refused) {
      const result = await runs[i]!;
      expect(result.isError, `call ${i}`).to.equal(true);
      expect(textOf(result)).to.contain(
        `${MAX_WAITING_PER_AGENT} calls from this agent are already waiting for the person; this one was refused`,
      );
      expect((result.structuredContent as { error: { kind: string } }).error.kind).to.equal('denied');
    }
    button('confirm')!.click();
    for (const i of listed) {
      const result = await runs[i]!;
      expect(result.isError ?? false, `call ${i}: ${textOf(result)}`).to.equal(false);
      expect(textOf(result)).to.contain(`Echo: ${i === 13 ? 'delete everything' : `hello ${i}`}`);
    }
    expect(dialogIsOpen(env.dashboard)).to.equal(false);
    await waitFor(
      async () =>
        (await audit()).filter(
          (e) => e.outcome === `refused: ${MAX_WAITING_PER_AGENT} calls of this agent were already waiting`,
        ).length ===
        40 - MAX_WAITING_PER_AGENT,
      5000,
      'every refusal in the audit log',
    );
  });

  it('"Deny all from this agent for 10 minutes" refuses the waiting calls, then the next call at once, saying until when; both are audited', async () => {
    const tool = echo();
    const waiting = [tool.run({ message: 'a' }), tool.run({ message: 'b' }), tool.run({ message: 'c' })];
    await waitFor(() => items().length === 3, 15_000, 'the list of three');
    const clicked = Date.now();
    button('deny-agent')!.click();
    for (const result of await Promise.all(waiting)) {
      expect(result.isError).to.equal(true);
      expect(textOf(result)).to.match(
        /The person denied all calls from agent "reader" for 10 minutes, until \S+Z, this one included; nothing was sent/,
      );
    }
    expect(dialogIsOpen(env.dashboard)).to.equal(false);

    const asked = Date.now();
    const next = await tool.run({ message: 'again' });
    expect(Date.now() - asked, 'refused at once').to.be.below(2000);
    expect(dialogIsOpen(env.dashboard), 'the person is not asked').to.equal(false);
    expect(next.isError).to.equal(true);
    const message = textOf(next);
    expect(message).to.contain('this call was refused without asking');
    const until = Date.parse(/until (\S+Z);/.exec(message)![1]!);
    expect(until - clicked).to.be.within(10 * 60_000 - 1000, 10 * 60_000 + 5000);
    expect((next.structuredContent as { error: { kind: string } }).error.kind).to.equal('denied');

    await waitFor(
      async () => {
        const entries = await audit();
        return (
          entries.filter((e) => e.outcome?.startsWith('denied by the person: every call of this agent until'))
            .length === 3 && entries.some((e) => e.outcome?.startsWith('refused: the person denied this agent until'))
        );
      },
      5000,
      'the denial and the refusal in the audit log',
    );
  });
});
