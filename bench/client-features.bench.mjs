// Benchmark of the MCP client features, in the real dashboard through the real gateway:
// - completion round trip: one `completion/complete` from a prompt field (server-everything's
//   completable prompt) until the suggestions are rendered, against a bare SDK client over stdio;
// - task follow-up: a tool run as an MCP task (test/fixtures/task-server.mjs, 600 ms of server work) from
//   the call to its result in the page, against the same tool called without a task (the server then
//   waits for the task itself) — the difference is what following the task (tasks/get, status
//   notifications, tasks/result) costs.
// Both are timed in the page with performance.now(); the bridge is the host's own (no dialog).
/* global document -- functions passed to page.evaluate run in the browser */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { launchBrowser } from './lib/browser.mjs';
import { emit, log } from './lib/contract.mjs';
import { summarize } from './lib/stats.mjs';
import { repoRoot, startGatewayProcess } from '../test/support/gateway-process.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const COMPLETIONS = QUICK ? 20 : 100;
const TASKS = QUICK ? 4 : 15;
const LETTERS = ['E', 'S', 'M', 'Su', 'En', 'Sa', 'Ma', 'Eng', 'Sal', 'Mar'];

async function bareCompletions() {
  const client = new Client({ name: 'bench', version: '0' }, { capabilities: {} });
  await client.connect(
    new StdioClientTransport({
      command: 'node_modules/.bin/mcp-server-everything',
      args: ['stdio'],
      cwd: repoRoot,
      stderr: 'ignore',
    }),
  );
  const times = [];
  for (let i = 0; i < COMPLETIONS + 5; i += 1) {
    const started = performance.now();
    await client.complete({
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'department', value: LETTERS[i % LETTERS.length] },
    });
    if (i >= 5) times.push(performance.now() - started);
  }
  await client.close();
  return times;
}

const figure = (id, label, summary, unit, extra = {}) => ({
  id,
  label,
  value: summary.p50,
  unit,
  samples: summary.n,
  notes: `p95 ${summary.p95} ${unit}; min ${summary.min}, max ${summary.max}`,
  ...extra,
});

async function main() {
  const gateway = await startGatewayProcess({
    config: {
      mcpServers: {
        everything: { command: 'node_modules/.bin/mcp-server-everything', args: ['stdio'] },
        tasks: { command: 'node', args: ['test/fixtures/task-server.mjs'] },
      },
    },
  });
  const browser = await launchBrowser();
  const figures = [];
  const errors = [];
  try {
    const page = await browser.newPage();
    await page.goto(gateway.url);
    await page.waitForFunction(
      () => {
        const bridge = document.querySelector('mcp-dashboard')?.services?.bridge;
        return bridge?.isConnected('everything') && bridge.isConnected('tasks');
      },
      undefined,
      { timeout: 30_000 },
    );
    log('[client-features.bench] completions in the page');
    const page50 = await page.evaluate(
      async ({ n, letters }) => {
        // The prompt form's field, as a user meets it: Prompts tab → Team Management → department.
        const deep = (root, selector) => {
          const found = root.querySelector(selector);
          if (found) return found;
          for (const el of root.querySelectorAll('*'))
            if (el.shadowRoot) {
              const inner = deep(el.shadowRoot, selector);
              if (inner) return inner;
            }
          return null;
        };
        const dashboard = document.querySelector('mcp-dashboard');
        let panel = null;
        for (let tries = 0; !panel?.info && tries < 300; tries += 1) {
          const card = [...dashboard.shadowRoot.querySelectorAll('mcp-widget-card')].find(
            (c) => c.server?.name === 'everything',
          );
          panel = card?.shadowRoot ? deep(card.shadowRoot, 'mcp-server-panel-widget') : null;
          if (!panel?.info) await new Promise((r) => setTimeout(r, 100));
        }
        [...panel.shadowRoot.querySelectorAll('[role="tab"]')].find((t) => t.textContent.includes('Prompts')).click();
        await panel.updateComplete;
        const runner = deep(panel.shadowRoot, 'mcp-prompt-runner');
        await runner.updateComplete;
        [...runner.shadowRoot.querySelectorAll('button')]
          .find((b) => b.textContent.includes('Team Management'))
          .click();
        await runner.updateComplete;
        await new Promise((r) => setTimeout(r, 50));
        const field = deep(runner.shadowRoot, 'mcp-completion-input[name="department"]');
        field.focus();
        const times = [];
        for (let i = 0; i < n + 5; i += 1) {
          field.value = letters[i % letters.length];
          const started = performance.now();
          await field.suggest();
          await field.updateComplete;
          if (!field.shadowRoot.querySelector('[role="option"]')) throw new Error(`no suggestion for ${field.value}`);
          if (i >= 5) times.push(performance.now() - started);
        }
        return times;
      },
      { n: COMPLETIONS, letters: LETTERS },
    );
    const bare = summarize(await bareCompletions());
    figures.push(
      figure(
        'completion.dashboard',
        'Completion round trip: request from a prompt field until its suggestions are rendered (p50)',
        summarize(page50),
        'ms',
        {
          baseline: { label: 'bare SDK client, complete() over stdio (p50)', value: bare.p50, unit: 'ms' },
        },
      ),
    );
    log('[client-features.bench] tasks in the page');
    const tasks = await page.evaluate(async (n) => {
      const bridge = document.querySelector('mcp-dashboard').services.bridge;
      const asTask = [];
      const direct = [];
      for (let i = 0; i < n + 1; i += 1) {
        for (const [list, task] of [
          [asTask, true],
          [direct, false],
        ]) {
          const started = performance.now();
          const result = await bridge.callTool('tasks', 'slow-sum', { a: i, b: 1 }, { task });
          if (!JSON.stringify(result).includes(`sum is ${i + 1}`))
            throw new Error(`unexpected result ${JSON.stringify(result)}`);
          if (i >= 1) list.push(performance.now() - started);
        }
      }
      return { asTask, direct };
    }, TASKS);
    const taskSummary = summarize(tasks.asTask);
    const directSummary = summarize(tasks.direct);
    figures.push(
      figure(
        'task.follow',
        'Tool run as a task (600 ms of server work): call → result in the page (p50)',
        taskSummary,
        'ms',
        {
          baseline: {
            label: 'the same tool without a task, the server waiting for it (p50)',
            value: directSummary.p50,
            unit: 'ms',
          },
        },
      ),
    );
    figures.push({
      id: 'task.overhead',
      label: 'Cost of following the task (task p50 − direct p50)',
      value: Number((taskSummary.p50 - directSummary.p50).toFixed(1)),
      unit: 'ms',
      samples: taskSummary.n,
    });
  } catch (error) {
    errors.push({ id: 'client-features', label: 'client features', reason: String(error?.message ?? error) });
  } finally {
    await browser.close();
    await gateway.stop();
  }
  emit({
    bench: 'client-features',
    title: 'MCP client features',
    figures,
    ...(errors.length ? { errors } : {}),
    notes: QUICK ? 'BENCH_QUICK: fewer samples' : undefined,
  });
}

await main();
