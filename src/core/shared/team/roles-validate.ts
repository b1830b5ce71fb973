import Ajv, { type ValidateFunction } from 'ajv';
import { describeConfigErrors } from '../config/config-validate.js';
import { SERVER_NAME_PATTERN } from '../config/config-schema.js';
import type { TeamRole } from './roles.js';

/**
 * Checks a team's roles table (`team.roles`): its shape through a JSON Schema (ajv, as the rest of the
 * config), then what a schema cannot say — role names are unique, every server a role names is configured
 * (with the nearest configured name as a hint), and no group list is empty. One line per problem, with where.
 */

const grant = {
  anyOf: [{ const: '*' }, { type: 'array', minItems: 1, items: { type: 'string', minLength: 1, maxLength: 512 } }],
};

export const teamRolesSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'groups', 'servers'],
    properties: {
      name: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$' },
      groups: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1, maxLength: 256 } },
      admin: { type: 'boolean' },
      installWidgets: { type: 'boolean' },
      servers: {
        type: 'object',
        propertyNames: { anyOf: [{ const: '*' }, { pattern: SERVER_NAME_PATTERN }] },
        additionalProperties: {
          type: 'object',
          additionalProperties: false,
          properties: {
            tools: grant,
            mcpletTypes: { type: 'array', items: { enum: ['read', 'prepare', 'action'] } },
            resources: grant,
            prompts: grant,
          },
        },
      },
    },
  },
} as const;

const ajv = new Ajv({ allErrors: true, strict: false });
/** Compiled at first use: only team mode reads a roles table. */
let compiled: ValidateFunction<TeamRole[]> | undefined;
const validator = () => (compiled ??= ajv.compile<TeamRole[]>(teamRolesSchema));

/** Levenshtein distance, for "did you mean" on a mistyped server name. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

function nearest(name: string, names: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const candidate of names) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d <= Math.max(2, Math.floor(name.length / 3)) && (!best || d < best.d)) best = { name: candidate, d };
  }
  return best?.name;
}

/** The problems of a roles table, given the configured server names; empty when it can be used. */
export function teamRolesProblems(value: unknown, serverNames: readonly string[], at = '/team/roles'): string[] {
  const validate = validator();
  if (!validate(value)) {
    return describeConfigErrors(
      (validate.errors ?? []).map((error) => ({ ...error, instancePath: `${at}${error.instancePath}` })),
    );
  }
  const problems: string[] = [];
  const seen = new Map<string, number>();
  value.forEach((role, i) => {
    const first = seen.get(role.name);
    if (first !== undefined)
      problems.push(`at ${at}/${i}/name: the role "${role.name}" is already defined at ${at}/${first}`);
    else seen.set(role.name, i);
    for (const server of Object.keys(role.servers)) {
      if (server === '*' || serverNames.includes(server)) continue;
      const hint = nearest(server, serverNames);
      problems.push(
        `at ${at}/${i}/servers: the role "${role.name}" names the server "${server}", which is not in mcpServers${hint ? ` (did you mean "${hint}"?)` : ''}`,
      );
    }
  });
  return problems;
}
