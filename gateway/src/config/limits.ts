/**
 * Every bound the gateway puts on what a loopback client may hold or send (docs/security.md, "Limits").
 * The defaults are what users get; tests shorten them through `MCP_DASHBOARD_TEST_LIMITS` (see
 * `limitsFromEnv`), never through a command-line flag.
 */
export interface GatewayLimits {
  /** Time a client has to send a request's complete headers. */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, body included (a slow body is cut off after this). */
  requestTimeoutMs: number;
  /** A connection with no request in flight is closed after this long (keep-alive connections sooner). */
  idleConnectionMs: number;
  /** A kept-alive connection is closed this long after its last response. */
  keepAliveMs: number;
  /** Open connections per port (gateway and sandbox each); at the limit the oldest idle one is closed. */
  maxConnections: number;
  /** Open MCP sessions per configured server (each dashboard tab uses one). */
  sessionsPerServer: number;
  /** A launch code (the `#code=` of the printed address) is refused this long after it was made. */
  launchCodeTtlMs: number;
  /** A page's access token is forgotten once no request has used it for this long. */
  credentialIdleMs: number;
  /** The first wait before a stdio server that exited is started again (doubled at each failure in a row). */
  restartBackoffMs: number;
}

/** What users get. */
export const DEFAULT_LIMITS: Readonly<GatewayLimits> = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleConnectionMs: 15_000,
  keepAliveMs: 5_000,
  maxConnections: 256,
  sessionsPerServer: 16,
  launchCodeTtlMs: 60_000,
  credentialIdleMs: 120_000,
  restartBackoffMs: 500,
});

/** The environment variable tests use to shorten the limits (a JSON object of numbers). */
export const TEST_LIMITS_ENV = 'MCP_DASHBOARD_TEST_LIMITS';

/**
 * Limits overridden by `MCP_DASHBOARD_TEST_LIMITS` — for tests only, so a test can watch a 15 s
 * timeout in 1 s. Unknown keys and values that are not positive whole numbers are refused with
 * an error naming them, so a typo in a test cannot silently test the defaults.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayLimits {
  const raw = env[TEST_LIMITS_ENV];
  if (!raw) return { ...DEFAULT_LIMITS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${TEST_LIMITS_ENV} is not valid JSON.`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${TEST_LIMITS_ENV} must be a JSON object.`);
  const limits: GatewayLimits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(parsed)) {
    if (!Object.prototype.hasOwnProperty.call(DEFAULT_LIMITS, key))
      throw new Error(`${TEST_LIMITS_ENV}: unknown limit "${key}".`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
      throw new Error(`${TEST_LIMITS_ENV}: "${key}" must be a positive whole number.`);
    limits[key as keyof GatewayLimits] = value;
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) limits.headersTimeoutMs = limits.requestTimeoutMs;
  return limits;
}
