import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, runGatewayToExit, startGatewayProcess } from '../support/gateway-process.mjs';

// Team layout files: `dashboard.layouts` in the config names files the gateway checks at
// start-up and serves at GET /api/layouts, the way Grafana provisions dashboards.
const team = join(repoRoot, 'test', 'fixtures', 'layouts', 'team.json');

describe('team layout files from the dashboard config (GET /api/layouts)', () => {
  let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'layouts-test-'));
    gateway = await startGatewayProcess({ config: { mcpServers: {}, dashboard: { layouts: [team] } } });
  });
  after(async () => {
    await gateway?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (token?: string) =>
    fetch(`${gateway.origin}/api/layouts`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

  test('serves the team dashboards, each with the file it came from; the route needs the token', async () => {
    const response = await get(gateway.token);
    assert.equal(response.status, 200);
    const { dashboards } = (await response.json()) as {
      dashboards: Array<{ id: string; name: string; file: string; tiles: unknown[] }>;
    };
    assert.deepEqual(
      dashboards.map((d) => [d.id, d.name, d.file]),
      [
        ['ops', 'Ops', 'team.json'],
        ['support', 'Support', 'team.json'],
      ],
    );
    assert.equal(dashboards[0]!.tiles.length, 4);
    assert.equal((await get()).status, 401);
  });

  async function startupError(layouts: unknown): Promise<string> {
    const file = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify({ mcpServers: {}, dashboard: { layouts } }));
    const run = await runGatewayToExit(['--config', file, '--port', '0', '--no-open']);
    assert.equal(run.code, 1, `expected a start-up error, got ${run.code}: ${run.stdout}${run.stderr}`);
    assert.doesNotMatch(run.stderr, /\n\s+at .*\(.*:\d+:\d+\)/, 'no stack trace');
    return run.stderr;
  }

  test('a layout file with a mistake stops start-up with the file and the JSON path', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify({
        version: 1,
        dashboards: [
          { id: 'ops', name: 'Ops', tiles: [{ id: 't', kind: 'widget', server: 'a', x: 0, y: 0, w: 2, h: 2 }] },
        ],
      }),
    );
    const stderr = await startupError([bad]);
    assert.match(stderr, /bad\.json/);
    assert.match(stderr, /at \/dashboards\/0\/tiles\/0: missing required key "widget"/);
  });

  test('a missing file, broken JSON and a dashboard id used twice across files are refused, each saying so', async () => {
    assert.match(
      await startupError([join(dir, 'nope.json')]),
      /at \/dashboard\/layouts\/0: cannot read the layout file .*nope\.json: the file does not exist/,
    );
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{ "version": 1, ');
    assert.match(await startupError([broken]), /broken\.json.*not valid JSON/s);
    assert.match(await startupError([team, team]), /"ops" is already the id of a dashboard in .*team\.json/);
    assert.match(await startupError('team.json'), /at \/dashboard\/layouts: must be (an array|a array)/);
  });
});
