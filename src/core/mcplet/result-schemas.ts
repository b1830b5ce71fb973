import type { SchemaValidator } from '../invocation/validation.js';
import type { JSONSchema, McpletResultCheck, MCPTool, ResourceContents, ToolResult } from '../shared/types.js';
import { parseEnvelope, payloadForValidation } from './envelope.js';

/** A schema resource as the host holds it. */
export type SchemaEntry =
  | { state: 'loaded'; schema: JSONSchema; version?: number; deprecated?: boolean }
  | { state: 'unavailable'; reason: string };

/** The result check attached to `mcp:tool:result` events (MCPlet §9.2). */
export type ResultCheck = McpletResultCheck;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads the schema out of a `resources/read` answer: the §9.4 payload `{version, schema, _meta}`, or a bare schema. */
export function schemaFromResource(contents: ResourceContents): SchemaEntry {
  const first = contents?.contents?.find((c) => typeof c?.text === 'string');
  if (!first?.text) return { state: 'unavailable', reason: 'the resource has no text content' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(first.text);
  } catch {
    return { state: 'unavailable', reason: 'the resource is not JSON' };
  }
  if (!isObject(parsed)) return { state: 'unavailable', reason: 'the resource is not a JSON object' };
  if (isObject(parsed.schema)) {
    const meta = isObject(parsed._meta) ? parsed._meta : {};
    return {
      state: 'loaded',
      schema: parsed.schema,
      ...(typeof parsed.version === 'number' ? { version: parsed.version } : {}),
      ...(meta.deprecated === true ? { deprecated: true } : {}),
    };
  }
  if ('type' in parsed || 'properties' in parsed || '$schema' in parsed) return { state: 'loaded', schema: parsed };
  return { state: 'unavailable', reason: 'the resource holds no "schema"' };
}

/**
 * Tool-result schemas per server (MCPlet §5.3.4, §9.2): prefetched while a server is discovered so
 * results can be validated without a per-call read; refetched when the tool list changes.
 */
export class ResultSchemaCache {
  private readonly byServer = new Map<string, Map<string, SchemaEntry>>();

  /** Reads every schema the tools reference (not yet cached) with `read`, within `timeoutMs` overall. */
  async prefetch(
    serverName: string,
    tools: MCPTool[],
    read: (uri: string) => Promise<ResourceContents>,
    timeoutMs = 5000,
  ): Promise<void> {
    let cache = this.byServer.get(serverName);
    if (!cache) {
      cache = new Map();
      this.byServer.set(serverName, cache);
    }
    const uris = [
      ...new Set(
        tools
          .map((t) => (t._meta as Record<string, unknown> | undefined)?.mcpletToolResultSchemaUri)
          .filter((u): u is string => typeof u === 'string' && !!u),
      ),
    ];
    const missing = uris.filter((u) => cache!.get(u)?.state !== 'loaded');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([
      Promise.all(
        missing.map(async (uri) => {
          try {
            cache!.set(uri, schemaFromResource(await read(uri)));
          } catch (error) {
            cache!.set(uri, {
              state: 'unavailable',
              reason: `it could not be read: ${(error as Error)?.message ?? String(error)}`,
            });
          }
        }),
      ),
      deadline,
    ]);
    clearTimeout(timer);
    for (const uri of missing)
      if (!cache.has(uri)) cache.set(uri, { state: 'unavailable', reason: `it was not read within ${timeoutMs} ms` });
  }

  /** The cached entry for a schema URI. */
  get(serverName: string, uri: string): SchemaEntry | undefined {
    return this.byServer.get(serverName)?.get(uri);
  }

  /** Forgets a server (it disconnected or was reconfigured). */
  clear(serverName: string): void {
    this.byServer.delete(serverName);
  }

  /** Finds the envelope and validates the payload against the declared schema, if any. */
  check(
    serverName: string,
    tool: MCPTool | undefined,
    result: ToolResult,
    validator: Pick<SchemaValidator, 'validate'> | undefined,
  ): ResultCheck {
    const envelope = parseEnvelope(result);
    const uri = (tool?._meta as Record<string, unknown> | undefined)?.mcpletToolResultSchemaUri;
    if (typeof uri !== 'string' || !uri) return envelope ? { envelope } : {};
    const entry = this.get(serverName, uri);
    const payload = payloadForValidation(result, envelope);
    let schema: ResultCheck['schema'];
    if (!entry) schema = { uri, state: 'unavailable', reason: 'the schema was not loaded' };
    else if (entry.state === 'unavailable') schema = { uri, state: 'unavailable', reason: entry.reason };
    else if (!payload.present || result.isError)
      schema = { uri, state: 'not-applicable', reason: 'the result is an error' };
    else if (!validator)
      schema = { uri, state: 'unavailable', reason: 'the schema checker could not be loaded; reload the page' };
    else {
      const verdict = validator.validate(entry.schema, payload.value);
      schema = verdict.ok ? { uri, state: 'valid' } : { uri, state: 'invalid', problems: verdict.problems };
    }
    return { ...(envelope ? { envelope } : {}), schema };
  }
}
