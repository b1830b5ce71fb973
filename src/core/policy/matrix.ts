/**
 * The invocation policy matrix, as data. Rows are tried top to bottom; the first that matches decides.
 * docs/policy.md shows this table (a test keeps the two in step) and policy/engine.ts implements it.
 */

/** What the host does with a call. */
export type Decision = 'allow' | 'confirm' | 'passkey' | 'deny';

/**
 * What a remembered consent may cover (docs/policy.md, "Remember scopes"):
 * - `tool`: this tool, for this caller — for this session, or until you forget it;
 * - `server-reads`: every read-only tool the server lists now (each as it is now), for this caller —
 *   for this session, or until you forget it;
 * - `view`: this tool, for one MCP App view while it is open (app callers only).
 */
export type RememberScope = 'tool' | 'server-reads' | 'view';

/** One row of the matrix. */
export interface MatrixRow {
  id: string;
  decision: Decision;
  /** True when the dialog offers to remember the consent (and a remembered consent turns the row into A2). */
  rememberable: boolean;
  /** The scopes a consent may be remembered for (empty when not rememberable). */
  scopes: readonly RememberScope[];
  /** When the row applies. */
  when: string;
  /** Spec rules behind it. */
  why: string;
}

/** The matrix (first match wins). */
export const POLICY_MATRIX: readonly MatrixRow[] = [
  {
    id: 'X1',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'the tool declares an mcpletType other than read, prepare or action',
    why: 'MCPlet §5.3.1',
  },
  {
    id: 'X4',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'the tool declares a visibility with no known surface (model, app)',
    why: 'MCPlet §8.1',
  },
  {
    id: 'X5',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'the tool declares _meta.auth that is malformed or not "passkey"',
    why: 'MCPlet §6.7',
  },
  {
    id: 'X2',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'the tool is an action visible to the model without _meta.auth',
    why: 'MCPlet §4.2, §5.3.1, §16.1',
  },
  {
    id: 'X3',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'the tool declares no mcpletType and policy.strictMcplet is on',
    why: 'MCPlet §5.3.1, §16.1',
  },
  {
    id: 'X6',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'the tool names a pool missing from dashboard.pools and policy.strictMcplet is on',
    why: 'MCPlet §5.3.3',
  },
  {
    id: 'D1',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'a widget or app calls a tool of a server other than its own (or an app does not say which server it belongs to)',
    why: 'MCP Apps (own server only); least privilege',
  },
  {
    id: 'D2',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'the calling widget is untrusted (or unknown to the host)',
    why: 'MCP-WP-11.4.4',
  },
  {
    id: 'D3',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'the calling widget was not granted mcpOperations.invokeTool',
    why: 'MCP-WP-11.4.2, 11.4.3',
  },
  {
    id: 'D4',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'an app calls a tool not visible to apps (model-only)',
    why: 'MCPlet §8.2',
  },
  {
    id: 'D5',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'an agent calls a tool not visible to the model (app-only)',
    why: 'MCPlet §8.2',
  },
  {
    id: 'D6',
    decision: 'deny',
    rememberable: false,
    scopes: [],
    when: 'an agent calls a tool in a pool the dashboard config does not grant that agent',
    why: 'MCPlet §3.4, §16.1',
  },
  {
    id: 'K1',
    decision: 'passkey',
    rememberable: false,
    scopes: [],
    when: 'the tool requires a passkey with strict enforcement (any caller, any trust)',
    why: 'MCPlet §6.7, §7.2, §16.2',
  },
  {
    id: 'T1',
    decision: 'passkey',
    rememberable: false,
    scopes: [],
    when: 'a team passkey rule covers the tool (team mode): the gateway verifies the assertion before it forwards the call',
    why: 'docs/team.md',
  },
  {
    id: 'C1',
    decision: 'confirm',
    rememberable: false,
    scopes: [],
    when: 'the tool requires a passkey with host-only enforcement: explicit confirmation, no assertion',
    why: 'MCPlet §6.7, §7.2',
  },
  {
    id: 'C2',
    decision: 'confirm',
    rememberable: false,
    scopes: [],
    when: 'the tool is an action (even for enterprise widgets)',
    why: 'MCPlet §4',
  },
  {
    id: 'C5',
    decision: 'confirm',
    rememberable: false,
    scopes: [],
    when: 'a read or prepare tool that the server also marks destructive',
    why: 'MCP-WP-11.2.1; conflicting declarations',
  },
  {
    id: 'C9',
    decision: 'confirm',
    rememberable: false,
    scopes: [],
    when: 'a standard MCP tool the server marks destructive (destructiveHint: true): every call, whoever asks',
    why: 'MCP-WP-11.2.1; MCP tool annotations (destructive)',
  },
  {
    id: 'C3',
    decision: 'confirm',
    rememberable: true,
    scopes: ['tool', 'view'],
    when: 'an app calls an app-only standard MCP tool of its own server (the app\u2019s own plumbing): first time',
    why: 'MCP-WP-11.2.1, 11.4.4 (first-time only)',
  },
  {
    id: 'C10',
    decision: 'confirm',
    rememberable: false,
    scopes: [],
    when: 'an agent calls a standard MCP tool that declares readOnlyHint: true and openWorldHint: true: every call',
    why: 'MCP-WP-11.2.1; an agent chooses the arguments of a tool that reaches outside systems',
  },
  {
    id: 'C11',
    decision: 'confirm',
    rememberable: true,
    scopes: ['tool', 'server-reads', 'view'],
    when: 'a standard MCP tool that declares readOnlyHint: true (any caller): first time',
    why: 'MCP-WP-11.2.1, 11.4.4 (first-time only); MCP tool annotations (read-only, a claim of the server)',
  },
  {
    id: 'C12',
    decision: 'confirm',
    rememberable: true,
    scopes: ['view'],
    when: 'an MCP App calls the tool that opened it (its own view\u2019s tool), not marked destructive: first time in that view',
    why: 'MCP-WP-11.2.1, 11.4.4 (first-time only); MCP Apps (a view refreshes its own data)',
  },
  {
    id: 'C4',
    decision: 'confirm',
    rememberable: false,
    scopes: [],
    when: 'any other standard MCP tool (no mcpletType, not declared read-only): every call',
    why: 'MCP-WP-11.2.1',
  },
  {
    id: 'A1',
    decision: 'allow',
    rememberable: false,
    scopes: [],
    when: 'an enterprise widget calls a read or prepare tool',
    why: 'MCP-WP-11.4.4 (enterprise: no confirmation)',
  },
  {
    id: 'C6',
    decision: 'confirm',
    rememberable: true,
    scopes: ['tool', 'server-reads', 'view'],
    when: 'a read tool (any caller)',
    why: 'MCP-WP-11.2.1; MCPlet §4 (read is safe for autonomous use)',
  },
  {
    id: 'C7',
    decision: 'confirm',
    rememberable: true,
    scopes: ['tool'],
    when: 'a prepare tool called from the dashboard or a community/verified widget',
    why: 'MCP-WP-11.4.4 (first-time only)',
  },
  {
    id: 'C8',
    decision: 'confirm',
    rememberable: false,
    scopes: [],
    when: 'a prepare tool called by an app or an agent: every call',
    why: 'MCPlet §4 (present gathered data before acting)',
  },
  {
    id: 'A2',
    decision: 'allow',
    rememberable: false,
    scopes: [],
    when: 'a row marked rememberable matched and you remembered your consent for this caller in a scope the row allows, and the tool\u2019s description, schema and hints are unchanged since',
    why: 'MCP-WP-11.4.4',
  },
];

/** A row by id (throws on a typo: the engine and the table must agree). */
export function matrixRow(id: string): MatrixRow {
  const row = POLICY_MATRIX.find((r) => r.id === id);
  if (!row) throw new Error(`policy matrix has no row ${id}`);
  return row;
}
