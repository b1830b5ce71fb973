import type { ToolClassification } from '../mcplet/classify.js';
import type { CallerContext, TrustLevel } from '../shared/types.js';
import { matrixRow, type Decision, type RememberScope } from './matrix.js';
import type { EffectivePermissions } from './trust.js';

/** Everything the policy looks at for one call. */
export interface PolicyInput {
  /** The server the tool belongs to. */
  serverName: string;
  toolName: string;
  classification: ToolClassification;
  caller: CallerContext;
  /** The server the caller is bound to (widget's or app's own server), when known. */
  callerServerName?: string;
  /** For widget callers: trust and effective permissions (absent = unknown widget). */
  widget?: { trust: TrustLevel; permissions: EffectivePermissions };
  /** For agent callers: the pools the dashboard config grants this agent. */
  agentPools?: readonly string[];
  /**
   * Remembered consents that match this call (same caller, tool metadata unchanged): the scopes they
   * were given in, or `true` for "a consent in any scope" (tests). A consent counts only in a scope the
   * matched row allows.
   */
  remembered: boolean | readonly RememberScope[];
  /** Team mode: the team passkey rule that covers the call, in words (the gateway verifies the passkey). */
  teamPasskey?: string;
}

/** The policy's answer, with a reason a person can read. */
export interface PolicyDecision {
  decision: Decision;
  /** Matrix row (docs/policy.md). */
  rule: string;
  reason: string;
  /** Remembering may be offered (in `scopes`). */
  rememberable: boolean;
  /** The scopes a remembered consent may have for this row and this caller. */
  scopes: RememberScope[];
  /** For A2: the row the remembered consent stands in for. */
  rememberedRule?: string;
  /** For denials: what kind of rule refused (a widget's own limits are permission violations). */
  refusal?: 'classification' | 'binding' | 'trust' | 'permission' | 'visibility' | 'pool';
}

function outcome(
  rule: string,
  reason: string,
  refusal?: PolicyDecision['refusal'],
  caller?: CallerContext,
): PolicyDecision {
  const row = matrixRow(rule);
  // "For this view" needs a view: only app callers that name the open view get it.
  const scopes = row.scopes.filter(
    (s) => s !== 'view' || (caller?.surface === 'app' && typeof caller.viewId === 'string' && caller.viewId !== ''),
  );
  return {
    decision: row.decision,
    rule,
    reason,
    rememberable: scopes.length > 0,
    scopes,
    ...(refusal ? { refusal } : {}),
  };
}

/**
 * What the tool declares about itself in its annotations, in words ("declares readOnlyHint: true,
 * openWorldHint: false"); empty when it declares none. These are the server's claims.
 */
export function declaredHints(
  c: Pick<ToolClassification, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>,
): string {
  const parts = (['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
    .filter((k) => c[k] !== undefined)
    .map((k) => `${k}: ${String(c[k])}`);
  return parts.join(', ');
}

function claims(c: ToolClassification): string {
  const hints = declaredHints(c);
  return hints
    ? `the server declares ${hints} (a claim the dashboard cannot check)`
    : 'the server declares no hints about what it does (no annotations)';
}

function callerText(caller: CallerContext): string {
  switch (caller.surface) {
    case 'widget':
      return `widget "${caller.id}"`;
    case 'app':
      return `app "${caller.id}"`;
    case 'agent':
      return `agent "${caller.id}"`;
    default:
      return 'the dashboard';
  }
}

/**
 * Decides what happens to one tool call: allow, confirm, passkey or deny, with the matrix row and a
 * human reason (docs/policy.md). Pure: same input, same answer; no I/O.
 */
export function decide(input: PolicyInput): PolicyDecision {
  const c = input.classification;
  const { caller } = input;
  const who = callerText(caller);
  const tool = `"${input.toolName}"`;

  if (c.exclusion)
    return outcome(c.exclusion.rule, `Tool ${tool} is excluded: ${c.exclusion.reason}.`, 'classification');

  if (caller.surface === 'widget' || caller.surface === 'app') {
    if (!input.callerServerName) {
      return outcome('D1', `The ${who} did not say which server it belongs to, so it may not call tools.`, 'binding');
    }
    if (input.callerServerName !== input.serverName) {
      return outcome(
        'D1',
        `The ${who} belongs to server "${input.callerServerName}" and may not call tools of "${input.serverName}".`,
        'binding',
      );
    }
  }
  if (caller.surface === 'widget') {
    if (!input.widget || input.widget.trust === 'untrusted') {
      return outcome(
        'D2',
        `The ${who} is untrusted, so it may not run MCP operations (MCP-WP-11.4.4). Grant it trust in the dashboard config ("dashboard.trust").`,
        'trust',
      );
    }
    if (!input.widget.permissions.invokeTool) {
      return outcome(
        'D3',
        `The ${who} has no permission to invoke tools (it must declare permissions.mcpOperations.invokeTool, MCP-WP-11.4.2).`,
        'permission',
      );
    }
  }
  if (caller.surface === 'app' && !c.visibility.includes('app')) {
    return outcome(
      'D4',
      `Tool ${tool} is not visible to apps (visibility: ${c.visibility.join(', ') || 'none'}), so the ${who} may not call it (MCPlet §8.2).`,
      'visibility',
    );
  }
  if (caller.surface === 'agent') {
    if (!c.visibility.includes('model')) {
      return outcome('D5', `Tool ${tool} is app-only and hidden from models and agents (MCPlet §8.2).`, 'visibility');
    }
    if (c.pool && c.poolKnown !== false && !(input.agentPools ?? []).includes(c.pool)) {
      return outcome(
        'D6',
        `Tool ${tool} belongs to pool "${c.pool}", which the dashboard config does not grant to the ${who} (MCPlet §3.4).`,
        'pool',
      );
    }
  }

  if (c.auth?.enforcement === 'strict') {
    return outcome('K1', `Tool ${tool} requires your passkey: the server verifies it before it acts (MCPlet §7).`);
  }
  if (input.teamPasskey) {
    return outcome(
      'T1',
      `Your team asks for a passkey for ${input.teamPasskey}: the gateway checks it before the call reaches the server.`,
    );
  }
  if (c.auth?.enforcement === 'host-only') {
    return outcome(
      'C1',
      `Tool ${tool} requires your explicit confirmation each time (passkey, host-only enforcement).`,
    );
  }
  if (c.mcpletType === 'action') {
    return outcome(
      'C2',
      `Tool ${tool} is an action: it changes something, so every call needs your confirmation (MCPlet §4).`,
    );
  }
  if (c.kind === 'mcplet' && c.destructiveHint === true) {
    return outcome(
      'C5',
      `Tool ${tool} is declared ${c.mcpletType} but the server also marks it destructive, so every call is confirmed.`,
    );
  }

  let base: PolicyDecision;
  if (c.kind === 'plain') {
    const ownView = caller.surface === 'app' && c.uiResourceUri !== undefined && caller.resourceUri === c.uiResourceUri;
    if (c.destructiveHint === true) {
      return outcome(
        'C9',
        `Tool ${tool} is a standard MCP tool and ${claims(c)}: it may delete or overwrite things, so every call needs your confirmation.`,
      );
    }
    if (caller.surface === 'app' && c.visibility.length === 1 && c.visibility[0] === 'app') {
      base = outcome(
        'C3',
        `Tool ${tool} is a standard MCP tool that only its app may call; ${claims(c)}. Confirm once, and you may remember it for this app.`,
        undefined,
        caller,
      );
    } else if (c.readOnly && caller.surface === 'agent' && c.openWorldHint === true) {
      return outcome(
        'C10',
        `Tool ${tool} is a standard MCP tool and ${claims(c)}: it reaches outside systems with arguments the ${who} chose, so every call needs your confirmation.`,
      );
    } else if (c.readOnly) {
      base = outcome(
        'C11',
        `Tool ${tool} is a standard MCP tool and ${claims(c)}. Confirm once, and you may remember it.`,
        undefined,
        caller,
      );
    } else if (ownView) {
      base = outcome(
        'C12',
        `Tool ${tool} is the tool that opened this app, and the app asks for it again (to refresh its view); ${claims(c)}. Confirm once, and you may remember it while this view is open.`,
        undefined,
        caller,
      );
    } else {
      const effect = declaredHints(c) ? ': it may change things' : '';
      return outcome(
        'C4',
        `Tool ${tool} is a standard MCP tool and ${claims(c)}${effect}, so every call needs your confirmation.`,
      );
    }
  } else if (caller.surface === 'widget' && input.widget?.trust === 'enterprise') {
    return outcome(
      'A1',
      `Tool ${tool} is a ${c.mcpletType} tool and the ${who} has enterprise trust from the dashboard config.`,
    );
  } else if (c.mcpletType === 'read') {
    base = outcome(
      'C6',
      `Tool ${tool} only reads (mcpletType read); confirm once, and you may remember it.`,
      undefined,
      caller,
    );
  } else if (caller.surface === 'user' || caller.surface === 'widget') {
    base = outcome(
      'C7',
      `Tool ${tool} prepares data without irreversible effects (mcpletType prepare); confirm the first time, and you may remember it.`,
      undefined,
      caller,
    );
  } else {
    return outcome(
      'C8',
      `Tool ${tool} prepares data (mcpletType prepare); when an ${caller.surface} asks, every call needs your confirmation.`,
    );
  }

  const remembered =
    input.remembered === true ||
    (Array.isArray(input.remembered) && input.remembered.some((s) => base.scopes.includes(s)));
  if (base.rememberable && remembered) {
    return {
      ...outcome('A2', `You chose to remember your consent for ${tool} when ${who} asks.`),
      rememberedRule: base.rule,
    };
  }
  return base;
}
