/**
 * The connection doctor's diagnosis: which step of reaching a server failed, what happened and what
 * to do. The gateway builds it (gateway/src/doctor.ts) and puts it in `GET /api/servers`
 * (`problem`) and in the `data.problem` of the JSON-RPC error it answers; the card renders it
 * (src/shell/card/connection-doctor.ts). Pure data, shared by both sides.
 */

/** The steps of reaching a server, in the order they happen. */
export const DOCTOR_STEPS = [
  'config',
  'spawn',
  'connect',
  'tls',
  'http',
  'not-mcp',
  'initialize',
  'protocol-version',
  'auth',
  'session',
] as const;

/** One step of reaching a server. */
export type DoctorStep = (typeof DOCTOR_STEPS)[number];

/** Values a problem may carry for its message (never secrets: no env values, no header values, no HTML). */
export type ProblemDetail = string | number | boolean | null | string[];

/** A diagnosis of why a server cannot be reached. */
export interface ConnectionProblem {
  step: DoctorStep;
  /**
   * The specific failure within the step, e.g. `command-not-found`, `exited`, `refused`,
   * `http-status`, `html`. The card looks up `doctor.<kind>` and `doctor.<kind>.action` in its
   * catalogs and falls back to `message` / `action` for kinds it does not know.
   */
  kind: string;
  /** What happened, in English (the terminal line and the fallback text). */
  message: string;
  /** What to do about it, in English. */
  action: string;
  /** The values the message names (command, exit code, status, URL, versions …). */
  details: Record<string, ProblemDetail>;
  /** When it was diagnosed (ISO 8601). */
  at: string;
}

/** True for a value shaped like a ConnectionProblem (it crossed the wire, so it is checked before use). */
export function isConnectionProblem(value: unknown): value is ConnectionProblem {
  if (value === null || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.step === 'string' &&
    (DOCTOR_STEPS as readonly string[]).includes(p.step) &&
    typeof p.kind === 'string' &&
    typeof p.message === 'string' &&
    typeof p.action === 'string' &&
    p.details !== null &&
    typeof p.details === 'object' &&
    !Array.isArray(p.details)
  );
}

/** The problem inside a JSON-RPC error's `data` (`{ problem }`), if there is a well-formed one. */
export function problemFromErrorData(data: unknown): ConnectionProblem | undefined {
  const candidate = data !== null && typeof data === 'object' ? (data as { problem?: unknown }).problem : undefined;
  return isConnectionProblem(candidate) ? candidate : undefined;
}
