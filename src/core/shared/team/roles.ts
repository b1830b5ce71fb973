/**
 * Team roles: which servers, tools, MCPlet types, resources and prompts a member's groups grant, and, when
 * nothing grants a request, which role would. Pure (no I/O): the gateway decides every relayed message with
 * it in team mode, and the page uses it to explain a refusal. The table's shape is checked by
 * `teamRolesProblems` (roles-validate.ts); this module assumes a checked table.
 *
 * Names are compared exactly, as the server sent them: a tool whose name differs only by case or by a
 * look-alike character is another tool, and nothing grants it unless a pattern matches it byte for byte.
 * A pattern may use `*` for any run of characters (`read_*`); every other character stands for itself.
 */

/** Everything (`"*"`), or names and `*` patterns. */
export type Grant = '*' | string[];

/** What a role may use on one server (or on every server, under `"*"`). */
export interface ServerGrant {
  /** Tools by name or pattern. Absent: every tool, unless `mcpletTypes` narrows them. */
  tools?: Grant;
  /** MCPlet types (`read`, `prepare`, `action`) whose tools the role may call, whatever their name. */
  mcpletTypes?: string[];
  /** Resource URIs by URI or pattern. Absent: every resource of the server. */
  resources?: Grant;
  /** Prompts by name or pattern. Absent: every prompt of the server. */
  prompts?: Grant;
}

/** One row of the roles table. */
export interface TeamRole {
  name: string;
  /** The identity provider's groups whose members have this role. */
  groups: string[];
  /** Admins read everyone's audit records, see people and sessions, and edit team dashboards. */
  admin?: boolean;
  /** May install widgets for the team. */
  installWidgets?: boolean;
  /** Servers by name; `"*"` stands for every configured server. */
  servers: Record<string, ServerGrant>;
}

/** What a member asks of a server, as the gateway reads it from a JSON-RPC message. */
export type TeamRequest =
  | { kind: 'tool'; server: string; name: string; mcpletType?: string }
  | { kind: 'resource'; server: string; uri: string }
  | { kind: 'prompt'; server: string; name: string };

/** The answer: the role that grants it, or why not and which roles would. */
export type TeamDecision = { allowed: true; role: string } | { allowed: false; reason: string; wouldAllow: string[] };

const patternCache = new Map<string, RegExp>();

/** Whether `name` matches a name or `*` pattern, exactly (no case folding, no Unicode normalisation). */
export function matchesPattern(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  let re = patternCache.get(pattern);
  if (!re) {
    const body = pattern
      .split('*')
      .map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, '\\$&'))
      .join('[\\s\\S]*');
    re = new RegExp(`^${body}$`, 'u');
    patternCache.set(pattern, re);
  }
  return re.test(name);
}

function granted(grant: Grant | undefined, name: string): boolean {
  if (grant === undefined || grant === '*') return true;
  return grant.some((pattern) => matchesPattern(pattern, name));
}

/** Whether one server grant covers the request. */
function grantCovers(grant: ServerGrant, request: TeamRequest): boolean {
  switch (request.kind) {
    case 'tool': {
      const byType =
        grant.mcpletTypes !== undefined &&
        request.mcpletType !== undefined &&
        grant.mcpletTypes.includes(request.mcpletType);
      if (grant.tools === undefined) return grant.mcpletTypes === undefined || byType;
      return granted(grant.tools, request.name) || byType;
    }
    case 'resource':
      return granted(grant.resources, request.uri);
    case 'prompt':
      return granted(grant.prompts, request.name);
  }
}

/** Whether a role covers the request: through its entry for the server, or its `"*"` entry. */
export function roleAllows(role: TeamRole, request: TeamRequest): boolean {
  const own = Object.hasOwn(role.servers, request.server) ? role.servers[request.server] : undefined;
  const any = Object.hasOwn(role.servers, '*') ? role.servers['*'] : undefined;
  return [own, any].some((grant) => grant !== undefined && grantCovers(grant, request));
}

/** The roles a member has, from the groups the identity provider says they are in (table order). */
export function rolesForGroups(roles: readonly TeamRole[], groups: readonly string[]): TeamRole[] {
  const mine = new Set(groups);
  return roles.filter((role) => role.groups.some((group) => mine.has(group)));
}

function describe(request: TeamRequest): string {
  switch (request.kind) {
    case 'tool':
      return `the tool "${request.name}" of "${request.server}"`;
    case 'resource':
      return `the resource "${request.uri}" of "${request.server}"`;
    case 'prompt':
      return `the prompt "${request.name}" of "${request.server}"`;
  }
}

/** Decides a member's request: allowed by the first of their roles that covers it, else refused with who could. */
export function decideTeamRequest(
  roles: readonly TeamRole[],
  memberRoles: readonly string[],
  request: TeamRequest,
): TeamDecision {
  const byName = new Map(roles.map((role) => [role.name, role]));
  for (const name of memberRoles) {
    const role = byName.get(name);
    if (role && roleAllows(role, request)) return { allowed: true, role: role.name };
  }
  const wouldAllow = roles.filter((role) => roleAllows(role, request)).map((role) => role.name);
  const yours = memberRoles.length
    ? `your role${memberRoles.length > 1 ? 's' : ''} (${memberRoles.join(', ')})`
    : 'no role of yours';
  const who = wouldAllow.length
    ? `the role${wouldAllow.length > 1 ? 's' : ''} ${wouldAllow.map((r) => `"${r}"`).join(', ')} would allow it; ask an admin`
    : 'no role of this team allows it';
  return { allowed: false, reason: `${describe(request)} is not granted to ${yours}: ${who}.`, wouldAllow };
}

/** Whether any of the member's roles is an admin role. */
export function isTeamAdmin(roles: readonly TeamRole[], memberRoles: readonly string[]): boolean {
  return roles.some((role) => role.admin === true && memberRoles.includes(role.name));
}
