import type { AuditLog } from '../audit/audit-log.js';
import { argumentsDigest } from '../audit/audit-log.js';
import type { DashboardPolicySettings } from '../shared/config/dashboard-config.js';
import type { McpletCatalog } from '../mcplet/catalog.js';
import type { ToolClassification } from '../mcplet/classify.js';
import type { CallerContext, MCPTool } from '../shared/types.js';
import type { ConsentDuration, ConsentStore } from './consent-store.js';
import type { RememberScope } from './matrix.js';
import { decide, type PolicyDecision } from './engine.js';
import { describeTeamPasskeyRule, teamPasskeyRule } from '../shared/team/team-passkeys.js';
import type { WidgetGrants } from './widget-grants.js';

/** The `params._meta.mcplet_auth` payload (MCPlet §7.3.1). */
export interface McpletAuthAssertion {
  type: 'passkey_assertion';
  /** Credential id (base64url), so the FIDO2 server finds the public key. */
  id: string;
  challenge: string;
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string | null;
}

/** What the passkey step needs to show and to bind the challenge to. */
export interface PasskeyRequest {
  serverName: string;
  toolName: string;
  args: Record<string, unknown>;
  promptMessage?: string;
  requestId: string;
}

/**
 * Runs the WebAuthn ceremony for one call and resolves with the assertion (the shell implements it
 * with @simplewebauthn/browser). Rejects with an error named 'PasskeyCancelledError' when the user
 * cancels, or any other error when the ceremony fails.
 */
export type PasskeyAuthenticator = (request: PasskeyRequest) => Promise<McpletAuthAssertion>;

/** One evaluated call. */
export interface Evaluation {
  classification: ToolClassification;
  decision: PolicyDecision;
}

/**
 * Connects the pure engine to the host's state: classification (catalog), widget grants, remembered
 * consents, agent pool grants, and the audit log. The ToolInvoker asks it once per call.
 */
export class PolicyGate {
  constructor(
    readonly options: {
      settings: () => DashboardPolicySettings;
      catalog: McpletCatalog;
      grants: WidgetGrants;
      consents: ConsentStore;
      audit: AuditLog;
      passkey?: PasskeyAuthenticator;
    },
  ) {}

  /** Decides a call (docs/policy.md). */
  evaluate(serverName: string, tool: MCPTool, caller: CallerContext): Evaluation {
    const { catalog, grants, consents, settings } = this.options;
    const classification = catalog.classify(tool);
    if (caller.surface === 'agent' && caller.widgetId) {
      // An agent acting through a widget's AgentAPI gets no more than that widget: its server, trust and permissions first.
      const asWidget = this.evaluate(serverName, tool, { surface: 'widget', id: caller.widgetId });
      if (asWidget.decision.decision === 'deny') {
        const reason = `Agent "${caller.id}" acts through widget "${caller.widgetId}", which may not make this call: ${asWidget.decision.reason}`;
        return { classification, decision: { ...asWidget.decision, reason } };
      }
    }
    const grant = caller.surface === 'widget' ? grants.get(caller.id) : undefined;
    const callerServerName = caller.surface === 'widget' ? grant?.serverName : caller.serverName;
    const decision = decide({
      serverName,
      toolName: tool.name,
      classification,
      caller,
      callerServerName,
      widget: grant ? { trust: grant.trust, permissions: grant.permissions } : undefined,
      agentPools: caller.surface === 'agent' ? (settings().agents[caller.id]?.pools ?? []) : undefined,
      remembered: consents.matches(serverName, tool.name, caller, classification.fingerprint),
      teamPasskey: this.teamPasskey(serverName, tool.name, classification),
    });
    return { classification, decision };
  }

  /** The team passkey rule covering a call, in words (team mode; the gateway checks the same rules). */
  private teamPasskey(serverName: string, toolName: string, c: ToolClassification): string | undefined {
    const rules = this.options.settings().passkeys.teamRules ?? [];
    const rule = rules.length
      ? teamPasskeyRule(rules, serverName, { name: toolName, mcpletType: c.mcpletType })
      : undefined;
    return rule ? describeTeamPasskeyRule(rule) : undefined;
  }

  /**
   * The tools a caller may see and call on a server: excluded tools, and tools the policy would refuse
   * to this caller, are left out (MCPlet §8.2: app-only tools never reach a model or agent surface).
   */
  visibleTools(serverName: string, tools: MCPTool[], caller: CallerContext): MCPTool[] {
    return tools.filter((tool) => this.evaluate(serverName, tool, caller).decision.decision !== 'deny');
  }

  /** True for calls the audit log keeps (MCPlet §16.5): actions, auth-protected and undeclared tools, denials. */
  audited(evaluation: Evaluation): boolean {
    const { classification: c, decision: d } = evaluation;
    return d.decision === 'deny' || c.kind === 'plain' || c.mcpletType === 'action' || c.auth !== undefined;
  }

  /** Writes the audit entry for a call; resolves with its id (undefined when not audited). */
  async recordCall(
    evaluation: Evaluation,
    call: {
      serverName: string;
      toolName: string;
      caller: CallerContext;
      args: unknown;
      requestId: string;
      outcome: string;
    },
  ): Promise<number | undefined> {
    // Every call an agent makes is audited, whatever the tool (MCP-WP-17.1.2).
    const agent = call.caller.surface === 'agent';
    if (!this.audited(evaluation) && !agent) return undefined;
    const { decision, classification } = evaluation;
    const args =
      call.args && typeof call.args === 'object' && !Array.isArray(call.args)
        ? (call.args as Record<string, unknown>)
        : {};
    return this.options.audit.record({
      kind:
        decision.decision === 'deny'
          ? decision.refusal === 'permission' || decision.refusal === 'trust' || decision.refusal === 'binding'
            ? 'permission-violation'
            : 'policy-denial'
          : 'tool-call',
      serverName: call.serverName,
      toolName: call.toolName,
      surface: call.caller.surface,
      callerId: call.caller.id,
      decision: decision.decision,
      rule: decision.rule,
      reason: decision.reason,
      mcpletType:
        classification.mcpletType ?? (classification.kind === 'plain' ? 'none (standard MCP tool)' : undefined),
      outcome: call.outcome,
      argumentNames: Object.keys(args),
      argumentsDigest: await argumentsDigest(args),
      requestId: call.requestId,
      ...(agent
        ? { source: 'agent', ...(call.caller.widgetId ? { detail: `through widget ${call.caller.widgetId}` } : {}) }
        : {}),
    });
  }

  /**
   * Remembers a consent (only for rememberable rows, only in a scope the row allows) and audits it.
   * `serverTools` is the server's tool list now: a `server-reads` consent covers exactly its read-only
   * tools as they are now (a tool added or changed later asks again).
   */
  async remember(
    evaluation: Evaluation,
    serverName: string,
    toolName: string,
    caller: CallerContext,
    choice: { scope?: RememberScope; duration?: ConsentDuration } = {},
    serverTools: readonly MCPTool[] = [],
  ): Promise<void> {
    const { decision } = evaluation;
    if (!decision.rememberable) return;
    const scope = choice.scope && decision.scopes.includes(choice.scope) ? choice.scope : decision.scopes[0]!;
    let tools: Record<string, string> | undefined;
    if (scope === 'server-reads') {
      tools = {};
      for (const tool of serverTools) {
        const c = this.options.catalog.classify(tool);
        if (c.readOnly && c.routable) tools[tool.name] = c.fingerprint;
      }
      tools[toolName] = evaluation.classification.fingerprint;
    }
    const record = await this.options.consents.grant({
      serverName,
      toolName,
      caller,
      fingerprint: evaluation.classification.fingerprint,
      rule: decision.rule,
      scope,
      duration: choice.duration,
      ...(tools ? { tools } : {}),
    });
    const how =
      scope === 'server-reads'
        ? `every read-only tool of "${serverName}" (${Object.keys(tools ?? {}).length})`
        : scope === 'view'
          ? `this tool while app view ${caller.viewId ?? ''} is open`
          : 'this tool';
    await this.options.audit.record({
      kind: 'consent-granted',
      serverName,
      toolName,
      surface: caller.surface,
      callerId: caller.id,
      rule: decision.rule,
      reason: `The user chose to remember: ${how}, ${record.duration === 'session' ? 'for this session' : 'until forgotten'}.`,
    });
  }

  /** An app view closed: the consents remembered for it end (and the audit log says so). */
  endView(viewId: string): void {
    for (const record of this.options.consents.endView(viewId)) {
      void this.options.audit
        .record({
          kind: 'consent-revoked',
          serverName: record.serverName,
          toolName: record.toolName,
          surface: record.surface,
          callerId: record.callerId,
          reason: 'The app view it was remembered for closed.',
        })
        .catch(() => {});
    }
  }

  /** Forgets a remembered consent and audits it. */
  async forget(key: string): Promise<void> {
    const record = await this.options.consents.revoke(key);
    if (!record) return;
    await this.options.audit.record({
      kind: 'consent-revoked',
      serverName: record.serverName,
      toolName: record.toolName,
      surface: record.surface,
      callerId: record.callerId,
      reason: 'The user forgot this consent.',
    });
  }
}
