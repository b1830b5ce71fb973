import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dashboard,
  dialog,
  page,
  pageErrors,
  settledFlag,
  settledTools,
  textOf,
  useWebMcpPage,
  type Result,
} from '../support/webmcp-page.js';

// The dashboard as a WebMCP tool source, driven by a real agent client nobody here wrote:
// Chromium 156 with --enable-features=WebMCP implements document.modelContext, and playwright-core's
// page.webmcp lists and calls the tools the page registered. The gateway runs the default config's four
// servers; a person answers the dialogs in the page. Here: which tools are registered, and how calls meet
// the policy; the dashboard's own host tools and widget actions are in e2e-webmcp-host-tools.test.ts.

useWebMcpPage();

test('the registered tools are exactly the model-visible list: app-only and excluded tools are never registered; names, descriptions and read-only hints come from the servers', async () => {
  const tools = await settledTools(25);
  const names = tools.map((t) => t.name);
  const model = (await page.evaluate(`${dashboard}.modelVisibleTools().map((t) => t.name)`)) as string[];
  const host = names.filter((n) => n.startsWith('dashboard__'));
  assert.deepEqual(
    names.filter((n) => !n.startsWith('dashboard__')).sort(),
    [...model].sort(),
    'server tools registered = dashboard.modelVisibleTools()',
  );
  assert.deepEqual(host.sort(), [
    'dashboard__get_prompt',
    'dashboard__list_servers',
    'dashboard__list_widget_actions',
    'dashboard__read_resource',
    'dashboard__run_widget_action',
  ]);
  assert.ok(names.includes('system-monitor__get-system-info'), "system-monitor's model-visible tool is registered");
  assert.ok(!names.includes('system-monitor__poll-system-stats'), 'app-only poll-system-stats is not registered');
  for (const excluded of [
    'bulk_delete',
    'rename_note',
    'refresh_index',
    'archive_note',
    'publish_note',
    'toggle_experimental',
  ]) {
    assert.ok(!names.includes(`mcplet-demo__${excluded}`), `mcplet-demo's ${excluded} is not registered`);
  }
  for (const visible of ['search_notes', 'draft_note', 'delete_note', 'summarize_notes', 'legacy_echo'])
    assert.ok(names.includes(`mcplet-demo__${visible}`), `${visible} is registered`);
  const echo = tools.find((t) => t.name === 'everything__echo')!;
  assert.match(echo.description, /Echoes back the input/);
  assert.deepEqual((echo.inputSchema as { required?: string[] }).required, ['message']);
  assert.equal(echo.annotations?.readOnly, true, 'readOnlyHint from the annotations');
  assert.equal(
    tools.find((t) => t.name === 'mcplet-demo__search_notes')!.annotations?.readOnly,
    true,
    'mcpletType read is read-only',
  );
  assert.ok(
    !tools.find((t) => t.name === 'mcplet-demo__draft_note')!.annotations?.readOnly,
    'a prepare tool is not read-only',
  );
  assert.match(
    (await page.locator('mcp-agent-switch').getByRole('status', { includeHidden: true }).textContent()) ?? '',
    new RegExp(`${names.length} tools offered`),
  );
});

test('MCP-WP-3.5.3 a read tool call waits for the person\u2019s confirmation and returns its result; remembered, the next call needs no dialog', async () => {
  const call = page.webmcp.callTool('everything__echo', { message: 'from the agent' });
  const flag = settledFlag(call);
  const d = await dialog(/Let everything run Echo Tool\?/);
  assert.match(await d.innerText(), /agent notes-agent/);
  assert.equal(flag.settled(), false, 'the agent waits while the dialog is open');
  await d.getByRole('button', { name: 'Always allow this tool' }).click();
  assert.equal(textOf(await call), 'Echo: from the agent');
  const again = await page.webmcp.callTool('everything__echo', { message: 'again' });
  assert.equal(textOf(again), 'Echo: again');
  assert.equal(await page.getByRole('alertdialog').count(), 0);
});

test('an action opens the dialog and the agent\u2019s call waits for it; Cancel comes back as an error and nothing is sent', async () => {
  const call = page.webmcp.callTool('mcplet-demo__draft_note', { title: 'Agent note', body: 'drafted by the agent' });
  const flag = settledFlag(call);
  const d = await dialog(/Draft a note/);
  assert.equal(flag.settled(), false);
  await d.getByRole('button', { name: 'Allow once' }).click();
  const result = (await call) as Result;
  assert.ok(!result.isError, textOf(result));
  assert.match(JSON.stringify(result.structuredContent), /Agent note/);

  const cancelled = page.webmcp.callTool('mcplet-demo__draft_note', { title: 'Never', body: 'cancelled' });
  await (await dialog(/Draft a note/)).getByRole('button', { name: 'Deny', exact: true }).click();
  const refused = (await cancelled) as Result;
  assert.equal(refused.isError, true);
  assert.match(textOf(refused), /cancelled the tool call; nothing was sent/);
  const sent = (
    (await page.evaluate('window.__events')) as Array<{ event: string; data: { toolName?: string } }>
  ).filter((e) => e.event === 'mcp:tool:calling' && e.data.toolName === 'draft_note');
  assert.equal(sent.length, 1, 'only the confirmed call went to the server');
});

test('a denial comes back to the agent as a tool error with the policy\u2019s reason; arguments that break the schema too, before any dialog', async () => {
  const denied = (await page.webmcp.callTool('dashboard__run_widget_action', {
    widget: 'server-panel:system-monitor',
    action: 'invoke-tool',
    params: { tool: 'poll-system-stats' },
  })) as Result;
  assert.equal(denied.isError, true);
  assert.match(textOf(denied), /app-only and hidden from models and agents/);
  assert.equal((denied.structuredContent as { error?: { code?: string } }).error?.code, 'D5');
  const invalid = (await page.webmcp.callTool('everything__echo', { message: 42 })) as Result;
  assert.equal(invalid.isError, true);
  assert.match(textOf(invalid), /Invalid arguments: .*message must be string/);
  assert.equal(await page.getByRole('alertdialog').count(), 0, 'no dialog for a refused call');
});

test('MCPlet §7 a passkey action called by the agent needs the person\u2019s passkey (virtual authenticator)', async () => {
  const call = page.webmcp.callTool('mcplet-demo__delete_note', { id: 'n1' });
  const d = await dialog(/Delete a note/);
  assert.match(await d.innerText(), /Confirm deleting this note with your passkey/);
  await d.getByRole('button', { name: 'Continue with passkey' }).click();
  const result = (await call) as Result;
  assert.ok(!result.isError, textOf(result));
  assert.match(JSON.stringify(result), /"verifiedBy":"passkey"/);
});

test('MCP-WP-17.1.2 / 17.1.4 every agent call is audited with source "agent", and its events carry { source: \'agent\' }', async () => {
  const entries = (await page.evaluate(`${dashboard}.services.policy.audit.list()`)) as Array<Record<string, string>>;
  const agent = entries.filter((e) => e.source === 'agent');
  const tools = new Set(agent.map((e) => e.toolName));
  for (const name of ['echo', 'draft_note', 'delete_note', 'poll-system-stats'])
    assert.ok(tools.has(name), `${name} audited (${[...tools].join(', ')})`);
  assert.ok(agent.every((e) => e.surface === 'agent' && e.callerId === 'notes-agent'));
  assert.ok(agent.some((e) => e.toolName === 'echo' && e.outcome === 'ok' && e.rule === 'C11'));
  assert.ok(agent.some((e) => e.toolName === 'poll-system-stats' && e.kind === 'policy-denial' && e.rule === 'D5'));
  assert.ok(
    agent.some((e) => e.kind === 'agent-action' && e.toolName === 'invoke-tool'),
    'the widget action is audited too',
  );
  const events = (await page.evaluate('window.__events')) as Array<{
    event: string;
    data: { source?: string; caller?: { surface: string }; toolName?: string };
  }>;
  const calls = events.filter(
    (e) => ['mcp:tool:calling', 'mcp:tool:result'].includes(e.event) && e.data.toolName === 'echo',
  );
  assert.ok(calls.length >= 4, 'calling and result of both echo calls');
  assert.ok(calls.every((e) => e.data.source === 'agent' && e.data.caller?.surface === 'agent'));
  assert.equal(pageErrors.length, 0, pageErrors.join('\n'));
});

test('a server that disconnects takes its tools out of the model context at once; reconnected, they come back', async () => {
  const before = (await page.webmcp.tools()).map((t) => t.name);
  assert.ok(before.includes('everything__echo'));
  await page.evaluate(`${dashboard}.services.bridge.disconnect('everything')`);
  await page.waitForFunction(
    `!${dashboard}.agents.webmcp.status().registered.some((n) => n.startsWith('everything__'))`,
    undefined,
    { timeout: 10_000 },
  );
  const during = (await page.webmcp.tools()).map((t) => t.name);
  assert.ok(!during.some((n) => n.startsWith('everything__')), during.join(', '));
  assert.ok(during.includes('mcplet-demo__search_notes'), 'the other servers\u2019 tools stay');
  const gone = (await page.webmcp.callTool('dashboard__read_resource', {
    server: 'everything',
    uri: 'demo://x',
  })) as Result;
  assert.match(textOf(gone), /no connected server named "everything"/);
  await page.evaluate(`${dashboard}.services.bridge.connect('everything', 'stdio')`);
  await page.waitForFunction(`${dashboard}.agents.webmcp.status().registered.includes('everything__echo')`, undefined, {
    timeout: 30_000,
  });
  assert.deepEqual((await page.webmcp.tools()).map((t) => t.name).sort(), [...before].sort());
});

test('tools/list_changed registers the new tool at once', async () => {
  assert.ok(!(await page.webmcp.tools()).some((t) => t.name === 'mcplet-demo__experimental_probe'));
  // A person turns the experimental tool on in the dashboard (an app-only action: the dashboard itself may call it).
  const toggled = page.evaluate(
    `${dashboard}.services.invoker.invoke({ serverName: 'mcplet-demo', toolName: 'toggle_experimental', args: {} }, { surface: 'user', id: 'host' })`,
  );
  await (await dialog(/Toggle experimental tool/)).getByRole('button', { name: 'Allow once' }).click();
  await toggled;
  await page.waitForFunction(
    `${dashboard}.agents.webmcp.status().registered.includes('mcplet-demo__experimental_probe')`,
    undefined,
    { timeout: 15_000 },
  );
  assert.ok((await page.webmcp.tools()).some((t) => t.name === 'mcplet-demo__experimental_probe'));
});

test('turning the switch off unregisters every tool at once; on registers them again', async () => {
  const count = (await page.webmcp.tools()).length;
  await page.locator('mcp-app-bar [data-action="settings"]').click();
  await page.getByRole('switch', { name: 'Let browser agents use these tools' }).uncheck();
  assert.deepEqual(await page.webmcp.tools(), []);
  await assert.rejects(page.webmcp.callTool('everything__echo', { message: 'gone' }));
  await page.getByRole('switch', { name: 'Let browser agents use these tools' }).check();
  assert.equal((await page.webmcp.tools()).length, count);
});
