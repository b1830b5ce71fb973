#!/usr/bin/env node
// A synthetic MCP server over stdio for benchmarks: `node bench/synthetic-server.mjs --tools 5000
// --resources 50 --prompts 10`. Every tool answers with its name and arguments.
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { syntheticPrompts, syntheticResources, syntheticTools } from './synthetic-tools.mjs';

function flag(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

const tools = syntheticTools(flag('tools', 50));
const resources = syntheticResources(flag('resources', 10));
const prompts = syntheticPrompts(flag('prompts', 5));
const server = new Server({ name: 'synthetic', version: '1.0.0' }, { capabilities: { tools: {}, resources: {}, prompts: {} } });
server.setRequestHandler('tools/list', async () => ({ tools }));
server.setRequestHandler('tools/call', async (request) => ({ content: [{ type: 'text', text: `${request.params.name} ${JSON.stringify(request.params.arguments ?? {})}` }] }));
server.setRequestHandler('resources/list', async () => ({ resources }));
server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: [] }));
server.setRequestHandler('resources/read', async (request) => ({ contents: [{ uri: request.params.uri, mimeType: 'text/plain', text: `contents of ${request.params.uri}` }] }));
server.setRequestHandler('prompts/list', async () => ({ prompts }));
server.setRequestHandler('prompts/get', async (request) => ({ messages: [{ role: 'user', content: { type: 'text', text: `prompt ${request.params.name}` } }] }));
await server.connect(new StdioServerTransport());
