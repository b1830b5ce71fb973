import type { Client } from '@modelcontextprotocol/client';
import { loadMcpClientSdk, type McpClientSdk } from './mcp-sdk.js';
import { MCPError } from './mcp-error.js';

/** The lists a server answers with, by the key of its result. */
export type ListKind = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

const METHOD: Record<ListKind, string> = {
  tools: 'tools/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
  prompts: 'prompts/list',
};
const ITEM_SCHEMA_NAME = {
  tools: 'Tool',
  resources: 'Resource',
  resourceTemplates: 'ResourceTemplate',
  prompts: 'Prompt',
} as const;
const NOUN: Record<ListKind, string> = {
  tools: 'tool',
  resources: 'resource',
  resourceTemplates: 'resource template',
  prompts: 'prompt',
};

/** A list with the items of the wrong shape left out, and one readable line per item left out. */
export interface CheckedList<T> {
  items: T[];
  problems: string[];
}

/** At most this many pages are followed, so a server that keeps answering with a cursor cannot loop us. */
const MAX_PAGES = 1000;
/** At most this many problems are described one by one. */
const MAX_DESCRIBED = 20;

/** True when the SDK refused a result because of its shape (rather than a JSON-RPC error or a lost connection). */
export function isWrongShape(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    e?.code === 'INVALID_RESULT' ||
    (typeof e?.code === 'number' && /^(MCP error -?\d+: )?Invalid [\w/]+ result/.test(message))
  );
}

/** A Standard Schema that accepts any object holding a `key` list; the items are checked one by one. */
function pageSchema(kind: ListKind) {
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'mcp-dashboard',
      validate: (value: unknown) => {
        const page = value as Record<string, unknown> | null;
        if (
          page &&
          typeof page === 'object' &&
          Array.isArray(page[kind]) &&
          (page.nextCursor === undefined || typeof page.nextCursor === 'string')
        )
          return { value: page };
        return { issues: [{ message: `the answer to ${METHOD[kind]} has no "${kind}" list` }] };
      },
    },
  };
}

/** Why one item does not fit the MCP schema, as "name: expected string, received number". */
function describe(issues: readonly { message: string; path?: readonly unknown[] }[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = (issue.path ?? [])
        .map((p) =>
          typeof p === 'object' && p !== null && 'key' in p ? String((p as { key: unknown }).key) : String(p),
        )
        .join('.');
      const message = issue.message.replace(/^Invalid input: /, '');
      return path ? `${path}: ${message}` : message;
    })
    .join('; ');
}

/** Checks each item against the MCP schema of its kind (the SDK's); keeps the good ones (MCP-WP-9.1.3). */
export async function checkItems<T>(
  kind: ListKind,
  raw: unknown[],
  offset = 0,
  sdk?: McpClientSdk,
): Promise<CheckedList<T>> {
  const schema = (sdk ?? (await loadMcpClientSdk())).specTypeSchemas[ITEM_SCHEMA_NAME[kind]];
  const items: T[] = [];
  const problems: string[] = [];
  raw.forEach((item, i) => {
    const result = schema['~standard'].validate(item) as {
      value?: unknown;
      issues?: readonly { message: string; path?: readonly unknown[] }[];
    };
    if (!result.issues) items.push(item as T);
    else problems.push(`${NOUN[kind]} #${offset + i + 1} — ${describe(result.issues)}`);
  });
  return { items, problems };
}

/**
 * Fetches every page of a list without the SDK's all-or-nothing result check, then checks each
 * item: one malformed tool must not hide the others. Used after the SDK refused the list.
 * Throws an MCPError (-32603) when the answer is not a list at all.
 */
export async function listLeniently<T>(client: Client, kind: ListKind, serverName: string): Promise<CheckedList<T>> {
  const raw: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const params = cursor === undefined ? {} : { cursor };
      const result = (await client.request(
        { method: METHOD[kind], params } as never,
        pageSchema(kind) as never,
      )) as Record<string, unknown>;
      raw.push(...(result[kind] as unknown[]));
      cursor = result.nextCursor as string | undefined;
      if (cursor === undefined || seen.has(cursor)) break;
      seen.add(cursor);
    }
  } catch (error) {
    if (!isWrongShape(error)) throw error;
    throw new MCPError(
      `The server answered ${METHOD[kind]} with something that is not a list of ${NOUN[kind]}s, so none can be shown. Ask whoever maintains the server to fix it.`,
      {
        jsonrpcCode: -32603,
        serverName,
        operation: METHOD[kind],
        cause: error,
      },
    );
  }
  return checkItems<T>(kind, raw);
}

/** One line for the user about the items left out of a list. */
export function summarizeProblems(kind: ListKind, total: number, problems: string[]): string {
  const left = problems.length;
  const head = `${left} of ${total} ${NOUN[kind]}${total === 1 ? '' : 's'} ${left === 1 ? 'was' : 'were'} left out because ${left === 1 ? 'it does' : 'they do'} not have the shape MCP requires`;
  const detail = problems.slice(0, MAX_DESCRIBED).join('; ');
  return `${head}: ${detail}${left > MAX_DESCRIBED ? `; and ${left - MAX_DESCRIBED} more` : ''}.`;
}
