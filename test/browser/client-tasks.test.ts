import { expect } from '@open-wc/testing';
import type { TaskRecord } from '../../src/core/shared/types.js';
import { deepQuery, deepQueryAll, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { answerDialog, dialogOpen, fillAndInvoke, selectTool } from '../support/dashboard.js';
import {
  chooseView,
  dialogClosed,
  fillFields,
  openDialog,
  recordEvents,
  setCheckbox,
  showTab,
  textAppears,
  waitForTool,
} from '../support/client-features.js';
import { useDashboard } from '../support/setup.js';

declare global {
  interface Window {
    __xss?: number;
  }
}

// MCP tasks (2025-11-25, SEP-1686) against the real server-everything through the real gateway, in a real
// <mcp-dashboard>: a task-based tool (simulate-research-query) and the tools that ask the dashboard to run
// their sampling/elicitation requests as tasks.
describe('MCP tasks against server-everything', () => {
  const env = useDashboard({
    mcpServers: {
      everything: { command: 'mcp-server-everything', args: ['stdio'] },
      tasks: { command: 'node', args: ['test/fixtures/task-server.mjs'] },
    },
  });

  const tasksOf = (server: string): TaskRecord[] => env.dashboard.services!.bridge.features.tasks.list(server);

  it('declares client tasks and URL elicitation: the server registers the async and URL tools, and says simulate-research-query requires a task', async () => {
    const card = await env.card('everything');
    for (const tool of [
      'simulate-research-query',
      'trigger-sampling-request-async',
      'trigger-elicitation-request-async',
      'trigger-url-elicitation',
    ])
      await waitForTool(card, tool);
    const runner = await selectTool(card, 'simulate-research-query');
    await textAppears(runner.shadowRoot!, 'always runs in the background as a task');
  });

  it('MCP-WP-11.2.1 / 6.2.6 the research task goes through the confirmation dialog, pauses for a clarification (input_required), continues and shows its result', async () => {
    const card = await env.card('everything');
    const seen = recordEvents(env.dashboard, 'mcp:task:*');
    try {
      const runner = await selectTool(card, 'simulate-research-query');
      const form = await waitFor(() => deepQuery('mcp-schema-form', runner.shadowRoot!), 5000, 'form');
      await setCheckbox(form, 'ambiguous', true);
      await fillAndInvoke(runner, { topic: 'python' });
      expect(await dialogOpen(env.dashboard)).to.contain('simulate-research-query');
      answerDialog(env.dashboard, 'confirm');
      // The task runs; at the synthesis stage it needs input and the clarification arrives through tasks/result.
      const elicit = await openDialog(env.dashboard, 'mcp-elicitation-dialog', 20_000);
      expect(deepText(elicit.shadowRoot!)).to.contain('could have multiple interpretations');
      const status = deepText(runner.shadowRoot!);
      expect(status).to.match(/Needs your input|Working/);
      await fillAndInvoke(elicit, { Clarification: 'Python snake species' }, 'Send');
      await dialogClosed(elicit);
      const done = await textAppears(
        runner.shadowRoot!,
        'Research Report: python (snake)',
        20_000,
        'the research report',
      );
      expect(done).to.contain('Completed');
      const states = seen.events.filter((e) => e.event === 'mcp:task:status').map((e) => e.data.state);
      expect(states).to.include('input_required');
      expect(states[states.length - 1]).to.equal('completed');
      const task = tasksOf('everything').find(
        (t) => t.operation === 'simulate-research-query' && t.state === 'completed',
      )!;
      expect(task.side).to.equal('server');
      expect(task.history.map((h) => h.state)).to.include.members(['working', 'input_required', 'completed']);
      expect(JSON.stringify(task.result)).to.contain('Research Report: python (snake)');
      // The audit log recorded the call like any other tool call.
      await waitFor(
        async () =>
          (await env.dashboard.services!.policy.audit.list()).some(
            (entry) => entry.toolName === 'simulate-research-query' && entry.outcome === 'ok',
          ),
        5000,
        'the audit entry of the task',
      );
    } finally {
      seen.stop();
    }
  });

  it('MCP-WP-11.5.4 the Tasks tab lists the server\u2019s tasks (tasks/list) with state, status message and result, and they survive switching widgets', async () => {
    let card = await env.card('everything');
    let panel = await showTab(card, 'Tasks');
    const list = await waitFor(() => deepQuery('mcp-task-list', panel), 5000, 'the task list');
    const text = await textAppears(
      list.shadowRoot!,
      'Research Report: python (snake)',
      10_000,
      'the result in the Tasks tab',
    );
    expect(text).to.contain('Completed');
    expect(text).to.contain('simulate-research-query');
    // Another view, then back: the tasks are host state, the new widget instance reads them again.
    await chooseView(card, 'tool-browser', 'mcp-tool-browser-widget');
    await chooseView(card, 'server-panel', 'mcp-server-panel-widget');
    card = await env.card('everything');
    panel = await showTab(card, 'Tasks');
    const again = await waitFor(() => deepQuery('mcp-task-list', panel), 5000, 'the task list after the switch');
    await textAppears(
      again.shadowRoot!,
      'Research Report: python (snake)',
      10_000,
      'the result after switching widgets',
    );
    // Refresh asks the server (tasks/list): its own record of the task agrees.
    const before = tasksOf('everything').length;
    (again.shadowRoot!.querySelector('[data-action="refresh-tasks"]') as HTMLButtonElement).click();
    await textAppears(again.shadowRoot!, 'Running: 0', 10_000, 'the refreshed summary');
    expect(tasksOf('everything').length).to.equal(before);
  });

  it('Cancel on a running task sends tasks/cancel; the card and the task list say it was cancelled', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'simulate-research-query');
    const form = await waitFor(() => deepQuery('mcp-schema-form', runner.shadowRoot!), 5000, 'form');
    await setCheckbox(form, 'ambiguous', false);
    await fillAndInvoke(runner, { topic: 'tides' });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    await textAppears(runner.shadowRoot!, 'Working', 10_000, 'the working task');
    const cancel = await waitFor(
      () => deepQuery<HTMLButtonElement>('[data-action="cancel-call"]', runner.shadowRoot!),
      5000,
      'Cancel',
    );
    cancel.click();
    await textAppears(runner.shadowRoot!, 'tasks/cancel', 10_000, 'the cancelled note');
    const task = await waitFor(
      () => tasksOf('everything').find((t) => t.statusMessage !== undefined && t.state === 'cancelled'),
      5000,
      'the cancelled record',
    );
    // The server's own answer to tasks/cancel put it in "cancelled" with its message.
    expect(task.statusMessage).to.contain('Client cancelled task execution');
    expect(JSON.stringify(task.result ?? null)).to.not.contain('Research Report');
  });

  it('MCP-WP-6.2.7 the dashboard runs the server\u2019s sampling request as a task: the person writes the reply; the server polls and fetches it', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'trigger-sampling-request-async');
    await fillAndInvoke(runner, { prompt: 'Name a colour' });
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const sampling = await openDialog(env.dashboard, 'mcp-sampling-dialog');
    const clientTask = await waitFor(
      () =>
        tasksOf('everything').find(
          (t) => t.side === 'client' && t.operation === 'sampling/createMessage' && t.state === 'working',
        ),
      5000,
      'the client task',
    );
    (sampling.shadowRoot!.querySelector('textarea') as HTMLTextAreaElement).value = 'Teal, from a person.';
    (sampling.shadowRoot!.querySelector('[data-action="send"]') as HTMLButtonElement).click();
    const result = await textAppears(
      runner.shadowRoot!,
      '[COMPLETED] Async sampling completed',
      20_000,
      'the server fetched the result',
    );
    expect(result).to.contain(`Task created: ${clientTask.taskId}`);
    expect(result).to.contain('Teal, from a person.');
    expect(tasksOf('everything').find((t) => t.taskId === clientTask.taskId)?.state).to.equal('completed');
  });

  it('the dashboard runs the server\u2019s elicitation as a task and lists it in the Tasks tab', async () => {
    const card = await env.card('everything');
    const runner = await selectTool(card, 'trigger-elicitation-request-async');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const elicit = await openDialog(env.dashboard, 'mcp-elicitation-dialog');
    await fillAndInvoke(elicit, { 'Your Name': 'Grace Hopper' }, 'Send');
    const result = await textAppears(
      runner.shadowRoot!,
      'Grace Hopper',
      20_000,
      'the answer in the server\u2019s result',
    );
    expect(result).to.match(/Task created: dashboard-/);
    const panel = await showTab(card, 'Tasks');
    const list = await waitFor(() => deepQuery('mcp-task-list', panel), 5000, 'the task list');
    await textAppears(list.shadowRoot!, 'An answer you give the server', 5000, 'the client task in the list');
    const states = deepQueryAll('mcp-task-view', list.shadowRoot!).map((v) => deepText(v.shadowRoot!));
    expect(states.some((s) => s.includes('An answer you give the server') && s.includes('Completed'))).to.equal(true);
  });

  it('MCP-WP-5.4.2 a tool with optional task support: Invoke runs it directly, "Run in background" runs it as a task; the status message (markup) stays text', async () => {
    const card = await env.card('tasks');
    const seen = recordEvents(env.dashboard, 'mcp:task:*');
    try {
      const runner = await selectTool(card, 'slow-sum');
      await fillAndInvoke(runner, { a: '2', b: '3' });
      await dialogOpen(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      await textAppears(runner.shadowRoot!, 'sum is 5', 15_000, 'the direct result');
      expect(seen.events).to.deep.equal([]);
      await fillFields(runner, { a: '4', b: '5' });
      (
        await waitFor(
          () => deepQuery<HTMLButtonElement>('[data-action="run-task"]', runner.shadowRoot!),
          5000,
          'Run in background',
        )
      ).click();
      await dialogOpen(env.dashboard);
      answerDialog(env.dashboard, 'confirm');
      await textAppears(runner.shadowRoot!, 'sum is 9', 15_000, 'the task result');
      expect(seen.events.map((e) => e.event)).to.include.members(['mcp:task:created', 'mcp:task:result']);
      const task = tasksOf('tasks').find((t) => t.operation === 'slow-sum')!;
      expect(task.statusMessage).to.contain('<img src=x onerror=');
      const panel = await showTab(card, 'Tasks');
      const list = await waitFor(() => deepQuery('mcp-task-list', panel), 5000, 'the task list');
      await textAppears(list.shadowRoot!, 'Adding <img src=x onerror=', 5000, 'the status message as text');
      expect(deepQuery('img', list.shadowRoot!)).to.equal(undefined);
      expect(window.__xss).to.equal(undefined);
    } finally {
      seen.stop();
    }
  });

  it('a task that fails is shown as Failed with the server\u2019s error result', async () => {
    const card = await env.card('tasks');
    const runner = await selectTool(card, 'failing-job');
    await fillAndInvoke(runner, {});
    await dialogOpen(env.dashboard);
    answerDialog(env.dashboard, 'confirm');
    const text = await textAppears(runner.shadowRoot!, 'the disk is full', 15_000, 'the failure');
    expect(text).to.contain('Failed');
    expect(text).to.contain('the tool reported an error');
    expect(tasksOf('tasks').find((t) => t.operation === 'failing-job')?.state).to.equal('failed');
  });
});
