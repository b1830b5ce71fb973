#!/usr/bin/env node
// A synthetic MCP server for benchmarks and scale tests: N tools, resources and prompts from the
// deterministic generators in bench/synthetic-tools.mjs, answered over stdio with the official SDK.
//
//   node bench/synthetic-server.mjs --tools 50 --resources 10 --prompts 5 [--page-size 0] [--name synthetic]
//
// Every server also has `read-value`, a trivial read tool (MCPlet `read`, readOnlyHint) that answers
// at once; it is what the tool-call benchmark calls. `--tools 50` lists exactly 50 tools: 49
// generated ones and `read-value` last. Other tools answer with their name and arguments.
// `--page-size n` (n > 0) paginates every list in pages of n, as large real servers do.
import { parseArgs } from 'node:util';
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { syntheticPrompts, syntheticResources, syntheticTools } from './synthetic-tools.mjs';

/** Parses the flags; exported shape is documented in bench/README.md. */
function options(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      tools: { type: 'string', default: '50' },
      resources: { type: 'string', default: '10' },
      prompts: { type: 'string', default: '5' },
      'page-size': { type: 'string', default: '0' },
      name: { type: 'string', default: 'synthetic' },
    },
    strict: true,
  });
  const count = (flag) => {
    const n = Number(values[flag]);
    if (!Number.isInteger(n) || n < 0) {
      process.stderr.write(`synthetic-server: --${flag} must be a whole number \u2265 0, not "${values[flag]}"\n`);
      process.exit(2);
    }
    return n;
  };
  return {
    tools: count('tools'),
    resources: count('resources'),
    prompts: count('prompts'),
    pageSize: count('page-size'),
    name: values.name,
  };
}

const opts = options(process.argv.slice(2));

/** The trivial read tool every synthetic server has (what the tool-call benchmark calls). */
const READ_TOOL = {
  name: 'read-value',
  title: 'Read value',
  description: 'Returns a short constant text at once. Read-only; used to measure call overhead.',
  inputSchema: { type: 'object', properties: { key: { type: 'string', description: 'Any key; echoed back' } } },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  _meta: { mcpletType: 'read' },
};

const tools = opts.tools > 0 ? [...syntheticTools(opts.tools - 1), READ_TOOL] : [];
const resources = syntheticResources(opts.resources);
const prompts = syntheticPrompts(opts.prompts);

/** One page of `items` starting at the opaque cursor (an index as a string). */
function page(items, cursor) {
  if (opts.pageSize === 0) return { items, nextCursor: undefined };
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0 || start > items.length) {
    const error = new Error(`Invalid cursor "${cursor}"`);
    error.code = -32602;
    throw error;
  }
  const end = start + opts.pageSize;
  return { items: items.slice(start, end), nextCursor: end < items.length ? String(end) : undefined };
}

const capabilities = {};
if (opts.tools > 0) capabilities.tools = {};
if (opts.resources > 0) capabilities.resources = {};
if (opts.prompts > 0) capabilities.prompts = {};
const server = new Server({ name: opts.name, version: '1.0.0' }, { capabilities });

if (opts.tools > 0) {
  server.setRequestHandler('tools/list', async (request) => {
    const { items, nextCursor } = page(tools, request.params?.cursor);
    return nextCursor ? { tools: items, nextCursor } : { tools: items };
  });
  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params;
    if (name === READ_TOOL.name)
      return { content: [{ type: 'text', text: `value${args?.key ? ` of ${String(args.key)}` : ''}` }] };
    if (!tools.some((t) => t.name === name)) {
      const error = new Error(`Unknown tool "${name}"`);
      error.code = -32602;
      throw error;
    }
    return { content: [{ type: 'text', text: `${name} ${JSON.stringify(args ?? {})}` }] };
  });
}
if (opts.resources > 0) {
  server.setRequestHandler('resources/list', async (request) => {
    const { items, nextCursor } = page(resources, request.params?.cursor);
    return nextCursor ? { resources: items, nextCursor } : { resources: items };
  });
  server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: [] }));
  server.setRequestHandler('resources/read', async (request) => {
    const { uri } = request.params;
    if (!resources.some((r) => r.uri === uri)) {
      const error = new Error(`Unknown resource "${uri}"`);
      error.code = -32002;
      throw error;
    }
    return { contents: [{ uri, mimeType: 'text/plain', text: `Contents of ${uri}` }] };
  });
}
if (opts.prompts > 0) {
  server.setRequestHandler('prompts/list', async (request) => {
    const { items, nextCursor } = page(prompts, request.params?.cursor);
    return nextCursor ? { prompts: items, nextCursor } : { prompts: items };
  });
  server.setRequestHandler('prompts/get', async (request) => ({
    messages: [
      {
        role: 'user',
        content: { type: 'text', text: `Tell me about ${request.params.arguments?.topic ?? 'something'}.` },
      },
    ],
  }));
}

await server.connect(new StdioServerTransport());
