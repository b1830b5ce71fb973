import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { isStdioServer, type ServerConfig } from '../../../src/core/shared/config/config-schema.js';

/** Turns a line about a server into one the page may read. */
export type Redact = (line: string) => string;

/**
 * What the config says about reaching the server, replaced in a line the page may read: the command
 * by its base name (never its path), each argument by "<argument>", an HTTP server's URL by its
 * origin (a path or query may carry a key). The terminal keeps everything (docs/security.md).
 */
export function redactorFor(config: ServerConfig): Redact {
  let secrets: Array<readonly [string, string]>;
  if (isStdioServer(config)) {
    const base = config.command.split(/[\\/]/).pop() || '<command>';
    secrets = [...(config.args ?? []).map((a) => [a, '<argument>'] as const), [config.command, base] as const];
  } else {
    let origin = '<url>';
    try {
      origin = new URL(config.url).origin;
    } catch {
      // keep the label
    }
    secrets = [[config.url, origin] as const];
  }
  // Longest first, so a value that contains another is replaced whole.
  const ordered = secrets.filter(([v, l]) => v.length >= 3 && v !== l).sort((a, b) => b[0].length - a[0].length);
  return (line) => {
    let out = line;
    for (const [secret, label] of ordered) out = out.split(secret).join(label);
    return out;
  };
}

/** A copy of `problem` with every text and detail passed through `redact`. */
export function pageSafeProblem(problem: ConnectionProblem, redact: Redact): ConnectionProblem {
  const details: ConnectionProblem['details'] = {};
  for (const [key, value] of Object.entries(problem.details)) {
    details[key] = typeof value === 'string' ? redact(value) : Array.isArray(value) ? value.map(redact) : value;
  }
  return { ...problem, message: redact(problem.message), action: redact(problem.action), details };
}
