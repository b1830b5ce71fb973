import { canRetry, failureKind } from '../shared/errors/retry-advice.js';

/** JSON-RPC codes we assign to failures that never crossed the wire. */
export const LOCAL_CODES = {
  connectionClosed: -32000,
  requestTimeout: -32001,
  notConnected: -32002,
  cancelled: -32800,
  invalidArguments: -32602,
  denied: -32003,
} as const;

/** The local codes in the -32000..-32099 range, which have advice of their own. */
const LOCAL_GUIDANCE_CODES: Record<number, true> = { [-32000]: true, [-32001]: true, [-32002]: true, [-32003]: true };

/**
 * An MCP failure with its JSON-RPC code and data preserved (MCP-WP-6.2.1, 6.2.10).
 * `message` is written for users; `guidance` says what to do next (MCP-WP-9.1.5).
 */
export class MCPError extends Error {
  readonly jsonrpcCode: number;
  readonly data?: unknown;
  readonly serverName?: string;
  readonly operation?: string;

  constructor(
    message: string,
    options: { jsonrpcCode: number; data?: unknown; serverName?: string; operation?: string; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MCPError';
    this.jsonrpcCode = options.jsonrpcCode;
    this.data = options.data;
    this.serverName = options.serverName;
    this.operation = options.operation;
  }

  /** What the user should do about this error (MCP-WP-6.2 table, 9.1.5). */
  get guidance(): string {
    return guidanceFor(this.jsonrpcCode, this.message);
  }

  /** True when trying again may succeed: a lost connection, a timeout, an overloaded server (retry-advice.ts). */
  get retryable(): boolean {
    return canRetry(this.jsonrpcCode, this.message);
  }
}

/** The advice for a server error that trying again cannot fix (a refused request, whatever its code). */
export const REFUSED_GUIDANCE =
  'The server refused this request. Trying it again unchanged will not help: change what you ask, or ask whoever runs this server.';

/**
 * Maps a JSON-RPC code to user guidance, following the MCP-WP-6.2 table; a server error whose message says the
 * request was refused rather than the server or the way there failing (retry-advice.ts) gets advice without retry.
 */
export function guidanceFor(code: number, message?: string): string {
  const serverError = code === -32603 || (code <= -32000 && code >= -32099 && !(code in LOCAL_GUIDANCE_CODES));
  if (serverError && message !== undefined && failureKind(code, message) === 'refused') return REFUSED_GUIDANCE;
  switch (code) {
    case -32700:
      return 'The server could not parse the request. Correct the input and try again.';
    case -32600:
      return 'The request was malformed (a dashboard or widget defect). Repeating it will not help; please report it.';
    case -32601:
      return 'The server does not offer this operation any more. The dashboard is refreshing its capabilities.';
    case -32602:
      return 'Some arguments are not valid. Check the highlighted fields and try again.';
    case -32603:
      return 'The server failed internally. You can retry, or contact whoever runs this server.';
    case LOCAL_CODES.requestTimeout:
      return 'The server did not answer in time. Retry, or check the server log.';
    case LOCAL_CODES.connectionClosed:
      return 'The connection to the server was lost. The dashboard reconnects; retry once it is connected.';
    case LOCAL_CODES.notConnected:
      return 'The server is not connected. Reconnect it from its card, then retry.';
    case LOCAL_CODES.cancelled:
      return 'The request was cancelled.';
    case LOCAL_CODES.denied:
      return 'The dashboard blocked this operation.';
    default:
      if (code <= -32000 && code >= -32099)
        return 'The server reported an error. Wait a moment before retrying; see the details below.';
      return 'The operation failed. See the details below.';
  }
}

/** The JSON-RPC error inside an HTTP error message such as 'Error POSTing to endpoint: {"jsonrpc":…}'. */
function embeddedJsonRpcError(message: string): { code: number; message: string; data?: unknown } | undefined {
  const start = message.indexOf('{');
  if (start < 0) return undefined;
  try {
    const body = JSON.parse(message.slice(start)) as { error?: { code?: unknown; message?: unknown; data?: unknown } };
    if (body?.error && typeof body.error.code === 'number' && typeof body.error.message === 'string') {
      return { code: body.error.code, message: body.error.message, data: body.error.data };
    }
  } catch {
    // not a JSON body
  }
  return undefined;
}

/** Normalises anything thrown by the SDK or transport into an MCPError. */
export function toMCPError(error: unknown, context: { serverName?: string; operation?: string } = {}): MCPError {
  if (error instanceof MCPError) return error;
  const err = error as { code?: unknown; message?: unknown; data?: unknown; name?: unknown } | undefined;
  const message = typeof err?.message === 'string' && err.message ? err.message : String(error);
  if ((error as Error)?.name === 'GatewayAuthError' || (error as Error)?.name === 'GatewayUnreachableError') {
    return new MCPError(message, { jsonrpcCode: LOCAL_CODES.connectionClosed, ...context, cause: error });
  }
  const embedded = typeof err?.code !== 'number' ? embeddedJsonRpcError(message) : undefined;
  if (embedded)
    return new MCPError(embedded.message, {
      jsonrpcCode: embedded.code,
      data: embedded.data,
      ...context,
      cause: error,
    });
  if (typeof err?.code === 'number' && /^(MCP error -?\d+: )?Invalid [\w/]+ result/.test(message)) {
    // The SDK reports a malformed server result as InvalidParams; for the user it is the server's fault.
    return new MCPError(`The server answered with a result of the wrong shape: ${message}`, {
      jsonrpcCode: -32603,
      data: err.data,
      ...context,
      cause: error,
    });
  }
  if (typeof err?.code === 'number') {
    return new MCPError(message, { jsonrpcCode: err.code, data: err.data, ...context, cause: error });
  }
  if (err?.name === 'AbortError') {
    return new MCPError('The request was cancelled.', { jsonrpcCode: LOCAL_CODES.cancelled, ...context, cause: error });
  }
  switch (err?.code) {
    case 'REQUEST_TIMEOUT':
      return new MCPError(`Timed out: ${message}`, {
        jsonrpcCode: LOCAL_CODES.requestTimeout,
        data: err.data,
        ...context,
        cause: error,
      });
    case 'CONNECTION_CLOSED':
    case 'SEND_FAILED':
      return new MCPError(`Connection lost: ${message}`, {
        jsonrpcCode: LOCAL_CODES.connectionClosed,
        data: err.data,
        ...context,
        cause: error,
      });
    case 'NOT_CONNECTED':
      return new MCPError(message, { jsonrpcCode: LOCAL_CODES.notConnected, data: err.data, ...context, cause: error });
    case 'INVALID_RESULT':
      return new MCPError(`The server answered with a result of the wrong shape: ${message}`, {
        jsonrpcCode: -32603,
        data: err.data,
        ...context,
        cause: error,
      });
    default:
      return new MCPError(message, { jsonrpcCode: -32603, data: err?.data, ...context, cause: error });
  }
}
