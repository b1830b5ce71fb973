import { existsSync } from 'node:fs';
import type {
  ConnectionProblem,
  DoctorStep,
  ProblemDetail,
} from '../../../src/core/shared/gateway-api/connection-problem.js';
import type { ObservedResponse } from '../relay/http-observer.js';
import type { ExitInfo } from '../relay/upstream.js';
import { safeLine, safeSnippet } from '../../../src/core/shared/text/control-chars.js';
import { explainingLines, lastRunLines } from './stderr-explain.js';

/**
 * The connection doctor: turns what went wrong while reaching a server into a ConnectionProblem
 * (which step, what happened, what to do). Messages never carry upstream HTML, env values or
 * header values; server-supplied text (a JSON-RPC error message, a stderr line, an HTTP reason phrase) is cut
 * short and loses every C0, C1 and bidi control (src/core/shared/text/control-chars.ts).
 */

/** Where a problem is about: the server's name and the config file that defines it. */
export interface ProblemSite {
  name: string;
  configFile: string;
}

function problem(
  site: ProblemSite,
  step: DoctorStep,
  kind: string,
  message: string,
  action: string,
  details: Record<string, ProblemDetail>,
): ConnectionProblem {
  return {
    step,
    kind,
    message,
    action,
    details: { server: site.name, configFile: site.configFile, ...details },
    at: new Date().toISOString(),
  };
}

function entry(site: ProblemSite): string {
  return `"mcpServers.${site.name}" in ${site.configFile}`;
}

/** A child process that could not be started at all. */
export function spawnProblem(
  site: ProblemSite,
  command: string,
  cwd: string,
  error: NodeJS.ErrnoException,
): ConnectionProblem {
  if (error.code === 'ENOENT' && !existsSync(cwd)) {
    return problem(
      site,
      'spawn',
      'cwd-missing',
      `The working directory "${cwd}" does not exist.`,
      `Correct "cwd" for ${entry(site)}, or remove it to run from the config file\u2019s folder.`,
      { command, cwd },
    );
  }
  if (error.code === 'ENOENT') {
    return problem(
      site,
      'spawn',
      'command-not-found',
      `The command "${command}" was not found.`,
      `Install it, or give its full path in "command" for ${entry(site)}. The gateway looks in your PATH and in node_modules/.bin.`,
      { command },
    );
  }
  if (error.code === 'EACCES') {
    return problem(
      site,
      'spawn',
      'not-executable',
      `The command "${command}" is not executable.`,
      `Make it executable (chmod +x), or run it through its interpreter (for example "command": "node") in ${entry(site)}.`,
      { command },
    );
  }
  return problem(
    site,
    'spawn',
    'spawn-failed',
    `The command "${command}" could not be started: ${safeSnippet(error.message)}.`,
    `Check "command", "args" and "cwd" for ${entry(site)}.`,
    { command, reason: safeSnippet(error.message) },
  );
}

/**
 * A server whose processes kept failing soon after they started: the gateway stopped starting it. `failures`
 * quick failures in a row; `explaining`: the lines of stderr that explain the last exit (stderr-explain.ts).
 */
export function crashLoopProblem(
  site: ProblemSite,
  command: string,
  failures: number,
  lastExit: string,
  explaining: string[],
): ConnectionProblem {
  const lines = explaining.map((l) => safeLine(l, 200));
  return problem(
    site,
    'spawn',
    'crash-loop',
    `"${command}" failed ${failures} times in a row soon after starting (last: ${lastExit}); the gateway stopped restarting it.`,
    `Fix what it says below (often arguments or environment in ${entry(site)}), then press Restart in its card. Saving a change to its config entry restarts it too.`,
    { command, failures, lastExit, stderrTail: lines },
  );
}

/** A child that ended before its session was ready. */
export function exitProblem(
  site: ProblemSite,
  command: string,
  exit: ExitInfo | undefined,
  stderrTail: string[],
  during: string,
): ConnectionProblem {
  const how = exit?.signal
    ? `was stopped by signal ${exit.signal}`
    : exit?.code !== undefined && exit.code !== null
      ? `exited with code ${exit.code}`
      : 'exited';
  const lines = explainingLines(lastRunLines(stderrTail)).map((l) => safeLine(l, 200));
  return problem(
    site,
    'spawn',
    'exited',
    `"${command}" ${how} ${during}.`,
    lines.length
      ? `What it wrote on stderr about it is shown below (the whole log is in the Server log). Fix what it says (often arguments or environment in ${entry(site)}), then press Reconnect.`
      : `It printed nothing on stderr. Check its arguments and environment in ${entry(site)}, then press Reconnect.`,
    { command, exitCode: exit?.code ?? null, signal: exit?.signal ?? null, stderrTail: lines },
  );
}

const TLS_CODES =
  /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|ERR_OSSL)/;

/** The Node error code somewhere in an error's cause chain (fetch wraps socket errors in TypeError). */
function causeCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 6; depth += 1) {
    if (typeof current.code === 'string' && /^[A-Z_]+$/.test(current.code) && current.code !== 'ERR_INVALID_ARG_TYPE')
      return current.code;
    const errors = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(errors) && errors.length) current = errors[0] as typeof current;
    else current = current.cause as typeof current;
  }
  return undefined;
}

function statusOf(error: unknown): number | undefined {
  const e = error as { status?: unknown; code?: unknown; data?: { status?: unknown } } | undefined;
  if (typeof e?.data?.status === 'number') return e.data.status;
  if (typeof e?.status === 'number') return e.status;
  return undefined;
}

/** Why an HTTP upstream could not be reached, from the error and what the observer saw. */
export function httpProblem(
  site: ProblemSite,
  url: string,
  error: unknown,
  seen: ObservedResponse | undefined,
  transport: string,
): ConnectionProblem {
  const target = new URL(url);
  const host = target.host;
  const code = causeCode(error);
  const name = (error as Error | undefined)?.name ?? '';
  if (code && TLS_CODES.test(code)) {
    return problem(
      site,
      'tls',
      'certificate',
      `The TLS certificate of ${host} was not accepted (${code}).`,
      `If the server uses a private certificate authority, start the dashboard with NODE_EXTRA_CA_CERTS=<its CA file>; otherwise the server\u2019s certificate must be fixed.`,
      { url, host, code },
    );
  }
  if (code === 'ECONNREFUSED') {
    return problem(
      site,
      'connect',
      'refused',
      `Nothing is listening at ${host} (connection refused).`,
      `Start the server, or correct "url" for ${entry(site)}.`,
      { url, host },
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return problem(
      site,
      'connect',
      'dns',
      `The host name "${target.hostname}" could not be found.`,
      `Check the spelling of "url" for ${entry(site)}, and your network or VPN.`,
      { url, host: target.hostname },
    );
  }
  if (
    code &&
    /^(ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_CONNECT_TIMEOUT|UND_ERR_SOCKET)$/.test(code)
  ) {
    return problem(
      site,
      'connect',
      'network',
      `The connection to ${host} failed (${code}).`,
      `Check that the server is running and reachable from this computer, then press Reconnect.`,
      { url, host, code },
    );
  }
  const status = seen?.status ?? statusOf(error);
  if (status === 401 || name === 'UnauthorizedError') {
    return problem(
      site,
      'auth',
      'auth-required',
      `${url} requires authorization (HTTP 401).`,
      `Give the credentials the server expects in "headers" for ${entry(site)} (for example "Authorization": "Bearer \u2026"), then press Reconnect.`,
      { url, status: 401 },
    );
  }
  if (status === 403) {
    return problem(
      site,
      'auth',
      'forbidden',
      `${url} refused access (HTTP 403).`,
      `The credentials in "headers" for ${entry(site)} are not allowed to use this server; check them with whoever runs it.`,
      { url, status: 403 },
    );
  }
  if (seen?.html) {
    return problem(
      site,
      'not-mcp',
      'html',
      `${seen.url} answered with a web page (HTML, HTTP ${seen.status}), not with MCP.`,
      `This address is not an MCP endpoint. Use the server\u2019s MCP address in "url" for ${entry(site)} (often ending in /mcp, or /sse for older servers).`,
      { url: seen.url, status: seen.status, transport },
    );
  }
  if (seen && seen.status >= 200 && seen.status < 300 && seen.contentType) {
    // A header value may carry bytes 0x80–0xFF, which arrive as C1 controls.
    const contentType = safeSnippet(seen.contentType, 100);
    return problem(
      site,
      'not-mcp',
      'unexpected-content',
      `${seen.url} answered with "${contentType}", not with MCP (JSON or an event stream).`,
      `This address is not an MCP endpoint. Check "url" for ${entry(site)}.`,
      { url: seen.url, status: seen.status, contentType },
    );
  }
  if (status !== undefined) {
    // The reason phrase is the remote host's own text, control characters and all.
    const statusText = safeSnippet(seen?.statusText ?? '', 100);
    const action =
      status >= 500
        ? 'The server failed while answering; check its logs, then press Reconnect.'
        : status === 404 || status === 405
          ? `There is no MCP endpoint at this address. Check "url" for ${entry(site)} (often ending in /mcp, or /sse for older servers).`
          : `Check "url" and "headers" for ${entry(site)}.`;
    return problem(
      site,
      'http',
      'http-status',
      `${seen?.url ?? url} answered HTTP ${status}${statusText ? ` ${statusText}` : ''}.`,
      action,
      { url: seen?.url ?? url, status, statusText },
    );
  }
  const message = safeSnippet(error instanceof Error ? error.message : String(error));
  return problem(
    site,
    'connect',
    'failed',
    `Could not reach ${url}: ${message}.`,
    `Check that the server is running and "url" for ${entry(site)} is right, then press Reconnect.`,
    { url, reason: message },
  );
}

/** The server answered `initialize` with a JSON-RPC error. */
export function initializeErrorProblem(site: ProblemSite, error: { code: number; message: string }): ConnectionProblem {
  const message = safeSnippet(error.message);
  return problem(
    site,
    'initialize',
    'initialize-error',
    `The server refused "initialize": ${message} (JSON-RPC error ${error.code}).`,
    `This is the server\u2019s own answer; check its configuration or its logs, then press Reconnect.`,
    { code: error.code, serverMessage: message },
  );
}

/** The server answered `initialize` with a protocol version the dashboard does not speak. */
export function protocolVersionProblem(
  site: ProblemSite,
  version: string,
  supported: readonly string[],
): ConnectionProblem {
  const shown = safeSnippet(version, 40);
  return problem(
    site,
    'protocol-version',
    'version-unsupported',
    `The server speaks MCP protocol version "${shown}", which this dashboard does not support (it supports ${supported.join(', ')}).`,
    `Update the server or the dashboard so that they share a protocol version.`,
    { version: shown, supported: [...supported] },
  );
}

/** A config value (VS Code `${input:…}`) that must be supplied before the server can start. */
export function inputMissingProblem(
  site: ProblemSite,
  id: string,
  description: string,
  envName: string,
): ConnectionProblem {
  return problem(
    site,
    'config',
    'input-missing',
    `This server needs the value "${id}"${description ? ` (${safeSnippet(description, 120)})` : ''}, which VS Code would ask you for.`,
    `Set the environment variable ${envName} before starting the dashboard (or write the value into ${site.configFile}).`,
    { id, description: safeSnippet(description, 120), envName },
  );
}

/** An HTTP upstream lost the session (it answered 404 for it, or its stream ended). */
export function sessionLostProblem(site: ProblemSite, url: string, reason: string): ConnectionProblem {
  return problem(
    site,
    'session',
    'session-lost',
    `${url} lost this session (${reason}); it was probably restarted.`,
    `The gateway is opening a new session by itself; retry in a moment.`,
    { url, reason },
  );
}

/**
 * One terminal line for a problem: server, step, what happened, what to do. Every part is made safe here too,
 * whoever built the problem (an authorization problem comes from the OAuth side).
 */
export function problemLine(name: string, p: ConnectionProblem): string {
  const tail =
    Array.isArray(p.details.stderrTail) && p.details.stderrTail.length
      ? `\n    last stderr: ${p.details.stderrTail
          .slice(-3)
          .map((l) => safeLine(String(l), 200))
          .join(' | ')}`
      : '';
  return `mcp-dashboard: server "${safeLine(name)}" [${p.step}]: ${safeLine(`${p.message} ${p.action}`)}${tail}\n`;
}

/**
 * The terminal's line for a running server that refused to list (a JSON-RPC error to `tools/list`,
 * `resources/list`…), as the gateway's catalog met it: a wrong database password, a missing permission. Not a
 * crash, so no problem on the card's connection; the card shows the page's own list error.
 */
export function listErrorLine(site: ProblemSite, step: string, code: number, message: string): string {
  // The SDK's message repeats the code ("MCP error -32603: …"); the sentence ends with one full stop.
  const said = message.replace(/^MCP error -?\d+:\s*/, '').replace(/\.\s*$/, '');
  return (
    `mcp-dashboard: server "${safeLine(site.name)}" [${safeLine(step)}]: ` +
    safeLine(
      `it is running but answered "${step}" with JSON-RPC error ${code}: ${said}. ` +
        `Fix what it says (often arguments or environment in "mcpServers.${site.name}" in ${site.configFile}), then press Reconnect.`,
      600,
    ) +
    '\n'
  );
}
