import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { checkItems, isWrongShape, listLeniently, summarizeProblems } from '../../src/core/bridge/list-items.js';
import { MCPError } from '../../src/core/bridge/mcp-error.js';

// The lenient list path of the bridge (MCP-WP-9.1.3) against a real SDK server and client linked in
// memory: pages, item numbering across pages, cursors that repeat, answers that are not lists.
async function connect(
  pages: Record<string, { tools?: unknown; nextCursor?: string }>,
): Promise<{ client: Client; requests: Array<string | undefined> }> {
  const server = new Server({ name: 'pages', version: '1.0.0' }, { capabilities: { tools: {} } });
  const requests: Array<string | undefined> = [];
  server.setRequestHandler('tools/list', async (request) => {
    const cursor = (request.params as { cursor?: string } | undefined)?.cursor;
    requests.push(cursor);
    return pages[cursor ?? 'first'] as never;
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, requests };
}

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

describe('lenient lists (MCP-WP-9.1.3)', () => {
  test('MCP-WP-9.1.3 the SDK refuses a page with one bad item; the lenient path keeps the others across pages and numbers items across pages', async () => {
    const { client, requests } = await connect({
      first: { tools: [tool('a'), { title: 'no name' }], nextCursor: 'p2' },
      p2: { tools: [tool('b'), 42] },
    });
    let refused: unknown;
    await client.listTools().catch((error: unknown) => (refused = error));
    assert.equal(isWrongShape(refused), true);
    const checked = await listLeniently<{ name: string }>(client, 'tools', 'pages');
    assert.deepEqual(
      checked.items.map((t) => t.name),
      ['a', 'b'],
    );
    assert.deepEqual(requests.slice(-2), [undefined, 'p2']);
    assert.equal(checked.problems.length, 2);
    assert.match(
      checked.problems[0]!,
      /^tool #2 — name: expected string, received undefined; inputSchema: expected object/,
    );
    assert.match(checked.problems[1]!, /^tool #4 — expected object, received number$/);
    await client.close();
  });

  test('a cursor the server repeats ends the listing instead of looping', async () => {
    const { client, requests } = await connect({
      first: { tools: [tool('a')], nextCursor: 'again' },
      again: { tools: [tool('b'), 'bad'], nextCursor: 'again' },
    });
    const checked = await listLeniently<{ name: string }>(client, 'tools', 'pages');
    // The page behind "again" is read once; its own "again" is not followed.
    assert.deepEqual(
      checked.items.map((t) => t.name),
      ['a', 'b'],
    );
    assert.deepEqual(requests, [undefined, 'again']);
    assert.equal(checked.problems.length, 1);
    await client.close();
  });

  test('an answer that is not a list is an MCPError (-32603) that says so', async () => {
    const { client } = await connect({ first: { tools: 'not a list' } });
    await assert.rejects(listLeniently(client, 'tools', 'pages'), (error: unknown) => {
      assert.ok(error instanceof MCPError);
      assert.equal(error.jsonrpcCode, -32603);
      assert.match(error.message, /answered tools\/list with something that is not a list of tools/);
      return true;
    });
    await client.close();
  });

  test('the summary counts what was left out and lists at most 20 reasons', async () => {
    const { items, problems } = await checkItems('prompts', [
      { name: 'ok' },
      ...Array.from({ length: 25 }, () => ({ description: 'no name' })),
    ]);
    assert.equal(items.length, 1);
    const line = summarizeProblems('prompts', 26, problems);
    assert.match(
      line,
      /^25 of 26 prompts were left out because they do not have the shape MCP requires: prompt #2 — name/,
    );
    assert.match(line, /prompt #21 — name: expected string, received undefined; and 5 more\.$/);
    assert.equal(
      summarizeProblems('tools', 1, ['tool #1 — x']),
      '1 of 1 tool was left out because it does not have the shape MCP requires: tool #1 — x.',
    );
  });
});
