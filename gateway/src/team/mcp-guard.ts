import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { decideTeamRequest, type TeamRequest, type TeamRole } from '../../../src/core/shared/team/roles.js';
import { declaredMcpletType } from '../../../src/core/shared/team/team-config.js';
import { argumentsDigest } from '../audit/audit-chain.js';
import type { Person } from './browser-sessions.js';
import { AuditUnavailable, type TeamAudit } from './team-audit.js';
import type { TeamPasskeys } from './team-passkeys.js';

/**
 * The gateway as the team's enforcement point (docs/team.md, "What the gateway enforces"): every JSON-RPC
 * message a member sends to `/mcp/<server>` is decided against their roles (roles.ts, shared with the page)
 * before anything is forwarded, calls are audited before they are forwarded, and the lists a server answers
 * are narrowed to what the member may call. Methods the gateway does not know are not relayed in team mode.
 */

/** The JSON-RPC error code of a message the member's roles do not allow. */
export const TEAM_REFUSED = -32051;
/** The JSON-RPC error code of a call refused because the audit log cannot be written. */
export const AUDIT_DOWN = -32052;
/** The JSON-RPC error code of a call a team passkey rule covers whose assertion is missing or not valid. */
export const PASSKEY_NEEDED = -32053;

/** Methods any member may send: they read lists (narrowed on the way back) or manage the session. */
const FREE = new Set([
  'initialize',
  'ping',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'logging/setLevel',
  'resources/unsubscribe',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
]);
/** Methods whose calls are audited. */
const AUDITED = new Set(['tools/call', 'resources/read', 'prompts/get']);
/** The caller surfaces a page may claim (recorded as claimed; a decision never depends on it). */
const SURFACES = new Set(['person', 'widget', 'app', 'agent']);
export const SURFACE_META = 'dev.mcp-dashboard/surface';

type Id = string | number;
interface Message {
  id?: Id | null;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: { message?: unknown };
}

/** What a message asks of the server: a request for the roles table, `free`, or why it is not relayed. */
export type Ask = { kind: 'decide'; request: TeamRequest } | { kind: 'free' } | { kind: 'refuse'; reason: string };

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Reads what one message asks; `toolTypes` are the MCPlet types the server's tools declare. */
export function askOf(server: string, message: Message, toolTypes: ReadonlyMap<string, string>): Ask {
  if (typeof message.method !== 'string') return { kind: 'free' }; // a response to the server's own request
  const method = message.method;
  if (method.startsWith('notifications/') || FREE.has(method)) return { kind: 'free' };
  const params = record(message.params);
  const text = (value: unknown, what: string): string | Ask =>
    typeof value === 'string' ? value : { kind: 'refuse', reason: `"${method}" needs ${what} as a string.` };
  switch (method) {
    case 'tools/call': {
      const name = text(params.name, 'params.name');
      if (typeof name !== 'string') return name;
      const mcpletType = toolTypes.get(name);
      return { kind: 'decide', request: { kind: 'tool', server, name, ...(mcpletType ? { mcpletType } : {}) } };
    }
    case 'resources/read':
    case 'resources/subscribe': {
      const uri = text(params.uri, 'params.uri');
      return typeof uri === 'string' ? { kind: 'decide', request: { kind: 'resource', server, uri } } : uri;
    }
    case 'prompts/get': {
      const name = text(params.name, 'params.name');
      return typeof name === 'string' ? { kind: 'decide', request: { kind: 'prompt', server, name } } : name;
    }
    case 'completion/complete': {
      const ref = record(params.ref);
      if (ref.type === 'ref/prompt' && typeof ref.name === 'string')
        return { kind: 'decide', request: { kind: 'prompt', server, name: ref.name } };
      if (ref.type === 'ref/resource' && typeof ref.uri === 'string')
        return { kind: 'decide', request: { kind: 'resource', server, uri: ref.uri } };
      return { kind: 'refuse', reason: '"completion/complete" needs a prompt or resource reference.' };
    }
    default:
      return { kind: 'refuse', reason: `The method "${method}" is not relayed in team mode.` };
  }
}

function idKey(id: Id): string {
  return `${typeof id}:${String(id)}`;
}

/** The answer to one refused request. */
function refusal(id: Id | null | undefined, code: number, message: string, data?: unknown): unknown {
  return { jsonrpc: '2.0', id: id ?? null, error: { code, message, ...(data ? { data } : {}) } };
}

/** The MCPlet types each server's tools declare, learned from the lists the servers answer. */
export class ToolTypes {
  private readonly byServer = new Map<string, Map<string, string>>();

  of(server: string): Map<string, string> {
    let types = this.byServer.get(server);
    if (!types) this.byServer.set(server, (types = new Map()));
    return types;
  }
}

/** What the guard needs from team mode. */
export interface GuardContext {
  roles(): readonly TeamRole[];
  audit: TeamAudit;
  toolTypes: ToolTypes;
  /** Team passkey rules and each person's passkeys (absent: no rule applies). */
  passkeys?: Pick<TeamPasskeys, 'ruleFor' | 'verifyCall' | 'refusal'>;
}

/**
 * One relay session's guard: it belongs to the person who opened the session, remembers which of its
 * requests are audited calls, ends their audit records when the answers pass, and narrows list answers.
 */
export class SessionGuard {
  private readonly expected = new Map<string, { method: string; seq?: number }>();

  constructor(
    readonly owner: Person,
    private readonly server: string,
    private readonly ctx: GuardContext,
  ) {}

  /** A request of this session was admitted: its answer will pass `outgoing`. */
  expect(id: Id, method: string, seq?: number): void {
    this.expected.set(idKey(id), { method, ...(seq !== undefined ? { seq } : {}) });
  }

  /** A message on its way to the page: a list narrowed to what the owner may call, an audited call ended. */
  async outgoing(message: JSONRPCMessage): Promise<JSONRPCMessage> {
    const m = message as Message;
    if (m.method !== undefined || m.id === undefined || m.id === null) return message;
    const key = idKey(m.id);
    const expected = this.expected.get(key);
    if (!expected) return message;
    this.expected.delete(key);
    if (expected.seq !== undefined) {
      const isError = m.error !== undefined || record(m.result).isError === true;
      const detail =
        m.error !== undefined ? String(m.error.message ?? 'error') : isError ? 'the tool reported an error' : '';
      await this.ctx.audit.end(expected.seq, isError ? 'error' : 'ok', detail || undefined);
    }
    if (m.result === undefined) return message;
    const narrowed = this.narrow(expected.method, record(m.result));
    return narrowed ? ({ ...message, result: narrowed } as JSONRPCMessage) : message;
  }

  private narrow(method: string, result: Record<string, unknown>): Record<string, unknown> | undefined {
    return narrowAnswer(this.ctx, this.owner, this.server, method, result);
  }
}

/**
 * A list answer narrowed to what `person` may call on `server` (tools, resources, resource templates, prompts);
 * undefined for any other method. Tools' MCPlet types are remembered for the decisions of later calls.
 */
export function narrowAnswer(
  ctx: GuardContext,
  person: Person,
  server: string,
  method: string,
  result: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const allows = (request: TeamRequest) => decideTeamRequest(ctx.roles(), person.roles, request).allowed;
  const list = (key: string, keep: (item: Record<string, unknown>) => boolean) =>
    Array.isArray(result[key])
      ? { ...result, [key]: (result[key] as unknown[]).filter((i) => keep(record(i))) }
      : undefined;
  switch (method) {
    case 'tools/list': {
      const types = ctx.toolTypes.of(server);
      return list('tools', (tool) => {
        if (typeof tool.name !== 'string') return false;
        const mcpletType = declaredMcpletType(tool);
        if (mcpletType) types.set(tool.name, mcpletType);
        else types.delete(tool.name);
        return allows({ kind: 'tool', server, name: tool.name, ...(mcpletType ? { mcpletType } : {}) });
      });
    }
    case 'resources/list':
      return list('resources', (r) => typeof r.uri === 'string' && allows({ kind: 'resource', server, uri: r.uri }));
    case 'resources/templates/list':
      return list(
        'resourceTemplates',
        (t) => typeof t.uriTemplate === 'string' && allows({ kind: 'resource', server, uri: t.uriTemplate }),
      );
    case 'prompts/list':
      return list('prompts', (p) => typeof p.name === 'string' && allows({ kind: 'prompt', server, name: p.name }));
    default:
      return undefined;
  }
}

/** The guard's verdict on one POST body: relay it, or answer it with these errors (status 200). */
export type Admission = { relay: true } | { relay: false; answer: unknown };

/**
 * Decides a POST body (one message or a batch) for `person` on `server`. Every request is decided first; if any
 * is refused, nothing of the body is relayed and each request gets an answer (the refused ones say which role
 * would allow them). Allowed calls get their audit `begin` on disk before the body is relayed; a refused call is
 * audited as refused. `session` is the person's relay session (absent on `initialize`).
 */
export async function admit(
  ctx: GuardContext,
  person: Person,
  server: string,
  body: unknown,
  session: SessionGuard | undefined,
): Promise<Admission> {
  const batch = Array.isArray(body);
  const messages = (batch ? body : [body]) as Message[];
  const types = ctx.toolTypes.of(server);
  const verdicts = await Promise.all(
    messages.map(async (message): Promise<{ message: Message; ask: Ask; decision: Verdict | undefined }> => {
      const ask = askOf(server, record(message) as Message, types);
      if (ask.kind !== 'decide') return { message, ask, decision: undefined };
      const decision = decideTeamRequest(ctx.roles(), person.roles, ask.request);
      if (!decision.allowed) return { message, ask, decision };
      if (ask.request.kind !== 'tool')
        return { message, ask, decision: { allowed: true, role: `role ${decision.role}` } };
      return { message, ask, decision: await passkeyCheck(ctx, person, ask.request, message, decision) };
    }),
  );
  const surfaceOf = (message: Message): string => {
    const claimed = record(record(message.params)._meta)[SURFACE_META];
    return typeof claimed === 'string' && SURFACES.has(claimed)
      ? claimed
      : claimed === undefined
        ? 'page'
        : 'unrecognized';
  };
  const actor = { sub: person.sub, ...(person.email ? { email: person.email } : {}) };
  const auditEntry = async (message: Message, decision: 'allow' | 'deny', rule: string) => {
    const params = record(message.params);
    const ask = askOf(server, message, types) as Extract<Ask, { kind: 'decide' }>;
    const request = ask.request;
    return ctx.audit.begin({
      kind: 'begin',
      actor,
      server,
      method: String(message.method),
      name: request.kind === 'resource' ? request.uri : request.name,
      argsDigest: argumentsDigest(params.arguments ?? {}),
      surface: surfaceOf(message),
      decision,
      rule,
    });
  };
  const refused = verdicts.some((v) => v.ask.kind === 'refuse' || (v.decision && !v.decision.allowed));
  const needsSession = verdicts.some((v) => v.ask.kind === 'decide') && !session;
  if (refused || needsSession) {
    const answers: unknown[] = [];
    try {
      for (const { message, ask, decision } of verdicts) {
        if (message?.id === undefined) continue;
        if (ask.kind === 'refuse') answers.push(refusal(message.id, TEAM_REFUSED, ask.reason));
        else if (decision && !decision.allowed) {
          if (AUDITED.has(String(message.method))) await auditEntry(message, 'deny', decision.reason);
          answers.push(
            'passkey' in decision
              ? refusal(message.id, PASSKEY_NEEDED, decision.reason, { passkey: true })
              : refusal(message.id, TEAM_REFUSED, decision.reason, { wouldAllow: decision.wouldAllow }),
          );
        } else if (needsSession && ask.kind === 'decide')
          answers.push(refusal(message.id, -32600, 'Open a session (initialize) before calling.'));
        else answers.push(refusal(message.id, TEAM_REFUSED, 'Not relayed: another message of this batch was refused.'));
      }
    } catch (error) {
      if (!(error instanceof AuditUnavailable)) throw error;
      return { relay: false, answer: batch ? answers : answers[0] };
    }
    return { relay: false, answer: batch ? answers : (answers[0] ?? null) };
  }
  for (const { message, decision } of verdicts) {
    if (!session || message?.id === undefined || message.id === null || typeof message.method !== 'string') continue;
    let seq: number | undefined;
    if (decision && AUDITED.has(message.method)) {
      try {
        seq = await auditEntry(message, 'allow', decision.allowed ? decision.role : '');
      } catch (error) {
        if (!(error instanceof AuditUnavailable)) throw error;
        const answer = refusal(message.id, AUDIT_DOWN, error.message);
        return { relay: false, answer: batch ? [answer] : answer };
      }
    }
    session.expect(message.id, message.method, seq);
  }
  return { relay: true };
}

/** What a verdict says: allowed by a role (and its passkey, when a rule asked), or refused with why. */
type Verdict =
  { allowed: true; role: string } | { allowed: false; reason: string; wouldAllow: string[]; passkey?: true };

/**
 * A call a role allows that a team passkey rule covers goes on only with a valid assertion of the person's
 * passkey, bound to this server, tool and arguments (checked and used up here, before anything is forwarded).
 */
async function passkeyCheck(
  ctx: GuardContext,
  person: Person,
  request: Extract<TeamRequest, { kind: 'tool' }>,
  message: Message,
  decision: Extract<Verdict, { allowed: true }>,
): Promise<Verdict> {
  const rule = ctx.passkeys?.ruleFor(request.server, request);
  if (!rule || !ctx.passkeys) return { allowed: true, role: `role ${decision.role}` };
  const params = record(message.params);
  const result = await ctx.passkeys.verifyCall(person, request.server, request.name, params.arguments, params._meta);
  if (result.verified) return { allowed: true, role: `role ${decision.role}; passkey verified` };
  return { allowed: false, reason: ctx.passkeys.refusal(rule, result), wouldAllow: [], passkey: true };
}
