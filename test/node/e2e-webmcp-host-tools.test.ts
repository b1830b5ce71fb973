import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dashboard, dialog, page, settledFlag, textOf, useWebMcpPage, type Result } from '../support/webmcp-page.js';

// The dashboard's own tools for a WebMCP agent (the same page as e2e-webmcp.test.ts): widget actions through
// the AgentAPI gate, the host tools (servers, resources, prompts) through the policy, and a Telemetry that
// sends nothing.

useWebMcpPage();

test('MCP-WP-17.1.1 / 17.1.3a widget actions reach a WebMCP agent only through the AgentAPI gate: capabilities are the same document on every call; an invalid payload is refused before the widget runs; a widget action\u2019s events carry source "agent"', async () => {
  const first = (await page.webmcp.callTool('dashboard__list_widget_actions', {})) as Result;
  const second = (await page.webmcp.callTool('dashboard__list_widget_actions', {})) as Result;
  assert.deepEqual(first.structuredContent, second.structuredContent);
  const widgets = (
    first.structuredContent as {
      widgets: Array<{ widget: string; capabilities: { oneOf: Array<{ properties: { action: { const: string } } }> } }>;
    }
  ).widgets;
  const panel = widgets.find((w) => w.widget === 'server-panel:everything')!;
  assert.deepEqual(
    panel.capabilities.oneOf.map((b) => b.properties.action.const),
    ['get-status', 'list-tools', 'list-resources', 'select-tool', 'invoke-tool'],
  );

  const before = ((await page.evaluate('window.__events')) as Array<{ event: string }>).length;
  const invalid = (await page.webmcp.callTool('dashboard__run_widget_action', {
    widget: 'server-panel:everything',
    action: 'select-tool',
    params: { tool: 7 },
  })) as Result;
  assert.equal(invalid.isError, true);
  assert.match(textOf(invalid), /do not match the widget's schema: \/tool must be string\. Nothing was run/);
  const after = ((await page.evaluate('window.__events')) as Array<{ event: string }>)
    .slice(before)
    .map((e) => e.event);
  assert.ok(after.includes('mcp:agent:action-refused'));
  assert.ok(!after.includes('mcp:agent:action-started'), 'the widget was not asked to run it (sentinel)');

  const selected = (await page.webmcp.callTool('dashboard__run_widget_action', {
    widget: 'server-panel:everything',
    action: 'select-tool',
    params: { tool: 'get-sum' },
  })) as Result;
  assert.ok(!selected.isError, textOf(selected));
  const card = page.locator('mcp-widget-card').filter({ has: page.locator('h2:text-is("everything")') });
  await card.getByRole('heading', { name: /Get Sum|get-sum/ }).waitFor();
  const events = (
    (await page.evaluate('window.__events')) as Array<{ event: string; data: { source?: string; action?: string } }>
  ).filter((e) => e.event.startsWith('mcp:agent:action') && e.data.action === 'select-tool');
  assert.ok(events.length >= 2 && events.every((e) => e.data.source === 'agent'));
});

test('host tools for agents, each through the policy: list the servers with their state, read a resource, get a prompt; an unknown server is an error saying what to do', async () => {
  // The listing reports each server's state as it is: wait until everything is connected, as its card shows (on a
  // loaded machine its session can be re-established between two tests, and the listing then says "connecting").
  await page.waitForFunction(`${dashboard}.services?.bridge.getServer('everything')?.state === 'connected'`, null, {
    timeout: 30_000,
  });
  const listing = page.webmcp.callTool('dashboard__list_servers', {});
  const flag = settledFlag(listing);
  const d = await dialog(/List servers/);
  assert.equal(flag.settled(), false, 'the agent waits for the person');
  await d.getByRole('button', { name: 'Allow once' }).click();
  const servers = ((await listing) as Result).structuredContent!.servers as Array<{
    name: string;
    state: string;
    agentTools: string[];
    prompts: string[];
  }>;
  assert.deepEqual(servers.map((s) => s.name).sort(), [
    'basic-vanillajs',
    'everything',
    'mcplet-demo',
    'system-monitor',
  ]);
  const everything = servers.find((s) => s.name === 'everything')!;
  assert.equal(everything.state, 'connected');
  assert.ok(everything.agentTools.includes('everything__echo'), everything.agentTools.join(', '));
  assert.ok(everything.prompts.includes('args-prompt'));
  assert.ok(
    !servers.find((s) => s.name === 'system-monitor')!.agentTools.includes('system-monitor__poll-system-stats'),
    'app-only tools are not offered in the listing either',
  );

  const uri = (await page.evaluate(
    `${dashboard}.services.bridge.getServer('everything').info.resources[0].uri`,
  )) as string;
  const reading = page.webmcp.callTool('dashboard__read_resource', { server: 'everything', uri });
  await (await dialog(/Read a resource/)).getByRole('button', { name: 'Allow once' }).click();
  const read = (await reading) as Result;
  assert.ok(!read.isError, textOf(read));
  assert.equal((read.structuredContent as { contents: Array<{ uri: string }> }).contents[0]!.uri, uri);

  const prompting = page.webmcp.callTool('dashboard__get_prompt', {
    server: 'everything',
    name: 'args-prompt',
    arguments: { city: 'Kyoto' },
  });
  await (await dialog(/Get a prompt/)).getByRole('button', { name: 'Allow once' }).click();
  const prompt = (await prompting) as Result;
  assert.ok(!prompt.isError, textOf(prompt));
  assert.match(textOf(prompt), /What's weather in Kyoto\?/);

  const unknown = (await page.webmcp.callTool('dashboard__read_resource', {
    server: 'nowhere',
    uri: 'x://y',
  })) as Result;
  assert.equal(unknown.isError, true);
  assert.match(textOf(unknown), /no connected server named "nowhere"\. Call dashboard__list_servers/);
  assert.equal(await page.getByRole('alertdialog').count(), 0, 'no dialog for a server that is not there');
  const audited = ((await page.evaluate(`${dashboard}.services.policy.audit.list()`)) as Array<Record<string, string>>)
    .filter((e) => e.source === 'agent')
    .map((e) => e.toolName);
  for (const name of ['list_servers', 'read_resource', 'get_prompt'])
    assert.ok(audited.includes(name), `${name} audited as the agent's`);
});

test('MCP-WP-6.7.1 / 6.7.3 Telemetry is a no-op: calling it from a widget makes no request (a control request is seen)', async () => {
  // Every request the page makes meanwhile is recorded with its body. The dashboard's own traffic to its gateway
  // (the MCP relay /mcp/<server>, the API /api/… — a reconnected stream, the offline probe — and its own lazily loaded
  // chunks) may go on; nothing may
  // go elsewhere, and no request may carry what was handed to Telemetry.
  const requests: Array<{ url: string; body: string }> = [];
  const listener = (request: { url(): string; postData(): string | null }) =>
    void requests.push({ url: request.url(), body: request.postData() ?? '' });
  page.on('request', listener);
  const enabled = await page.evaluate(`(async () => {
    const find = (root) => { for (const el of root.querySelectorAll('*')) { if (el.deps && el.deps.Telemetry) return el; if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f; } } };
    const widget = find(document);
    const t = widget.deps.Telemetry;
    t.trackEvent('tools', 'invoke', 'telemetry-sentinel-event', 1);
    t.trackError(new Error('telemetry-sentinel-error'), { user: 'someone@example.com' });
    t.trackPerformance('telemetry-sentinel-render', 12);
    await new Promise((r) => setTimeout(r, 300));
    return t.enabled;
  })()`);
  page.off('request', listener);
  assert.equal(enabled, false);
  // The dashboard's own chunks (/assets/, loaded when the page is idle — late on a loaded machine) are its own
  // traffic too.
  const own = new RegExp(`^${new URL(page.url()).origin}/(mcp|api|assets)/`);
  assert.deepEqual(
    requests.filter((r) => !own.test(r.url)).map((r) => r.url),
    [],
    'no request was made but the dashboard\u2019s own gateway traffic',
  );
  assert.deepEqual(
    requests.filter((r) => /telemetry-sentinel|someone@example\.com/.test(r.url + r.body)).map((r) => r.url),
    [],
    'nothing handed to Telemetry left the page',
  );
  page.on('request', listener);
  await page.evaluate(`fetch('/healthz?telemetry-sentinel-control').then((r) => r.status)`);
  page.off('request', listener);
  assert.ok(
    requests.some((r) => r.url.endsWith('/healthz?telemetry-sentinel-control')),
    'the control request is seen (and carries the sentinel), so the checks can fail',
  );
});
