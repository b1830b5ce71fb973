import type { WidgetTimersInterface } from '../../../src/core/shared/types.js';
import { errorText } from '../tool-runner/tool-text.js';

/** The last failure after every attempt was used (MCP-WP-9.1.6). */
export class RetriesExhaustedError extends Error {
  constructor(
    readonly attempts: number,
    readonly last: { message: string; code?: number; guidance?: string },
    override readonly cause: unknown,
  ) {
    super(`${last.message} (tried ${attempts} time${attempts === 1 ? '' : 's'})`);
    this.name = 'RetriesExhaustedError';
  }

  /** What to do next, from the JSON-RPC code of the last failure (MCP-WP-9.1.5). */
  get guidance(): string {
    return this.last.guidance ?? 'Check the server log, then use Refresh to try again.';
  }

  /** The JSON-RPC code of the last failure. */
  get jsonrpcCode(): number | undefined {
    return this.last.code;
  }
}

/** True for failures a retry after a pause may fix: server errors (-32000..-32099), timeouts, -32603. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { jsonrpcCode?: unknown })?.jsonrpcCode;
  if (typeof code !== 'number') return false;
  if (code === -32800 || code === -32002 || code === -32003) return false; // cancelled, not connected, blocked by the host
  return (code <= -32000 && code >= -32099) || code === -32603;
}

/**
 * Runs an idempotent operation (listing, reading) with a capped number of attempts and growing
 * pauses between them (MCP-WP-9.1.5, 9.1.6). Never loops forever: after `attempts` failures, or at
 * the first failure that a retry cannot fix, it throws the final error with guidance.
 */
export async function withRetries<T>(
  operation: (attempt: number) => Promise<T>,
  options: {
    attempts?: number;
    baseDelayMs?: number;
    timers?: WidgetTimersInterface;
    onRetry?: (attempt: number, error: unknown) => void;
  } = {},
): Promise<T> {
  const attempts = Math.max(1, Math.min(options.attempts ?? 3, 10));
  const base = options.baseDelayMs ?? 400;
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      last = error;
      if (!isRetryable(error) || attempt === attempts) {
        throw new RetriesExhaustedError(attempt, errorText(error), error);
      }
      options.onRetry?.(attempt, error);
      const delay = base * 2 ** (attempt - 1);
      await new Promise<void>((resolve) =>
        options.timers ? options.timers.setTimeout(resolve, delay) : setTimeout(resolve, delay),
      );
    }
  }
  throw new RetriesExhaustedError(attempts, errorText(last), last);
}
