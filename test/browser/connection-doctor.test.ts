import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { McpWidgetCard } from '../../src/shell/card/widget-card.js';
import { waitFor } from '../support/gateway.js';
import { brokenServers } from '../support/doctor-table.mjs';
import { useDashboard } from '../support/setup.js';
import { deepQuery } from '../support/dom.js';
let fixture: { id: string; port: number } | undefined;
let everything: { id: string; port: number } | undefined;
let table: ReturnType<typeof brokenServers>;

before(async function () {
  this.timeout(60_000);
  fixture = await executeServerCommand<{ id: string; port: number }, { script: string }>('http-fixture-start', {
    script: 'test/fixtures/broken-http-server.mjs',
  });
  everything = await executeServerCommand<{ id: string; port: number }, { script: string; args: string[] }>(
    'http-fixture-start',
    {
      script: 'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
      args: ['streamableHttp'],
    },
  );
  const closed = (await executeServerCommand<number, Record<string, never>>('free-port', {}))!;
  table = brokenServers(fixture!.port, closed);
});

const env = useDashboard({
  mcpServers: () => ({
    ...Object.fromEntries(table.map((s) => [s.name, s.config])),
    remote: { type: 'http', url: `http://127.0.0.1:${everything!.port}/mcp` },
    modern: { command: 'node', args: ['test/fixtures/relay-probe-server.mjs', '--modern'], protocol: '2026-07-28' },
    loop: { command: 'node', args: ['test/fixtures/crash-loop-server.mjs', 'early'] },
  }),
});

after(async () => {
  for (const f of [fixture, everything]) if (f) await executeServerCommand('http-fixture-stop', { id: f.id });
});

function card(name: string): McpWidgetCard {
  return [...env.dashboard.shadowRoot!.querySelectorAll('mcp-widget-card')].find((c) => c.server?.name === name)!;
}

function doctorPart(c: McpWidgetCard, part: string): string | undefined {
  return c
    .shadowRoot!.querySelector('mcp-connection-doctor')
    ?.shadowRoot?.querySelector(`[data-doctor="${part}"]`)
    ?.textContent?.trim();
}

describe('connection doctor on the cards', function () {
  this.timeout(60_000);

  for (const name of ['missing', 'exits', 'nothing', 'webpage', 'express', 'failing', 'refuses', 'old', 'locked']) {
    it(`${name}: the card shows the step, the exact message (a URL by origin) and what to do`, async () => {
      const row = table.find((s) => s.name === name)!;
      const c = await waitFor(() => card(name), 20_000, `card ${name}`);
      const message = await waitFor(() => doctorPart(c, 'message'), 30_000, `the doctor on ${name}`);
      expect(message).to.equal(row.pageMessage);
      const stepLabel = c
        .shadowRoot!.querySelector('mcp-connection-doctor')!
        .shadowRoot!.querySelector('.step')!
        .textContent!.trim();
      expect(stepLabel.startsWith('Failed at: ')).to.equal(true);
      expect(doctorPart(c, 'action')!.startsWith('What to do:')).to.equal(true);
      expect(doctorPart(c, 'action')!.length).to.be.greaterThan(30);
      expect(c.shadowRoot!.querySelector('.status')!.textContent).to.contain('Error');
      const text =
        c.shadowRoot!.textContent +
        (c.shadowRoot!.querySelector('mcp-connection-doctor')!.shadowRoot!.textContent ?? '');
      expect(text).not.to.match(/<html|<script|<!DOCTYPE|Acme intranet|Cannot POST/i);
    });
  }

  it('locked (401, no OAuth metadata): the card offers "headers" or Sign in, and says where Sign in would register', async () => {
    const c = await waitFor(() => card('locked'), 20_000, 'card locked');
    const action = await waitFor(() => doctorPart(c, 'action'), 30_000, 'the advice on locked');
    expect(action).to.contain('"headers"');
    expect(action).to.contain(
      `If it signs in with OAuth instead, press Sign in: the gateway then registers the dashboard as a client at http://127.0.0.1:${fixture!.port}.`,
    );
    const button = await waitFor(
      () =>
        deepQuery('mcp-sign-in-panel', c.shadowRoot!)?.shadowRoot?.querySelector<HTMLButtonElement>('button.primary'),
      10_000,
      'the Sign in button',
    );
    expect(button.textContent!.trim()).to.equal('Sign in');
  });

  it('the process that exits shows the stderr lines that explain it (from the error on, not its banner), as text', async () => {
    const stderr = await waitFor(() => doctorPart(card('exits'), 'stderr'), 20_000, 'stderr lines');
    expect(stderr).to.equal('Error: NOTES_API_KEY is not set\n    set it in the "env" of this server');
  });

  it('a server that keeps failing at start: the card says the gateway stopped it, with its cause and Restart, which starts it again', async function () {
    this.timeout(90_000);
    const c = await waitFor(() => card('loop'), 20_000, 'card loop');
    // Five quick failures with the restart backoff between them (about 8–20 s), then the card's next poll.
    const message = await waitFor(
      () => (/failed 5 times/.test(doctorPart(c, 'message') ?? '') ? doctorPart(c, 'message') : undefined),
      60_000,
      'the crash-loop diagnosis on loop',
    );
    expect(message).to.equal(
      '"node" failed 5 times in a row soon after starting (last: exited with code 3); the gateway stopped restarting it.',
    );
    expect(doctorPart(c, 'stderr')).to.equal('Error: DATABASE_URL is not set');
    expect(doctorPart(c, 'action')).to.contain('then press Restart');
    expect(c.shadowRoot!.querySelector('.metrics')!.textContent).to.contain('process: stopped after repeated failures');
    const gateway = env.dashboard.services!.gateway;
    expect((await gateway.listServers()).find((s) => s.name === 'loop')!.state).to.equal('failing');
    const restart = c.shadowRoot!.querySelector<HTMLButtonElement>(
      'mcp-connection-doctor button[data-action="restart"]',
    )!;
    expect(restart.textContent!.trim()).to.equal('Restart');
    restart.click();
    // The gateway starts it again (its log says so), and the card leaves the crash-loop diagnosis.
    await waitFor(
      async () => /Restart pressed: starting it again/.test(await gateway.stderr('loop')),
      15_000,
      'the gateway to start loop again',
    );
    await waitFor(() => !/failed 5 times/.test(doctorPart(c, 'message') ?? ''), 15_000, 'the old diagnosis to go');
  });

  it("the HTML page's script never ran (sentinel)", async () => {
    // The fixture's page sets window.__doctorXss from a <script> and an <img onerror>; had the card
    // rendered it as HTML the sentinel would be set by now (every HTML card has been shown above).
    expect((window as unknown as { __doctorXss?: number }).__doctorXss).to.equal(undefined);
    const probe = document.createElement('div');
    probe.innerHTML = '<img src="data:image/png;base64,AA" onerror="window.__doctorXss=1">';
    document.body.append(probe);
    await waitFor(
      () => (window as unknown as { __doctorXss?: number }).__doctorXss === 1,
      5000,
      'the same payload to run when injected as HTML (control)',
    );
    probe.remove();
    delete (window as unknown as { __doctorXss?: number }).__doctorXss;
  });

  it('a Streamable HTTP server restarted under a connected card: never Active while it is gone, and a call works again without Reconnect', async () => {
    const remote = await waitFor(
      () => (card('remote')?.phase === 'ready' ? card('remote') : undefined),
      30_000,
      'the remote card',
    );
    await waitFor(
      () =>
        remote.shadowRoot!.querySelector('.status')!.textContent!.includes('Active') ||
        remote.shadowRoot!.querySelector('.status')!.textContent!.includes('Idle'),
      20_000,
      'a healthy state',
    );
    await executeServerCommand('http-fixture-stop', { id: everything!.id });
    // The next call meets a server that is gone: it fails with what happened, and the card stops claiming health.
    await env.dashboard.services!.bridge.callTool('remote', 'echo', { message: 'while down' }).catch(() => undefined);
    await waitFor(
      () => remote.server.state === 'restarting',
      20_000,
      'the gateway to report the server as reconnecting',
    );
    const headerWhileDown = remote.shadowRoot!.querySelector('.status')!.textContent!;
    expect(headerWhileDown).not.to.contain('Active');
    expect(remote.shadowRoot!.textContent).to.contain('The server went away; the gateway is reconnecting it');
    everything = await executeServerCommand<
      { id: string; port: number },
      { script: string; args: string[]; port: number }
    >('http-fixture-start', {
      script: 'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
      args: ['streamableHttp'],
      port: everything!.port,
    });
    const result = await waitFor(
      async () =>
        (await env.dashboard
          .services!.bridge.callTool('remote', 'echo', { message: 'back' })
          .catch(() => undefined)) as { content?: Array<{ text: string }> } | undefined,
      30_000,
      'a call to work again',
    );
    expect(result.content![0]!.text).to.equal('Echo: back');
    await waitFor(() => remote.server.state === 'running', 20_000, 'the card to show the server running');
  });
});

describe('protocol versions', function () {
  this.timeout(60_000);

  it("the dashboard's bridge negotiates 2026-07-28 with a server that speaks it, 2025-11-25 with one that does not, and both work", async () => {
    const modern = await waitFor(
      () => (card('modern')?.phase === 'ready' ? card('modern') : undefined),
      30_000,
      'the modern card',
    );
    const bridge = env.dashboard.services!.bridge;
    expect(bridge.getServer('modern')!.info!.protocolVersion).to.equal('2026-07-28');
    const result = (await bridge.callTool('modern', 'era', {})) as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).to.equal('era 2026-07-28');
    expect(modern.shadowRoot!.querySelector('.status')!.textContent).not.to.contain('Error');
    await waitFor(() => card('remote')?.phase === 'ready', 30_000, 'the remote card');
    expect(bridge.getServer('remote')!.info!.protocolVersion).to.equal('2025-11-25');
  });
});

describe('the Servers screen', function () {
  this.timeout(30_000);

  it('a pasted Cline config: what was understood, one line per ignored key, names of headers but never their values', async () => {
    (env.dashboard.shadowRoot!.querySelector('[data-action="servers"]') as HTMLButtonElement).click();
    const panel = await waitFor(
      () => {
        const p = env.dashboard.shadowRoot!.querySelector('mcp-servers-panel');
        return p?.shadowRoot?.querySelector('dialog')?.open ? p : undefined;
      },
      10_000,
      'the Servers screen',
    );
    const root = panel.shadowRoot!;
    (root.querySelector('textarea') as HTMLTextAreaElement).value = JSON.stringify({
      mcpServers: {
        notes: {
          command: 'npx',
          args: ['-y', 'notes-mcp'],
          env: { KEY: '${env:NOTES_KEY}' },
          autoApprove: ['search'],
          timeout: 60,
        },
        remote: {
          url: 'https://mcp.example.com/sse',
          transportType: 'sse',
          headers: { Authorization: 'Bearer sk-very-secret' },
        },
        win: { serverUrl: 'https://w.example.com/mcp' },
      },
    });
    (root.querySelector('[data-action="read-config"]') as HTMLButtonElement).click();
    await waitFor(() => root.querySelector('tr[data-server="remote"]'), 10_000, 'the result table');
    const row = (name: string) =>
      [...root.querySelector(`tr[data-server="${name}"]`)!.querySelectorAll('th, td')].map((c) =>
        c.textContent!.replace(/\s+/g, ' ').trim(),
      );
    expect(row('notes')).to.deep.equal([
      'notes',
      'a process (stdio)',
      'npx -y notes-mcp',
      'environment variables: NOTES_KEY',
    ]);
    expect(row('remote')).to.deep.equal([
      'remote',
      'HTTP+SSE (older servers)',
      'https://mcp.example.com/sse',
      'headers: Authorization (values kept by the gateway)',
    ]);
    expect(row('win')).to.deep.equal([
      'win',
      'Streamable HTTP, falling back to HTTP+SSE',
      'https://w.example.com/mcp',
      '',
    ]);
    const warnings = [...root.querySelectorAll('[data-servers="warnings"] li')].map((li) => li.textContent);
    expect(warnings).to.deep.equal([
      'the pasted config: ignoring "autoApprove" (server "notes"): the dashboard never approves tool calls by a list in the config; it asks, and you can remember a consent per tool.',
      'the pasted config: ignoring "timeout" (server "notes"): the dashboard uses its own request timeouts.',
    ]);
    expect(root.textContent).not.to.contain('sk-very-secret');
    expect(root.querySelector('[data-servers="format"]')!.textContent).to.equal(
      'Format: Cline / Roo Code / Cursor ("mcpServers" with their own keys).',
    );
  });

  it('a VS Code config with an input; a broken one is explained', async () => {
    const panel = env.dashboard.shadowRoot!.querySelector('mcp-servers-panel')!;
    await panel.read(
      '{ "inputs": [{ "id": "token", "type": "promptString", "description": "API token" }], "servers": { "gh": { "type": "http", "url": "https://api.example.com/mcp", "headers": { "Authorization": "Bearer ${input:token}" } } } }',
      'mcp.json',
    );
    const root = panel.shadowRoot!;
    expect(root.querySelector('tr[data-server="gh"]')!.textContent).to.contain(
      'the value "token": set MCP_INPUT_TOKEN before starting',
    );
    expect(root.querySelector('[data-servers="format"]')!.textContent).to.equal(
      'Format: VS Code mcp.json ("servers").',
    );
    await panel.read('{ "mcpServers": { "a": { "command": "x", "args": [1] } } }', 'bad.json');
    expect([...root.querySelectorAll('[data-servers="problems"] li')].map((li) => li.textContent)).to.deep.equal([
      'at /mcpServers/a/args/0: must be a string',
    ]);
    expect((root.querySelector('[data-action="download-config"]') as HTMLButtonElement).disabled).to.equal(true);
    await panel.read('{ "mcpServers": ', 'cut.json');
    expect(root.querySelector('[data-servers="parse-error"]')!.textContent).to.match(/This is not valid JSON/);
    await panel.read(
      JSON.stringify({
        mcpServers: {
          crm: { url: 'https://crm.example.com/mcp', oauth: { clientId: 'dash', clientSecret: 'very-secret-oauth' } },
          reports: {
            url: 'https://reports.example.com/mcp',
            oauth: { grant: 'client_credentials', clientId: 'r', clientSecret: 'very-secret-machine' },
          },
        },
      }),
      'oauth.json',
    );
    expect(root.querySelector('tr[data-server="crm"] [data-servers="oauth"]')!.textContent).to.equal(
      'OAuth: you sign in from its card (client settings kept by the gateway)',
    );
    expect(root.querySelector('tr[data-server="reports"] [data-servers="oauth"]')!.textContent).to.equal(
      'OAuth: client credentials, machine to machine (kept by the gateway)',
    );
    expect(
      root.querySelectorAll('[data-servers="warnings"] li').length,
      'the "oauth" key is understood, not warned about and dropped',
    ).to.equal(0);
    expect(root.textContent).not.to.contain('very-secret');
    (root.querySelector('[data-action="close-servers"]') as HTMLButtonElement).click();
  });
});
