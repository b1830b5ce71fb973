import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { configSchema, isStdioServer, SERVER_NAME_PATTERN, type DashboardConfig } from '../../src/core/config-schema.js';
import { checkOAuthConfig } from '../../src/core/oauth-config-schema.js';

/** A config file that cannot be used; `message` is what the user reads (no stack trace). */
export class ConfigFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Config error in ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigFileError';
  }
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile<DashboardConfig>(configSchema);

function pointerToPath(pointer: string): string {
  return pointer === '' ? '(top level)' : pointer;
}

/** Turns ajv's errors into one readable line each: where in the JSON, and what is wrong. */
function describe(errors: ErrorObject[]): string[] {
  const lines: string[] = [];
  for (const error of errors) {
    // if/then/else produce a summary error on top of the real one; keep only the real one.
    if (error.keyword === 'if') continue;
    const params = error.params as Record<string, unknown>;
    const at = pointerToPath(error.instancePath);
    let line: string;
    switch (error.keyword) {
      case 'required':
        line = `at ${at}: missing required key "${String(params.missingProperty)}"`;
        if (params.missingProperty === 'command') line += ' (a server needs either "command" for stdio or "url" for HTTP)';
        break;
      case 'additionalProperties':
        line = `at ${at}: unknown key "${String(params.additionalProperty)}"`;
        break;
      case 'propertyNames':
        continue; // reported through the 'pattern' error below with the offending name
      case 'pattern':
        if (error.instancePath === '/mcpServers' || error.propertyName !== undefined) {
          line = `at /mcpServers: server name "${String(error.propertyName ?? '')}" is not allowed; use letters, digits, ".", "_" and "-" (first character a letter or digit, at most 64) — pattern ${SERVER_NAME_PATTERN}`;
        } else if (error.instancePath.endsWith('/url')) {
          line = `at ${at}: must be an http:// or https:// URL`;
        } else {
          line = `at ${at}: ${error.message ?? 'is not valid'}`;
        }
        break;
      case 'type':
        line = `at ${at}: must be ${String(params.type)
          .split(',')
          .map((t) => (t === 'object' ? 'an object' : `a ${t}`))
          .join(' or ')}`;
        break;
      case 'minLength':
        line = `at ${at}: must not be empty`;
        break;
      case 'const':
      case 'enum':
        line = `at ${at}: must be ${JSON.stringify(params.allowedValue ?? params.allowedValues)}`;
        break;
      default:
        line = `at ${at}: ${error.message ?? 'is not valid'}`;
    }
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}

/** Line and column of a JSON.parse failure, from the position V8 reports. */
function locate(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  if (!match) return '';
  const position = Number(match[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return ` (line ${line}, column ${column})`;
}

/** Validates an already-parsed config object. */
export function validateConfig(value: unknown, file: string): DashboardConfig {
  if (!validate(value)) throw new ConfigFileError(file, describe(validate.errors ?? []));
  const problems = crossCheck(value);
  if (problems.length) throw new ConfigFileError(file, problems);
  return value;
}

/** Rules JSON Schema cannot express: names in `dashboard` must refer to configured servers. */
function crossCheck(config: DashboardConfig): string[] {
  const problems: string[] = [];
  const verifiers = (config.dashboard?.passkeys as { verifiers?: string[] } | undefined)?.verifiers ?? [];
  verifiers.forEach((name, i) => {
    if (!Object.prototype.hasOwnProperty.call(config.mcpServers, name)) {
      problems.push(`at /dashboard/passkeys/verifiers/${i}: there is no server "${name}" in mcpServers`);
    } else if (!('command' in config.mcpServers[name]!)) {
      problems.push(`at /dashboard/passkeys/verifiers/${i}: "${name}" is an HTTP server; only stdio servers can be given the verifier token (through their environment)`);
    }
  });
  for (const [name, server] of Object.entries(config.mcpServers)) {
    if (!isStdioServer(server) && server.oauth) problems.push(...checkOAuthConfig(name, server.oauth));
  }
  return problems;
}

/** Parses config text; errors name the file, the JSON path and what is wrong. */
export function parseConfig(text: string, file: string): DashboardConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message.replace(/\s*\(line \d+ column \d+\)$/, '');
    throw new ConfigFileError(file, [`not valid JSON${locate(text, (error as Error).message)}: ${message}`]);
  }
  return validateConfig(value, file);
}

/** Reads and validates a config file. */
export async function loadConfigFile(path: string): Promise<{ config: DashboardConfig; file: string }> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'the file does not exist' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new ConfigFileError(file, [`cannot read the config file: ${reason}. Pass another one with --config <file>.`]);
  }
  return { config: parseConfig(text, file), file };
}
