// Changes without a restart: the gateway watches its config file (and takes SIGHUP). Added servers start,
// removed ones stop (their sessions end, saying so), changed ones restart, unchanged sessions are untouched,
// an edit that does not validate keeps the running config and says why. Real gateway process, real servers.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { gatewayRequest, startGatewayProcess } from '../support/gateway-process.mjs';
import { EVERYTHING, rpcAnswer, startTeam } from '../support/team-fixture.js';

type Gw = Awaited<ReturnType<typeof startGatewayProcess>>;
let gw: Gw;
before(async () => {
  gw = await startGatewayProcess({ config: { mcpServers: { first: EVERYTHING } } });
});
after(async () => gw?.stop());

const until = async (what: string, check: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`timed out waiting until ${what}; gateway stderr:\n${gw.stderr().slice(-2000)}`);
};
const names = async () =>
  (
    JSON.parse((await gatewayRequest(gw.port, 'GET', '/api/servers', { token: gw.token })).body) as {
      servers: { name: string }[];
    }
  ).servers.map((s) => s.name);

async function rpc(server: string, session: string | undefined, body: unknown) {
  const response = await fetch(`${gw.origin}/mcp/${server}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${gw.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } : {}),
    },
    body: JSON.stringify(body),
  });
  return { response, answer: await rpcAnswer(response) };
}
const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

test(
  'servers added, changed and removed in the file apply without a restart; a session of an unchanged server survives',
  { timeout: 180_000 },
  async () => {
    const opened = await rpc('first', undefined, initialize);
    const session = opened.response.headers.get('mcp-session-id')!;
    assert.ok(session, JSON.stringify(opened.answer));
    await rpc('first', session, { jsonrpc: '2.0', method: 'notifications/initialized' });
    const config = JSON.parse(await readFile(gw.configFile, 'utf8'));

    config.mcpServers.second = { ...EVERYTHING, cwd: config.mcpServers.first.cwd };
    await writeFile(gw.configFile, JSON.stringify(config, null, 2));
    await until('"second" is listed', async () => (await names()).includes('second'));
    assert.match(gw.stderr(), /config reloaded: started second/);
    const still = await rpc('first', session, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.ok(still.answer.result.tools.length > 0, 'the unchanged server\u2019s session goes on');

    const other = await rpc('second', undefined, initialize);
    const secondSession = other.response.headers.get('mcp-session-id')!;
    assert.ok(secondSession);
    delete config.mcpServers.second;
    await writeFile(gw.configFile, JSON.stringify(config, null, 2));
    await until('"second" is gone', async () => !(await names()).includes('second'));
    const gone = await rpc('second', secondSession, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    assert.equal(gone.response.status, 404, 'a removed server answers no more');

    // An edit that does not validate changes nothing, and says why.
    await writeFile(gw.configFile, '{ "mcpServers": { "first": { "command": 42 } } }');
    await until('the refusal is printed', async () => /edited config was not applied/.test(gw.stderr()));
    assert.deepEqual(await names(), ['first']);
    const after = await rpc('first', session, { jsonrpc: '2.0', id: 3, method: 'tools/list' });
    assert.ok(after.answer.result.tools.length > 0);

    // SIGHUP reads the file again (now fixed, with a changed server: it restarts).
    config.mcpServers.first = { ...config.mcpServers.first, env: { MARK: '1' } };
    await writeFile(gw.configFile, JSON.stringify(config, null, 2));
    gw.child.kill('SIGHUP');
    await until('"first" restarted', async () => /restarted first/.test(gw.stderr()));
    const ended = await rpc('first', session, { jsonrpc: '2.0', id: 4, method: 'tools/list' });
    assert.equal(ended.response.status, 404, 'the changed server\u2019s old session is gone');
  },
);

test(
  'team mode: a new roles table applies to the next message, without signing in again',
  { timeout: 180_000 },
  async () => {
    const team = await startTeam();
    try {
      const bob = await team.signIn('bob');
      const session = await bob.open('everything');
      const echo = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { message: 'now' } },
      };
      const before = await bob.rpc('everything', session, echo);
      assert.equal(before.answer.error?.code, -32051);
      const config = JSON.parse(await readFile(team.gateway.configFile, 'utf8'));
      config.team.roles[1].servers.everything.tools.push('echo');
      await writeFile(team.gateway.configFile, JSON.stringify(config, null, 2));
      const end = Date.now() + 30_000;
      let answer;
      while (Date.now() < end) {
        answer = (await bob.rpc('everything', session, echo)).answer;
        if (answer.result) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.match(JSON.stringify(answer?.result), /now/, JSON.stringify(answer));
      // A roles table naming an unknown server is refused; the running one stays and admins are told why.
      config.team.roles[1].servers = { everythin: { tools: '*' } };
      await writeFile(team.gateway.configFile, JSON.stringify(config, null, 2));
      const ada = await team.signIn('ada');
      let status: { configProblem: string | null } = { configProblem: null };
      for (let i = 0; i < 150 && !status.configProblem; i += 1) {
        status = (await (await ada.api('GET', '/api/team/status')).json()) as typeof status;
        if (!status.configProblem) await new Promise((r) => setTimeout(r, 200));
      }
      assert.match(status.configProblem ?? '', /"everythin".*did you mean "everything"/);
      const still = await bob.rpc('everything', session, { ...echo, id: 9 });
      assert.match(JSON.stringify(still.answer.result), /now/, 'the running roles stay');
    } finally {
      await team.stop();
    }
  },
);
