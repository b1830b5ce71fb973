import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { isStdioServer, type ServerConfig } from '../../../src/core/shared/config/config-schema.js';

/** A command-line flag whose value is a secret (`--api-key X`, `--token=X`, `--db-password X`). */
const SECRET_FLAG = /^--?[\w.-]*(?:key|token|secret|passw(?:or)?d|pwd|auth|credential|bearer)[\w.-]*$/i;

/** Secrets of a URL: its user-info and its query (a path is shown, as the person wrote it). */
function urlSecrets(text: string): Array<readonly [string, string]> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  if (!/^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) || (!url.username && !url.password && !url.search)) return [];
  const out: Array<readonly [string, string]> = [];
  const safe = new URL(url.href);
  if (url.username || url.password) {
    safe.username = '';
    safe.password = '';
  }
  if (url.search) safe.search = '';
  const shown = `${safe.href.replace(/\?$/, '')}${url.search ? '?<query>' : ''}`;
  out.push([
    text,
    shown.replace(/^([a-z][a-z0-9+.-]*:\/\/)/i, url.username || url.password ? '$1<credentials>@' : '$1'),
  ]);
  if (url.password) out.push([url.password, '<password>'], [decodeURIComponent(url.password), '<password>']);
  if (url.search.length > 1) out.push([url.search.slice(1), '<query>']);
  return out;
}

/** Secrets on a command line: values of secret-named flags, and the credentials and queries of URLs. */
function argumentSecrets(args: readonly string[]): Array<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  args.forEach((arg, i) => {
    const eq = arg.indexOf('=');
    if (arg.startsWith('-') && eq > 0 && SECRET_FLAG.test(arg.slice(0, eq))) {
      out.push([arg.slice(eq + 1), `<value of ${arg.slice(0, eq)}>`]);
    } else if (SECRET_FLAG.test(arg) && args[i + 1] !== undefined && !args[i + 1]!.startsWith('-')) {
      out.push([args[i + 1]!, `<value of ${arg}>`]);
    }
    out.push(...urlSecrets(eq > 0 && arg.startsWith('-') ? arg.slice(eq + 1) : arg));
  });
  return out;
}

/** Replaces each value by its label, longest first (a value that contains another is replaced whole). */
function replacer(pairs: Array<readonly [string, string]>): (line: string) => string {
  // Values under three characters are left alone: replacing them would garble every line.
  const ordered = pairs.filter(([v, l]) => v.length >= 3 && v !== l).sort((a, b) => b[0].length - a[0].length);
  return (line) => {
    let out = line;
    for (const [secret, label] of ordered) out = out.split(secret).join(label);
    return out;
  };
}

/** Like `replacer`, but a value is replaced only where no letter, digit or underscore touches it on either side. */
function wordReplacer(pairs: Array<readonly [string, string]>): (line: string) => string {
  const ordered = pairs.filter(([v, l]) => v.length >= 3 && v !== l).sort((a, b) => b[0].length - a[0].length);
  const patterns = ordered.map(
    ([value, label]) =>
      [new RegExp(`(?<![\\w])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'g'), label] as const,
  );
  return (line) => patterns.reduce((out, [re, label]) => out.replace(re, () => label), line);
}

/** The secrets of a server's config, by what they are, each with the label shown instead. */
function secretsOf(config: ServerConfig): Array<readonly [string, string]> {
  if (isStdioServer(config)) {
    return [
      ...Object.entries(config.env ?? {}).map(([name, value]) => [value, `<env ${name}>`] as const),
      ...argumentSecrets(config.args ?? []),
    ];
  }
  return [
    ...Object.entries(config.headers ?? {}).flatMap(([name, value]) => {
      // "Bearer <token>": the token alone is hidden too.
      const credential = /^[\w-]+\s+(\S+)$/.exec(value)?.[1];
      const label = `<header ${name}>`;
      return credential ? [[value, label] as const, [credential, label] as const] : [[value, label] as const];
    }),
    ...urlSecrets(config.url),
  ];
}

/**
 * Turns a line about a server into one the page may read. Called as a function, it is for the gateway's own
 * words about the server (notes, diagnoses, `lastError`): the secrets are hidden, the command is named by its
 * base name and its arguments and a remote URL beyond its origin are left out, as the attack run asked
 * (docs/security.md). `theirs` is for what the server itself wrote (stderr): only the secrets are hidden — the
 * values of `env` and `headers`, values of secret-named flags (`--api-key`, `--token`…), and the user-info and
 * query of URLs — so a server that says which path is missing is understood.
 */
export interface Redact {
  (line: string): string;
  /** For text the server wrote: only its secrets hidden. */
  readonly theirs: (line: string) => string;
}

/** The two redactions of one server's config (see `Redact`). OAuth material is filtered where it is known (oauth/). */
export function redactorFor(config: ServerConfig): Redact {
  const secrets = secretsOf(config);
  let described: Array<readonly [string, string]>;
  if (isStdioServer(config)) {
    const base = config.command.split(/[\\/]/).pop() || '<command>';
    described = [...(config.args ?? []).map((a) => [a, '<argument>'] as const), [config.command, base] as const];
  } else {
    let origin = '<url>';
    try {
      origin = new URL(config.url).origin;
    } catch {
      // keep the label
    }
    described = [[config.url, origin] as const];
  }
  const theirs = replacer(secrets);
  // The command and its arguments are left out where they stand as words of their own, not inside other words
  // (an argument "late" must not turn "templates" into "temp<argument>s").
  const words = wordReplacer(described);
  return Object.assign((line: string) => words(theirs(line)), { theirs });
}

/**
 * A copy of `problem` for the page: its texts and details through `redact`, except the lines the server wrote
 * (`stderrTail`), which keep everything but the secrets.
 */
export function pageSafeProblem(problem: ConnectionProblem, redact: Redact): ConnectionProblem {
  const details: ConnectionProblem['details'] = {};
  for (const [key, value] of Object.entries(problem.details)) {
    const r = key === 'stderrTail' ? redact.theirs : redact;
    details[key] = typeof value === 'string' ? r(value) : Array.isArray(value) ? value.map((v) => r(String(v))) : value;
  }
  return { ...problem, message: redact(problem.message), action: redact(problem.action), details };
}
