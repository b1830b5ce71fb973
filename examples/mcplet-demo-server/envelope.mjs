// MCPlet result envelopes (§9.1) and tool-result schema resources (§9.3, §9.4) for the demo server.

const CREATED = '2026-03-27T00:00:00.000Z';

/** The schemas of the `result` part of each tool's envelope (JSON Schema draft-07). */
export const RESULT_SCHEMAS = {
  search_notes: {
    type: 'object',
    required: ['query', 'notes', 'indexVersion'],
    properties: {
      query: { type: 'string' },
      notes: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'title'],
          properties: { id: { type: 'string' }, title: { type: 'string' } },
        },
      },
      indexVersion: { type: 'integer', minimum: 1 },
    },
  },
  draft_note: {
    type: 'object',
    required: ['draft', 'saved'],
    properties: {
      draft: {
        type: 'object',
        required: ['title', 'body', 'words'],
        properties: { title: { type: 'string' }, body: { type: 'string' }, words: { type: 'integer' } },
      },
      saved: { const: false },
    },
  },
  note_stats: {
    type: 'object',
    required: ['count', 'archived'],
    properties: { count: { type: 'integer', minimum: 0 }, archived: { type: 'integer', minimum: 0 } },
  },
};

/** The resource payload for `mcplet://tool-result-schema/<tool>` (§9.4). */
export function schemaResource(tool) {
  return {
    version: 1,
    schema: RESULT_SCHEMAS[tool],
    _meta: { createdAt: CREATED, deprecated: false, deprecatedAt: null, sunsetDate: null },
  };
}

function resultMeta(tool, meta) {
  return {
    timestamp: new Date().toISOString(),
    toolId: tool,
    mcpletType: meta.mcpletType,
    ...(meta.visibility ? { visibility: meta.visibility } : {}),
  };
}

/** A successful tool result carrying the §9.1 envelope as structured content (and as text). */
export function envelope(tool, meta, result) {
  const structured = { result, _meta: resultMeta(tool, meta) };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/** A failed tool result: `isError` plus the §9.1 error envelope with its code. */
export function errorEnvelope(tool, meta, code, message) {
  const structured = { error: { message, code }, _meta: resultMeta(tool, meta) };
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }], structuredContent: structured };
}
