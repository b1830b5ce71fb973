/** At most this many bytes of JSON per payload. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** At most this deep. */
const MAX_DEPTH = 32;
/** A message type: a short word such as "resource-selected" or "data-updated". */
const TYPE = /^[A-Za-z0-9][A-Za-z0-9:._-]{0,99}$/;

/**
 * The WidgetMessage schema (MCP-WP-6.5.3) as the host checks it before delivery (MCP-WP-6.5.4), in JSON
 * Schema terms: `{ type: string matching TYPE, payload: any JSON value ≤ 64 KB and ≤ 32 levels deep }`;
 * `source` and `timestamp` may be present but are replaced by the host. Checked by hand so `sendToWidget`
 * can refuse synchronously, with the reason.
 */
export const WIDGET_MESSAGE_SCHEMA = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { type: 'string', pattern: TYPE.source },
    payload: { description: 'any JSON value, at most 64 KB as JSON and 32 levels deep' },
    source: { type: 'string', description: 'ignored: the host sets the sender' },
    timestamp: { type: 'number', description: 'ignored: the host sets the time' },
  },
  additionalProperties: false,
} as const;

function depth(value: unknown, level = 0): number {
  if (level > MAX_DEPTH) return level;
  if (!value || typeof value !== 'object') return level;
  let max = level;
  for (const child of Object.values(value as Record<string, unknown>)) max = Math.max(max, depth(child, level + 1));
  return max;
}

/** The message as the host will deliver it (a JSON copy of the payload), or what is wrong with it. */
export function checkMessage(
  message: unknown,
): { type: string; payload: unknown; bytes: number } | { problem: string } {
  if (!message || typeof message !== 'object' || Array.isArray(message))
    return { problem: 'a message must be an object { type, payload }' };
  const m = message as Record<string, unknown>;
  const extra = Object.keys(m).filter((k) => !['type', 'payload', 'source', 'timestamp'].includes(k));
  if (extra.length)
    return {
      problem: `unknown field${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k.slice(0, 40)}"`).join(', ')}`,
    };
  if (typeof m.type !== 'string' || !TYPE.test(m.type))
    return { problem: '"type" must be a short name (letters, digits, ":", ".", "_", "-"; at most 100 characters)' };
  let text: string | undefined;
  try {
    text = m.payload === undefined ? undefined : JSON.stringify(m.payload);
  } catch (error) {
    return { problem: `the payload is not JSON (${(error as Error).message})` };
  }
  const bytes = text === undefined ? 0 : new TextEncoder().encode(text).length;
  if (bytes > MAX_PAYLOAD_BYTES)
    return { problem: `the payload is ${bytes} bytes of JSON; at most ${MAX_PAYLOAD_BYTES}` };
  const payload = text === undefined ? null : (JSON.parse(text) as unknown);
  if (depth(payload) > MAX_DEPTH) return { problem: `the payload is nested deeper than ${MAX_DEPTH} levels` };
  return { type: m.type, payload, bytes };
}

/** True when `pattern` names `widgetId`: the exact id, its type (the part before the first ":"), or "*". */
export function matchesWidget(pattern: string, widgetId: string): boolean {
  if (pattern === '*' || pattern === widgetId) return true;
  const colon = widgetId.indexOf(':');
  return colon > 0 && pattern === widgetId.slice(0, colon);
}

/** A sliding one-second window: at most `rate` messages in any second. */
export class MessageRateLimit {
  private readonly times: number[] = [];

  constructor(private readonly rate: number) {}

  /** Takes one slot at `now`; false when the window is full (the message is dropped). */
  take(now: number): boolean {
    while (this.times.length && now - this.times[0]! >= 1000) this.times.shift();
    if (this.times.length >= this.rate) return false;
    this.times.push(now);
    return true;
  }
}
