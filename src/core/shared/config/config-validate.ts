import type { ErrorObject } from 'ajv';
import { isStdioServer, SERVER_NAME_PATTERN, type DashboardConfig } from './config-schema.js';
// configSchema compiled at build time (scripts/gen-config-validator.ts): nothing to compile at start-up.
import { validate } from './config-validate.generated.js';
import { checkOAuthConfig } from './oauth-config-schema.js';

/**
 * Checks a config (already in the dashboard's shape, see config-import.ts) against its JSON Schema and
 * says what is wrong in one line per problem: where in the JSON, and what. Shared by the gateway
 * (start-up) and the Servers screen (a pasted config); the browser loads it on demand.
 */

function pointerToPath(pointer: string): string {
  return pointer === '' ? '(top level)' : pointer;
}

/** Turns ajv's errors into one readable line each: where in the JSON, and what is wrong. */
export function describeConfigErrors(errors: ErrorObject[]): string[] {
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
        if (params.missingProperty === 'command')
          line += ' (a server needs either "command" for stdio or "url" for HTTP)';
        if (params.missingProperty === 'mcpServers')
          line += ' (a config lists its servers in "mcpServers", or in "servers" as VS Code does)';
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
          .map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`))
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

/** The problems of a config in the dashboard's shape; empty when it is valid. */
export function configProblems(value: unknown): string[] {
  if (!validate(value)) return describeConfigErrors(validate.errors ?? []);
  // The schema is DashboardConfig's (config-schema.ts); the generated validator is typed for any value.
  return crossCheck(value as DashboardConfig);
}

/** Rules JSON Schema cannot express: names in `dashboard` must refer to configured servers; an `oauth` object must be coherent. */
function crossCheck(config: DashboardConfig): string[] {
  const problems: string[] = [];
  const verifiers = (config.dashboard?.passkeys as { verifiers?: string[] } | undefined)?.verifiers ?? [];
  verifiers.forEach((name, i) => {
    if (!Object.prototype.hasOwnProperty.call(config.mcpServers, name)) {
      problems.push(`at /dashboard/passkeys/verifiers/${i}: there is no server "${name}" in mcpServers`);
    } else if (!('command' in config.mcpServers[name]!)) {
      problems.push(
        `at /dashboard/passkeys/verifiers/${i}: "${name}" is an HTTP server; only stdio servers can be given the verifier token (through their environment)`,
      );
    }
  });
  for (const [name, server] of Object.entries(config.mcpServers)) {
    if (!isStdioServer(server) && server.oauth) problems.push(...checkOAuthConfig(name, server.oauth));
    if (isStdioServer(server) && server.shared === true && server.single === true)
      problems.push(
        `at /mcpServers/${name}: "shared" and "single" cannot both be true ("single": one session at a time; "shared": every session on one process)`,
      );
    if (isStdioServer(server) && server.shared === true && server.maxChildren !== undefined)
      problems.push(
        `at /mcpServers/${name}/maxChildren: a "shared" server runs one process; remove "maxChildren" or "shared"`,
      );
  }
  return problems;
}
