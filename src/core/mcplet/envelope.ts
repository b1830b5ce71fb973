import type { ToolResult } from '../shared/types.js';

/** MCPlet result error codes (§9.1) with what a user should do about each. */
export const MCPLET_ERROR_CODES: Record<string, { meaning: string; guidance: string }> = {
  AUTH_REQUIRED: {
    meaning: 'The tool needs authentication, but no credentials reached it.',
    guidance: 'Call it again from the dashboard so the passkey step runs; other clients cannot call it.',
  },
  AUTH_FAILED: {
    meaning: 'The server could not verify the passkey (invalid signature or expired challenge).',
    guidance: 'Try again and complete the passkey prompt within a minute. Nothing was changed.',
  },
  VALIDATION_ERROR: {
    meaning: 'The server found the arguments invalid.',
    guidance: 'Correct the arguments and try again.',
  },
  NOT_FOUND: {
    meaning: 'What the tool was asked for does not exist.',
    guidance: 'Check the name or id and try again.',
  },
  RATE_LIMITED: {
    meaning: 'The server refused because of a rate limit.',
    guidance: 'Wait a little before trying again.',
  },
  SERVICE_UNAVAILABLE: {
    meaning: 'Something the server depends on (e.g. the passkey server or an external API) could not be reached.',
    guidance: 'Try again later; if it persists, check the server log.',
  },
  UNKNOWN_ERROR: {
    meaning: 'The server reported an unclassified error.',
    guidance: 'See the message; retry or contact whoever runs the server.',
  },
};

/** A §9.1 envelope found in a tool result. */
export interface McpletEnvelope {
  kind: 'result' | 'error';
  /** The `result` payload (kind 'result'). */
  result?: unknown;
  /** The error code (kind 'error'); unknown codes are kept, `X_` codes are domain-specific. */
  code?: string;
  message?: string;
  meaning?: string;
  guidance?: string;
  /** `_meta` of the envelope (timestamp, toolId, mcpletType, visibility), as sent. */
  meta?: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function fromObject(value: unknown): McpletEnvelope | undefined {
  if (!isObject(value)) return undefined;
  const meta = isObject(value._meta) ? value._meta : undefined;
  if (isObject(value.error) && (typeof value.error.code === 'string' || typeof value.error.message === 'string')) {
    const code = typeof value.error.code === 'string' ? value.error.code : 'UNKNOWN_ERROR';
    const known = MCPLET_ERROR_CODES[code];
    return {
      kind: 'error',
      code,
      message: typeof value.error.message === 'string' ? value.error.message : undefined,
      meaning: known?.meaning ?? (code.startsWith('X_') ? 'A domain-specific error of this server.' : undefined),
      guidance: known?.guidance,
      meta,
    };
  }
  if ('result' in value && meta) return { kind: 'result', result: value.result, meta };
  return undefined;
}

/**
 * Finds the MCPlet §9.1 envelope in a tool result: in `structuredContent`, else in a text block that
 * is the envelope's JSON. Undefined when the result does not use the envelope (it is only a SHOULD).
 */
export function parseEnvelope(result: ToolResult | undefined): McpletEnvelope | undefined {
  if (!result) return undefined;
  const structured = fromObject(result.structuredContent);
  if (structured) return structured;
  for (const block of Array.isArray(result.content) ? result.content : []) {
    if (block?.type !== 'text' || typeof block.text !== 'string' || block.text.length > 1_000_000) continue;
    const text = block.text.trim();
    if (!text.startsWith('{')) continue;
    try {
      const found = fromObject(JSON.parse(text));
      if (found) return found;
    } catch {
      // not JSON
    }
  }
  return undefined;
}

/** The payload a result schema describes: the envelope's `result`, else the structured content. */
export function payloadForValidation(
  result: ToolResult,
  envelope: McpletEnvelope | undefined,
): { present: boolean; value?: unknown } {
  if (envelope?.kind === 'result') return { present: true, value: envelope.result };
  if (envelope?.kind === 'error') return { present: false };
  if (result.structuredContent !== undefined) return { present: true, value: result.structuredContent };
  return { present: false };
}
