// The saved-calls file format (export/import): checked field by field, with messages that say where.

/** One saved call: a server, a tool and the exact arguments, under a name. */
export interface SavedCallData {
  name: string;
  serverName: string;
  toolName: string;
  args: Record<string, unknown>;
}

/** What the file says it is. */
export const SAVED_CALLS_FORMAT = 'mcp-dashboard.saved-calls';
/** The version this dashboard writes and reads. */
export const SAVED_CALLS_VERSION = 1;
/** More calls than this in one file is refused (a file that big is a mistake or an attack). */
export const MAX_IMPORTED_CALLS = 1000;
/** Longest name kept. */
export const MAX_NAME_LENGTH = 200;

/** Why a file could not be imported (nothing was imported). */
export class SavedCallsImportError extends Error {
  override name = 'SavedCallsImportError';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The file's JSON text for these calls. */
export function savedCallsFileText(calls: readonly (SavedCallData & { savedAt?: number })[]): string {
  return `${JSON.stringify(
    {
      format: SAVED_CALLS_FORMAT,
      version: SAVED_CALLS_VERSION,
      calls: calls.map((c) => ({
        name: c.name,
        serverName: c.serverName,
        toolName: c.toolName,
        arguments: c.args,
        ...(c.savedAt ? { savedAt: new Date(c.savedAt).toISOString() } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

/**
 * Reads a saved-calls file. Throws SavedCallsImportError naming the first thing wrong (not JSON, not
 * this format, a newer version, a call without a server, tool, name or object arguments…); the caller
 * imports nothing then.
 */
export function parseSavedCallsFile(text: string): SavedCallData[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SavedCallsImportError(`The file is not valid JSON (${(error as Error).message}).`);
  }
  if (!isObject(data) || data.format !== SAVED_CALLS_FORMAT) {
    throw new SavedCallsImportError(
      `The file is not a saved-calls file: it needs "format": "${SAVED_CALLS_FORMAT}" (export one from Saved calls to see the shape).`,
    );
  }
  if (data.version !== SAVED_CALLS_VERSION) {
    throw new SavedCallsImportError(
      `The file has version ${JSON.stringify(data.version)}; this dashboard reads version ${SAVED_CALLS_VERSION}.`,
    );
  }
  if (!Array.isArray(data.calls)) throw new SavedCallsImportError('The file has no "calls" list.');
  if (data.calls.length > MAX_IMPORTED_CALLS)
    throw new SavedCallsImportError(
      `The file has ${data.calls.length} calls; at most ${MAX_IMPORTED_CALLS} can be imported at once.`,
    );
  return data.calls.map((call: unknown, i: number) => {
    const where = `calls[${i}]`;
    if (!isObject(call)) throw new SavedCallsImportError(`${where} is not an object.`);
    for (const key of ['name', 'serverName', 'toolName'] as const) {
      if (typeof call[key] !== 'string' || !(call[key] as string).trim())
        throw new SavedCallsImportError(`${where}.${key} must be a non-empty string.`);
    }
    if ((call.name as string).length > MAX_NAME_LENGTH)
      throw new SavedCallsImportError(`${where}.name is longer than ${MAX_NAME_LENGTH} characters.`);
    const args = call.arguments === undefined ? {} : call.arguments;
    if (!isObject(args))
      throw new SavedCallsImportError(`${where}.arguments must be an object (the tool's arguments).`);
    return {
      name: (call.name as string).trim(),
      serverName: call.serverName as string,
      toolName: call.toolName as string,
      args: structuredClone(args),
    };
  });
}
