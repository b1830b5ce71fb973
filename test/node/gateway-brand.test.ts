import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, runGatewayToExit, startGatewayProcess } from '../support/gateway-process.mjs';
import { brandSchema } from '../../src/core/shared/brand/brand-schema.js';

const brandsDir = join(repoRoot, 'examples', 'brands');

describe('white-label brand from the dashboard config (GET /api/brand)', () => {
  let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'brand-test-'));
    gateway = await startGatewayProcess({
      config: { mcpServers: {}, dashboard: { brand: join(brandsDir, 'acme-ops', 'brand.json') } },
    });
  });
  after(async () => {
    await gateway?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (g: typeof gateway, token?: string) =>
    fetch(`${g.origin}/api/brand`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

  test('serves the brand with logo and favicon embedded as checked data URLs', async () => {
    const response = await get(gateway, gateway.token);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const { brand } = (await response.json()) as { brand: Record<string, string> };
    assert.equal(brand.name, 'Acme Ops Console');
    assert.match(brand.logo!, /^data:image\/svg\+xml;base64,/);
    assert.match(brand.favicon!, /^data:image\/png;base64,/);
    const logo = Buffer.from(brand.logo!.split(',')[1]!, 'base64').toString();
    assert.equal(logo, await readFile(join(brandsDir, 'acme-ops', 'logo.svg'), 'utf8'));
    assert.equal(brand.$schema, undefined);
  });

  test('the brand route needs the token like every API route', async () => {
    assert.equal((await get(gateway)).status, 401);
    assert.equal((await get(gateway, 'wrong')).status, 401);
  });

  test('a config without a brand answers null', async () => {
    const plain = await startGatewayProcess({ config: { mcpServers: {} } });
    try {
      assert.deepEqual(await (await get(plain, plain.token)).json(), { brand: null });
    } finally {
      await plain.stop();
    }
  });

  test('an inline brand object with a data: URL logo is checked and served', async () => {
    const svg = await readFile(join(brandsDir, 'harbor-labs', 'logo.svg'));
    const logo = `data:image/svg+xml;base64,${svg.toString('base64')}`;
    const inline = await startGatewayProcess({
      config: { mcpServers: {}, dashboard: { brand: { name: 'Inline Co', logo, colors: { primary: '#1f3a93' } } } },
    });
    try {
      const { brand } = (await (await get(inline, inline.token)).json()) as { brand: Record<string, unknown> };
      assert.equal(brand.name, 'Inline Co');
      assert.equal(brand.logo, logo);
    } finally {
      await inline.stop();
    }
  });

  async function startupError(config: unknown, files: Record<string, string | Buffer> = {}): Promise<string> {
    const sub = await mkdtemp(join(dir, 'case-'));
    for (const [name, content] of Object.entries(files)) await writeFile(join(sub, name), content);
    const file = join(sub, 'config.json');
    await writeFile(file, JSON.stringify(config));
    const run = await runGatewayToExit(['--config', file, '--port', '0', '--no-open']);
    assert.equal(run.code, 1, `expected a start-up error, got ${run.code}: ${run.stdout}${run.stderr}`);
    assert.doesNotMatch(run.stderr, /\n\s+at .*\(.*:\d+:\d+\)/, 'no stack trace');
    return run.stderr;
  }

  test('a brand with a bad colour stops start-up naming the brand file and the JSON path', async () => {
    const stderr = await startupError(
      { mcpServers: {}, dashboard: { brand: 'brand.json' } },
      { 'brand.json': JSON.stringify({ name: 'X', colors: { primary: 'orange' } }) },
    );
    assert.match(stderr, /Config error in .*brand\.json/);
    assert.match(stderr, /at \/colors\/primary: must be a colour like "#0b5cad"/);
  });

  test('an inline brand problem names the config file and /dashboard/brand', async () => {
    const stderr = await startupError({
      mcpServers: {},
      dashboard: { brand: { name: 'X', fonts: { body: 'x; } body {' } } },
    });
    assert.match(stderr, /Config error in .*config\.json/);
    assert.match(stderr, /at \/dashboard\/brand\/fonts\/body: must be a font-family list/);
  });

  test('a brand with malformed size tokens stops start-up naming each token and the format it needs', async () => {
    const stderr = await startupError(
      { mcpServers: {}, dashboard: { brand: 'brand.json' } },
      {
        'brand.json': JSON.stringify({
          name: 'X',
          tokens: {
            '--mcp-font-size-md': '14',
            '--mcp-spacing-lg': 'calc(1rem + 1px)',
            '--mcp-line-height': '1.5em',
            '--mcp-font-weight-bold': 'bold',
            '--mcp-primary-color': '#ff0000',
          },
        }),
      },
    );
    assert.match(stderr, /Config error in .*brand\.json/);
    assert.match(
      stderr,
      /at \/tokens\/--mcp-font-size-md: must be a size like "0\.875rem" \(a number with rem, em or px\)/,
    );
    assert.match(stderr, /at \/tokens\/--mcp-spacing-lg: must be a size like "0\.875rem"/);
    assert.match(stderr, /at \/tokens\/--mcp-line-height: must be a line height from 1 to 2\.5 without a unit/);
    assert.match(stderr, /at \/tokens\/--mcp-font-weight-bold: must be a font weight from 100 to 900/);
    // Colours are not sizes: a brand sets them under "colors", where contrast is enforced.
    assert.match(stderr, /at \/tokens: unknown size token "--mcp-primary-color"/);
  });

  test('a brand with a valid type scale starts and serves its tokens', async () => {
    const tokens = { '--mcp-font-size-md': '1rem', '--mcp-control-height': '2.5rem', '--mcp-line-height': '1.6' };
    const inline = await startGatewayProcess({
      config: { mcpServers: {}, dashboard: { brand: { name: 'Big', tokens } } },
    });
    try {
      const { brand } = (await (await get(inline, inline.token)).json()) as { brand: { tokens: unknown } };
      assert.deepEqual(brand.tokens, tokens);
    } finally {
      await inline.stop();
    }
  });

  test('a logo that is really HTML is refused by its bytes', async () => {
    const stderr = await startupError(
      { mcpServers: {}, dashboard: { brand: 'brand.json' } },
      {
        'brand.json': JSON.stringify({ name: 'X', logo: 'logo.png' }),
        'logo.png': '<html><script>alert(1)</script></html>',
      },
    );
    assert.match(stderr, /at \/logo: The logo .*logo\.png is not an SVG, PNG, JPEG, GIF, WebP or ICO image/);
  });

  test('a missing brand file, a missing logo and invalid JSON are each named', async () => {
    assert.match(
      await startupError({ mcpServers: {}, dashboard: { brand: 'nope.json' } }),
      /cannot read the brand file .*nope\.json: the file does not exist/,
    );
    assert.match(
      await startupError(
        { mcpServers: {}, dashboard: { brand: 'b.json' } },
        { 'b.json': JSON.stringify({ name: 'X', favicon: 'gone.ico' }) },
      ),
      /at \/favicon: cannot read .*gone\.ico: the file does not exist/,
    );
    assert.match(
      await startupError({ mcpServers: {}, dashboard: { brand: 'b.json' } }, { 'b.json': '{"name": "X",' }),
      /b\.json:\n\s+- not valid JSON/,
    );
    assert.match(
      await startupError({ mcpServers: {}, dashboard: { brand: 42 } }),
      /at \/dashboard\/brand: must be a string or an object/,
    );
  });

  test('docs/brand.schema.json is the schema the code validates with', async () => {
    const doc = JSON.parse(await readFile(join(repoRoot, 'docs', 'brand.schema.json'), 'utf8'));
    assert.deepEqual(doc, JSON.parse(JSON.stringify(brandSchema)));
  });
});
