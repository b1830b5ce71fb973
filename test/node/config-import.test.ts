import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { importConfig, stripJsonComments } from '../../src/core/shared/config/config-import.js';
import { readConfig } from '../../gateway/src/config/config.js';
import { gatewayRequest, repoRoot } from '../support/gateway-process.mjs';
import { spawn } from 'node:child_process';

// Config import: files written for Claude Desktop, VS Code, Cursor and Cline / Roo /
// Windsurf are read as they are; keys the dashboard does not use give one warning line each, naming
// the key and the file, and never stop start-up.
const env = (values: Record<string, string>) => ({
  env: (name: string) => values[name],
  home: '/home/me',
  workspace: '/work/project',
});
const probe = join(repoRoot, 'test', 'fixtures', 'relay-probe-server.mjs');

describe('config import: the four foreign formats', () => {
  test('Claude Desktop: mcpServers as they are, other top-level keys kept, no warnings', () => {
    const result = importConfig(
      {
        mcpServers: {
          files: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/notes'],
            env: { A: 'b' },
          },
        },
        globalShortcut: 'Ctrl+Space',
      },
      'claude_desktop_config.json',
      env({}),
    );
    assert.deepEqual(result.config, {
      mcpServers: {
        files: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/notes'],
          env: { A: 'b' },
        },
      },
      globalShortcut: 'Ctrl+Space',
    });
    assert.deepEqual(result.warnings, []);
  });

  test('a server\'s "oauth" object is kept as it is (no warning), with ${env:…} expanded in it, and validated', () => {
    const result = importConfig(
      {
        mcpServers: {
          crm: {
            url: 'https://crm.example.com/mcp',
            oauth: { grant: 'client_credentials', clientId: 'dash', clientSecret: '${env:CRM_SECRET}' },
          },
        },
      },
      'mcp.json',
      env({ CRM_SECRET: 's3cret' }),
    );
    assert.deepEqual(result.config, {
      mcpServers: {
        crm: {
          url: 'https://crm.example.com/mcp',
          oauth: { grant: 'client_credentials', clientId: 'dash', clientSecret: 's3cret' },
        },
      },
    });
    assert.deepEqual(result.warnings, []);
    assert.throws(
      () =>
        readConfig(
          JSON.stringify({
            mcpServers: { crm: { url: 'https://crm.example.com/mcp', oauth: { grant: 'client_credentials' } } },
          }),
          '/tmp/mcp.json',
          env({}),
        ),
      (error: Error) => /mcpServers\/crm\/oauth|"crm"/.test(error.message),
      'a client_credentials server without a client is refused with its place in the file',
    );
  });

  test('VS Code mcp.json: JSONC, "servers", "type", ${env:…}, ${input:…} and ${workspaceFolder}', () => {
    const text = `{
      // Inputs VS Code asks for
      "inputs": [{ "type": "promptString", "id": "github-token", "description": "GitHub personal access token", "password": true }],
      "servers": {
        "github": { "type": "stdio", "command": "github-mcp-server", "args": ["stdio", "--root", "\${workspaceFolder}"],
                    "env": { "GITHUB_TOKEN": "\${input:github-token}", "LOG": "\${env:LOG_LEVEL}" } },
        "remote": { "type": "http", "url": "https://mcp.example.com/mcp", "headers": { "Authorization": "Bearer \${input:github-token}" } },
        "legacy": { "type": "sse", "url": "https://old.example.com/sse", }, /* trailing comma above */
      },
    }`;
    const result = readConfig(
      text,
      '/work/project/.vscode/mcp.json',
      env({ LOG_LEVEL: 'debug', MCP_INPUT_GITHUB_TOKEN: 'ghp_secret' }),
    );
    assert.deepEqual(result.config.mcpServers, {
      github: {
        type: 'stdio',
        command: 'github-mcp-server',
        args: ['stdio', '--root', '/work/project'],
        env: { GITHUB_TOKEN: 'ghp_secret', LOG: 'debug' },
      },
      remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ghp_secret' } },
      legacy: { type: 'sse', url: 'https://old.example.com/sse' },
    });
    assert.deepEqual(result.warnings, []);
    assert.deepEqual(result.missingInputs, []);
    // Without a value for the input, the servers that need it are reported, with the variable that supplies it.
    const missing = readConfig(text, '/work/project/.vscode/mcp.json', env({}));
    assert.deepEqual(
      missing.missingInputs.map((m) => [m.server, m.input.id, m.input.description, m.envName]),
      [
        ['github', 'github-token', 'GitHub personal access token', 'MCP_INPUT_GITHUB_TOKEN'],
        ['remote', 'github-token', 'GitHub personal access token', 'MCP_INPUT_GITHUB_TOKEN'],
      ],
    );
    assert.deepEqual(missing.warnings, [
      '/work/project/.vscode/mcp.json: the environment variable LOG_LEVEL is not set (used by "github"); using an empty value.',
    ]);
  });

  test('Cursor: ${env:…} in env, remote servers by url', () => {
    const result = importConfig(
      {
        mcpServers: {
          db: { command: 'uvx', args: ['db-mcp'], env: { DSN: '${env:DATABASE_URL}' } },
          web: { url: 'https://web.example.com/sse' },
        },
      },
      '~/.cursor/mcp.json',
      env({ DATABASE_URL: 'postgres://x' }),
    );
    assert.deepEqual(result.config.mcpServers, {
      db: { command: 'uvx', args: ['db-mcp'], env: { DSN: 'postgres://x' } },
      web: { url: 'https://web.example.com/sse' },
    });
    assert.deepEqual(result.warnings, []);
  });

  test('Cline / Roo / Windsurf: transportType, serverUrl, and one warning per unused key naming the key and the file', () => {
    const result = importConfig(
      {
        mcpServers: {
          a: {
            command: 'node',
            args: ['a.js'],
            autoApprove: ['read'],
            disabled: false,
            timeout: 60,
            transportType: 'stdio',
          },
          b: { url: 'https://b.example.com/sse', transportType: 'sse', alwaysAllow: ['x'], autoApprove: [] },
          w: { serverUrl: 'https://w.example.com/mcp' },
          r: { type: 'streamable-http', url: 'https://r.example.com/mcp', watchPaths: ['src'], fancyNewKey: 1 },
        },
      },
      'cline_mcp_settings.json',
      env({}),
    );
    assert.deepEqual(result.config.mcpServers, {
      a: { command: 'node', args: ['a.js'], disabled: false, type: 'stdio' },
      b: { url: 'https://b.example.com/sse', type: 'sse' },
      w: { url: 'https://w.example.com/mcp' },
      r: { type: 'http', url: 'https://r.example.com/mcp' },
    });
    assert.deepEqual(result.warnings, [
      'cline_mcp_settings.json: ignoring "autoApprove" (servers "a", "b"): the dashboard never approves tool calls by a list in the config; it asks, and you can remember a consent per tool.',
      'cline_mcp_settings.json: ignoring "timeout" (server "a"): the dashboard uses its own request timeouts.',
      'cline_mcp_settings.json: ignoring "alwaysAllow" (server "b"): the dashboard never approves tool calls by a list in the config; it asks, and you can remember a consent per tool.',
      'cline_mcp_settings.json: ignoring "watchPaths" (server "r"): the dashboard does not restart servers when files change.',
      'cline_mcp_settings.json: ignoring "fancyNewKey" (server "r"): the dashboard does not know this key.',
    ]);
  });

  test('comments and trailing commas are removed without touching strings', () => {
    const text = '{"a": "// not a comment, }", /* c */ "b": [1, 2,], // end\n}';
    assert.deepEqual(JSON.parse(stripJsonComments(text)), { a: '// not a comment, }', b: [1, 2] });
  });
});

describe('config import: the CLI', () => {
  const dirs: string[] = [];
  const children: Array<ReturnType<typeof spawn>> = [];
  after(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  /** Writes `text` as `<folder>/mcp.json` in a fresh temporary project (the place an app keeps it); gives its path. */
  async function writeConfig(folder: '.cursor' | '.vscode', text: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), `import-${folder.slice(1)}-`));
    dirs.push(dir);
    await mkdir(join(dir, folder));
    const file = join(dir, folder, 'mcp.json');
    await writeFile(file, text);
    return file;
  }

  /** `mcp-dashboard --config <file>` as a user runs it; resolves with the ready URL and the stderr so far. */
  async function start(file: string, extraEnv: Record<string, string> = {}) {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'gateway', 'bin', 'mcp-dashboard.js'), '--config', file, '--port', '0', '--no-open'],
      { env: { ...process.env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d.toString()));
    const url = await new Promise<URL>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d.toString();
        const m = /Dashboard ready: (\S+)/.exec(out);
        if (m) resolve(new URL(m[1]!));
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    // The printed address carries a one-time launch code; spend it for a token, as the page does.
    const code = /code=([^&]+)/.exec(url.hash)![1]!;
    const answer = await gatewayRequest(Number(url.port), 'POST', '/api/launch/exchange', {
      body: JSON.stringify({ code }),
    });
    assert.equal(answer.status, 200, answer.body);
    return { origin: url.origin, token: JSON.parse(answer.body).token as string, stderr: () => stderr };
  }

  async function callEnv(gw: { origin: string; token: string }, server: string, name: string): Promise<string> {
    const client = new Client({ name: 't', version: '1' }, { capabilities: {} });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/${server}`), {
        requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
      }),
    );
    const result = await client.callTool({ name: 'env', arguments: { name } });
    await client.close();
    return (result.content as Array<{ text: string }>)[0]!.text;
  }

  test('npx mcp-dashboard --config ~/.cursor/mcp.json with Cline keys just works: one warning line per key, naming the key and the file', async () => {
    const file = await writeConfig(
      '.cursor',
      JSON.stringify({
        mcpServers: {
          notes: {
            command: 'node',
            args: [probe],
            env: { GREETING: '${env:IMPORT_TEST_GREETING}' },
            autoApprove: ['count'],
            timeout: 30,
            transportType: 'stdio',
          },
        },
      }),
    );
    const gw = await start(file, { IMPORT_TEST_GREETING: 'hello from the environment' });
    assert.equal(await callEnv(gw, 'notes', 'GREETING'), 'hello from the environment');
    const warnings = gw
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('mcp-dashboard: warning:'));
    assert.deepEqual(warnings, [
      `mcp-dashboard: warning: ${file}: ignoring "autoApprove" (server "notes"): the dashboard never approves tool calls by a list in the config; it asks, and you can remember a consent per tool.`,
      `mcp-dashboard: warning: ${file}: ignoring "timeout" (server "notes"): the dashboard uses its own request timeouts.`,
    ]);
  });

  test('a VS Code input without a value keeps that server from starting, says which variable supplies it, and the others run', async () => {
    const file = await writeConfig(
      '.vscode',
      `{ "inputs": [{ "type": "promptString", "id": "api-key", "description": "Notes API key", "password": true }],
         "servers": { "needs-key": { "type": "stdio", "command": "node", "args": ["${probe}"], "env": { "KEY": "\${input:api-key}" } },
                      "free": { "command": "node", "args": ["${probe}"] } } }`,
    );
    const gw = await start(file);
    const client = new Client({ name: 't', version: '1' }, { capabilities: {} });
    await assert.rejects(
      client.connect(
        new StreamableHTTPClientTransport(new URL(`${gw.origin}/mcp/needs-key`), {
          requestInit: { headers: { Authorization: `Bearer ${gw.token}` } },
        }),
      ),
      (error: Error & { data?: { problem?: { step: string; kind: string } } }) => {
        assert.match(
          error.message,
          /This server needs the value "api-key" \(Notes API key\), which VS Code would ask you for\. Set the environment variable MCP_INPUT_API_KEY before starting the dashboard/,
        );
        assert.deepEqual([error.data?.problem?.step, error.data?.problem?.kind], ['config', 'input-missing']);
        return true;
      },
    );
    assert.equal(await callEnv(gw, 'free', 'KEY'), '(unset)');
    assert.match(gw.stderr(), /mcp-dashboard: server "needs-key" \[config\]: This server needs the value "api-key"/);
    // With the variable set, the value reaches the server.
    const withKey = await start(file, { MCP_INPUT_API_KEY: 'k-123' });
    assert.equal(await callEnv(withKey, 'needs-key', 'KEY'), 'k-123');
  });
});
