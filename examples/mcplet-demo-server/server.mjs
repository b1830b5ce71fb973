#!/usr/bin/env node
// An MCPlet demo server (MCPlet v202603-03, WebUI profile) over stdio: read, prepare and action tools,
// a pool, app-only and model-only tools, a host-only and a strict passkey action whose handler verifies
// the assertion with the dashboard gateway's FIDO2 server, tools the host must exclude, and
// mcplet://tool-result-schema/… resources. Plain ESM: runs right after `npm install`.
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { envelope, errorEnvelope, RESULT_SCHEMAS, schemaResource } from './envelope.mjs';
import { verifyAssertion } from './verify.mjs';

const POOL = 'notes-pool';
const text = (properties, required = []) => ({ type: 'object', properties, required, additionalProperties: false });

/** The notes this demo manages (backend data, not MCPlet session state). */
const notes = new Map([
  ['n1', { id: 'n1', title: 'Quarterly plan', body: 'Ship the policy engine.', archived: false }],
  ['n2', { id: 'n2', title: 'Groceries', body: 'Eggs, rice, tea.', archived: false }],
  ['n3', { id: 'n3', title: 'Passkeys', body: 'WebAuthn refuses IP addresses as RP IDs.', archived: false }],
]);
let indexVersion = 1;
let experimental = false;

const TOOLS = [
  {
    name: 'search_notes',
    title: 'Search notes',
    description: 'Finds notes whose title or body contains the query.',
    inputSchema: text({ query: { type: 'string', description: 'Text to look for (empty: all notes)' } }),
    annotations: { readOnlyHint: true },
    _meta: {
      mcpletType: 'read',
      visibility: ['model', 'app'],
      pool: POOL,
      mcpletToolResultSchemaUri: 'mcplet://tool-result-schema/search_notes',
      ui: { displayMode: 'inline' },
    },
  },
  {
    name: 'draft_note',
    title: 'Draft a note',
    description: 'Checks a new note and shows how it would be saved. Saves nothing.',
    inputSchema: text({ title: { type: 'string', minLength: 1 }, body: { type: 'string' } }, ['title']),
    _meta: {
      mcpletType: 'prepare',
      visibility: ['model', 'app'],
      pool: POOL,
      mcpletToolResultSchemaUri: 'mcplet://tool-result-schema/draft_note',
    },
  },
  {
    name: 'archive_note',
    title: 'Archive a note',
    description: 'Moves a note to the archive.',
    inputSchema: text({ id: { type: 'string', description: 'Note id, e.g. n1' } }, ['id']),
    annotations: { destructiveHint: false },
    _meta: { mcpletType: 'action', visibility: ['app'] },
  },
  {
    name: 'delete_note',
    title: 'Delete a note',
    description: 'Deletes a note for good. Requires your passkey; the server verifies it before deleting.',
    inputSchema: text({ id: { type: 'string', description: 'Note id, e.g. n2' } }, ['id']),
    annotations: { destructiveHint: true },
    _meta: {
      mcpletType: 'action',
      visibility: ['model', 'app'],
      auth: {
        required: 'passkey',
        enforcement: 'strict',
        promptMessage: 'Confirm deleting this note with your passkey',
      },
    },
  },
  {
    name: 'publish_note',
    title: 'Publish a note',
    description:
      'Marks a note as published. Needs your explicit confirmation (host-only enforcement, no passkey assertion).',
    inputSchema: text({ id: { type: 'string' } }, ['id']),
    _meta: {
      mcpletType: 'action',
      visibility: ['app'],
      auth: { required: 'passkey', enforcement: 'host-only', promptMessage: 'Publish this note?' },
    },
  },
  {
    name: 'refresh_index',
    title: 'Refresh search index',
    description: 'App plumbing: rebuilds the search index. App-only, hidden from models and agents.',
    inputSchema: text({}),
    _meta: { mcpletType: 'read', visibility: ['app'] },
  },
  {
    name: 'summarize_notes',
    title: 'Summarize notes (model only)',
    description: 'A summary for a model. Model-only: apps may not call it.',
    inputSchema: text({}),
    _meta: { mcpletType: 'read', visibility: ['model'] },
  },
  {
    name: 'note_stats',
    title: 'Note statistics',
    description: 'Counts notes. Its result deliberately breaks its declared result schema, to show result validation.',
    inputSchema: text({}),
    _meta: {
      mcpletType: 'read',
      visibility: ['model', 'app'],
      mcpletToolResultSchemaUri: 'mcplet://tool-result-schema/note_stats',
    },
  },
  {
    name: 'toggle_experimental',
    title: 'Toggle experimental tool',
    description: 'Adds or removes the tool "experimental_probe" at run time (tools/list_changed, MCPlet §5.3.2).',
    inputSchema: text({}),
    _meta: { mcpletType: 'action', visibility: ['app'] },
  },
  {
    name: 'legacy_echo',
    title: 'Legacy echo',
    description: 'A standard MCP tool without mcpletType: always confirmed; excluded when policy.strictMcplet is on.',
    inputSchema: text({ message: { type: 'string' } }, ['message']),
  },
  {
    name: 'bulk_delete',
    title: 'Bulk delete (excluded)',
    description: 'An action visible to the model without _meta.auth: the host must exclude it (MCPlet §5.3.1).',
    inputSchema: text({}),
    _meta: { mcpletType: 'action', visibility: ['model', 'app'] },
  },
  {
    name: 'rename_note',
    title: 'Rename (invalid type)',
    description: 'Declares mcpletType "write", which MCPlet does not define: excluded.',
    inputSchema: text({ id: { type: 'string' }, title: { type: 'string' } }, ['id', 'title']),
    _meta: { mcpletType: 'write', visibility: ['app'] },
  },
];

const EXPERIMENTAL_TOOL = {
  name: 'experimental_probe',
  title: 'Experimental probe',
  description: 'Appears after toggle_experimental; gathers nothing of note.',
  inputSchema: text({}),
  // Visible to models too, so an agent surface (WebMCP) shows tools/list_changed adding a tool it may call.
  _meta: { mcpletType: 'prepare', visibility: ['model', 'app'] },
};

const metaOf = (name) => [...TOOLS, EXPERIMENTAL_TOOL].find((t) => t.name === name)?._meta ?? {};
const ok = (name, result) => envelope(name, metaOf(name), result);
const fail = (name, code, message) => errorEnvelope(name, metaOf(name), code, message);

function findNote(id) {
  return typeof id === 'string' ? notes.get(id) : undefined;
}

const handlers = {
  search_notes: ({ query = '' }) => {
    const q = String(query).toLowerCase();
    const found = [...notes.values()].filter(
      (n) => !n.archived && (n.title.toLowerCase().includes(q) || n.body.toLowerCase().includes(q)),
    );
    return ok('search_notes', {
      query: String(query),
      notes: found.map(({ id, title }) => ({ id, title })),
      indexVersion,
    });
  },
  draft_note: ({ title, body = '' }) =>
    ok('draft_note', { draft: { title, body, words: String(body).split(/\s+/).filter(Boolean).length }, saved: false }),
  archive_note: ({ id }) => {
    const note = findNote(id);
    if (!note) return fail('archive_note', 'NOT_FOUND', `There is no note "${id}".`);
    note.archived = true;
    return ok('archive_note', { archived: id });
  },
  delete_note: async ({ id }, meta) => {
    const verdict = await verifyAssertion({ mcpletAuth: meta?.mcplet_auth, toolName: 'delete_note', args: { id } });
    if (!verdict.verified) return fail('delete_note', verdict.code, verdict.reason);
    const note = findNote(id);
    if (!note) return fail('delete_note', 'NOT_FOUND', `There is no note "${id}".`);
    notes.delete(id);
    return ok('delete_note', { deleted: id, verifiedBy: 'passkey' });
  },
  publish_note: ({ id }) =>
    findNote(id)
      ? ok('publish_note', { published: id })
      : fail('publish_note', 'NOT_FOUND', `There is no note "${id}".`),
  refresh_index: () => {
    indexVersion += 1;
    return ok('refresh_index', { indexVersion });
  },
  summarize_notes: () =>
    ok('summarize_notes', { summary: `${notes.size} notes: ${[...notes.values()].map((n) => n.title).join(', ')}` }),
  // Deliberately wrong: the schema says "count" is an integer.
  note_stats: () =>
    ok('note_stats', { count: String(notes.size), archived: [...notes.values()].filter((n) => n.archived).length }),
  toggle_experimental: async () => {
    experimental = !experimental;
    await server.sendToolListChanged();
    return ok('toggle_experimental', { experimental });
  },
  experimental_probe: () => ok('experimental_probe', { probed: true }),
  legacy_echo: ({ message }) => ({ content: [{ type: 'text', text: `Echo: ${message}` }] }),
  // Never reached through a conforming host (excluded), but answer sanely if a non-MCPlet client calls.
  bulk_delete: () => fail('bulk_delete', 'X_NOT_ALLOWED', 'This demo never bulk-deletes.'),
  rename_note: () => fail('rename_note', 'X_NOT_ALLOWED', 'This demo does not rename notes.'),
};

const server = new Server(
  { name: 'mcplet-demo', version: '1.0.0' },
  { capabilities: { tools: { listChanged: true }, resources: {} } },
);

server.setRequestHandler('tools/list', async () => ({ tools: experimental ? [...TOOLS, EXPERIMENTAL_TOOL] : TOOLS }));
server.setRequestHandler('tools/call', async (request, ctx) => {
  const { name, arguments: args = {} } = request.params;
  const handler = handlers[name];
  if (!handler || (name === 'experimental_probe' && !experimental)) {
    const error = new Error(`Unknown tool: ${name}`);
    error.code = -32602;
    throw error;
  }
  // The assertion rides in params._meta.mcplet_auth (MCPlet §7.3.1), never in the arguments. It is
  // passed to the verifier and dropped; it is never logged.
  const meta = { ...(ctx?.mcpReq?._meta ?? {}), ...(request.params._meta ?? {}) };
  return handler(args, meta);
});
server.setRequestHandler('resources/list', async () => ({
  resources: Object.keys(RESULT_SCHEMAS).map((tool) => ({
    uri: `mcplet://tool-result-schema/${tool}`,
    name: `Result schema of ${tool}`,
    mimeType: 'application/json',
  })),
}));
server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: [] }));
server.setRequestHandler('resources/read', async (request) => {
  const uri = request.params.uri;
  const match = /^mcplet:\/\/tool-result-schema\/([a-z_]+)$/.exec(uri);
  if (!match || !RESULT_SCHEMAS[match[1]]) {
    const error = new Error(`Resource not found: ${uri}`);
    error.code = -32002;
    throw error;
  }
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(schemaResource(match[1]), null, 2) }] };
});

await server.connect(new StdioServerTransport());
