import type { AuditLog } from '../audit/audit-log.js';
import { argumentsDigest } from '../audit/audit-log.js';
import type { DashboardPolicySettings } from '../shared/config/dashboard-config.js';
import type { EventBus } from '../services/event-bus.js';
import type { ArgumentValidator } from '../invocation/lazy-validator.js';
import type {
  ActionResult,
  AgentActionDescriptor,
  AgentAPI,
  AgentProgress,
  CallerContext,
  JSONSchema,
  Unsubscribe,
} from '../shared/types.js';
import { agentCaller, agentGrant, type AgentGrant } from './agent-identity.js';
import { parseCapabilities } from './agent-capabilities.js';

/** A widget that exposes an AgentAPI, as the host sees it. */
export interface AgentWidget {
  widgetId: string;
  widgetType: string;
  serverName: string;
  /** The actions, when the capabilities were accepted. */
  actions: AgentActionDescriptor[];
  /** Why the host refuses to use this widget's AgentAPI (capabilities malformed or not deterministic). */
  problem?: string;
}

interface Entry extends AgentWidget {
  api: AgentAPI;
  text?: string;
  schema?: JSONSchema;
  stopProgress?: Unsubscribe;
  controllers: Set<AbortController>;
}

/** Why an agent's widget action was refused before it ran. */
export class AgentActionRefused extends Error {
  constructor(
    message: string,
    readonly code:
      'unknown-agent' | 'unknown-widget' | 'unknown-action' | 'not-deterministic' | 'not-allowed' | 'invalid-params',
    readonly problems?: unknown,
  ) {
    super(message);
    this.name = 'AgentActionRefused';
  }
}

let invocations = 0;

/**
 * The host side of MCP-WP §3.5 / §17: every agent request to a widget goes through here (17.1.1). It
 * authenticates and authorizes the agent from the dashboard config (17.1.2), checks the widget's
 * capabilities are the same document every time (17.1.3) and validates the payload against them with ajv
 * before anything runs, lets agents run only read-only actions unless the config grants "all" (17.1.5),
 * audits and logs every invocation (17.1.2), and emits `mcp:agent:*` events with `{ source: 'agent' }`
 * (17.1.4). Tool calls an action makes run as the agent through the same ToolInvoker and policy (3.5.3).
 */
export class WidgetAgentHost {
  private readonly widgets = new Map<string, Entry>();
  /** Live invocation ids → who runs them (for the ToolInvoker's agentInvocation). */
  private readonly live = new Map<string, CallerContext>();

  constructor(
    private readonly options: {
      bus: EventBus;
      validator: ArgumentValidator;
      audit: AuditLog;
      settings: () => Pick<DashboardPolicySettings, 'agents' | 'webmcp'>;
    },
  ) {}

  /** Registers a widget's AgentAPI (after its initialize); returns the unregister. */
  register(widget: { widgetId: string; widgetType: string; serverName: string }, api: AgentAPI): Unsubscribe {
    this.unregister(widget.widgetId);
    const entry: Entry = { ...widget, api, actions: [], controllers: new Set() };
    try {
      const parsed = parseCapabilities(api.getCapabilities());
      if ('problem' in parsed)
        entry.problem = `Widget "${widget.widgetId}" offers agent actions the dashboard cannot use: ${parsed.problem}.`;
      else Object.assign(entry, { text: parsed.text, schema: parsed.schema, actions: parsed.actions });
    } catch (error) {
      entry.problem = `Widget "${widget.widgetId}": getCapabilities() threw (${(error as Error)?.message ?? String(error)}).`;
    }
    if (typeof api.subscribe === 'function') {
      try {
        const stop = api.subscribe((update: AgentProgress) => this.progress(entry, update));
        if (typeof stop === 'function') entry.stopProgress = stop;
      } catch {
        // A widget whose subscribe throws simply reports no progress.
      }
    }
    this.widgets.set(widget.widgetId, entry);
    this.options.bus.emit('mcp:agent:widgets-changed', { widgetId: widget.widgetId });
    return () => this.unregister(widget.widgetId);
  }

  /** Drops a widget (it was destroyed): its running actions are aborted and their invocation ids end. */
  unregister(widgetId: string): void {
    const entry = this.widgets.get(widgetId);
    if (!entry) return;
    this.widgets.delete(widgetId);
    entry.stopProgress?.();
    for (const controller of entry.controllers) controller.abort('The widget was removed.');
    this.options.bus.emit('mcp:agent:widgets-changed', { widgetId });
  }

  /** Widgets with an AgentAPI, in registration order. */
  list(): AgentWidget[] {
    return [...this.widgets.values()].map(({ widgetId, widgetType, serverName, actions, problem }) => ({
      widgetId,
      widgetType,
      serverName,
      actions,
      ...(problem ? { problem } : {}),
    }));
  }

  /** The agent behind a live invocation id of this widget (for the ToolInvoker). */
  callerFor(widgetId: string, invocationId: string): CallerContext | undefined {
    const caller = this.live.get(invocationId);
    return caller && caller.widgetId === widgetId ? caller : undefined;
  }

  /**
   * The widget's capabilities, asked again and compared with what it gave at registration: a widget
   * whose document changed is refused from then on (MCP-WP-17.1.3).
   */
  capabilities(widgetId: string): JSONSchema {
    const entry = this.widgets.get(widgetId);
    if (!entry) throw new AgentActionRefused(`There is no widget "${widgetId}" with agent actions.`, 'unknown-widget');
    this.checkDeterministic(entry);
    return JSON.parse(entry.text!) as JSONSchema;
  }

  private checkDeterministic(entry: Entry): void {
    if (!entry.problem) {
      let again: ReturnType<typeof parseCapabilities> | undefined;
      try {
        again = parseCapabilities(entry.api.getCapabilities());
      } catch (error) {
        entry.problem = `Widget "${entry.widgetId}": getCapabilities() threw (${(error as Error)?.message ?? String(error)}).`;
      }
      if (again && ('problem' in again || again.text !== entry.text)) {
        entry.problem = `Widget "${entry.widgetId}" returned different capabilities than before; MCP-WP-17.1.3 requires the same document every time, so agents may not use it.`;
      }
    }
    if (entry.problem) throw new AgentActionRefused(entry.problem, 'not-deterministic');
  }

  /**
   * Runs one action for an agent. Refusals (unknown agent, widget or action; an action that needs a grant;
   * params that do not match the schema) reject with AgentActionRefused before `executeAction` is called.
   */
  async execute(
    agentId: string,
    widgetId: string,
    action: string,
    params: unknown,
    options: { signal?: AbortSignal } = {},
  ): Promise<ActionResult> {
    const entry = this.widgets.get(widgetId);
    const agent = agentGrant(this.options.settings(), agentId);
    const base = {
      serverName: entry?.serverName,
      widgetId,
      action,
      caller: { surface: 'agent', id: agentId },
      source: 'agent' as const,
    };
    const refuse = async (error: AgentActionRefused): Promise<never> => {
      this.options.bus.emit('mcp:agent:action-refused', { ...base, reason: error.message, code: error.code });
      await this.audit(agentId, entry, action, params, {
        decision: 'deny',
        outcome: `refused: ${error.code}`,
        reason: error.message,
      });
      throw error;
    };
    if (!agent)
      return refuse(
        new AgentActionRefused(
          `Agent "${agentId}" is not known to this dashboard (dashboard.agents in the config); it may not use widgets.`,
          'unknown-agent',
        ),
      );
    if (!entry)
      return refuse(new AgentActionRefused(`There is no widget "${widgetId}" with agent actions.`, 'unknown-widget'));
    try {
      this.checkDeterministic(entry);
    } catch (error) {
      return refuse(error as AgentActionRefused);
    }
    const descriptor = entry.actions.find((a) => a.action === action);
    if (!descriptor)
      return refuse(
        new AgentActionRefused(
          `Widget "${widgetId}" has no agent action "${action}" (it offers: ${entry.actions.map((a) => a.action).join(', ') || 'none'}).`,
          'unknown-action',
        ),
      );
    if (!descriptor.readOnly && agent.widgetActions !== 'all') {
      return refuse(
        new AgentActionRefused(
          `Action "${action}" of widget "${widgetId}" can change things; agent "${agentId}" may run only read-only widget actions unless the dashboard config grants it ("dashboard.agents.${agentId}.widgetActions": "all"; MCP-WP-17.1.5).`,
          'not-allowed',
        ),
      );
    }
    const payload = params === undefined ? {} : params;
    const verdict = await this.options.validator.validate(descriptor.params, payload);
    if (!verdict.ok) {
      const summary = verdict.problems.map((p) => `${p.path || '(params)'} ${p.message}`).join('; ');
      return refuse(
        new AgentActionRefused(
          `The params of "${action}" do not match the widget's schema: ${summary}. Nothing was run.`,
          'invalid-params',
          verdict.problems,
        ),
      );
    }
    return this.run(entry, agent, descriptor, JSON.parse(JSON.stringify(payload)) as object, base, options.signal);
  }

  private async run(
    entry: Entry,
    agent: AgentGrant,
    descriptor: AgentActionDescriptor,
    params: object,
    base: Record<string, unknown>,
    outer?: AbortSignal,
  ): Promise<ActionResult> {
    invocations += 1;
    const invocationId = `agent-${Date.now().toString(36)}-${invocations}`;
    const controller = new AbortController();
    const onAbort = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', onAbort, { once: true });
    entry.controllers.add(controller);
    this.live.set(invocationId, agentCaller(agent, { widgetId: entry.widgetId, serverName: entry.serverName }));
    const auditId = this.audit(agent.id, entry, descriptor.action, params, {
      decision: 'allow',
      outcome: 'started',
      reason: descriptor.readOnly
        ? 'a read-only widget action'
        : `widget actions granted by dashboard.agents.${agent.id}.widgetActions`,
    });
    this.options.bus.emit('mcp:agent:action-started', { ...base, invocationId, readOnly: descriptor.readOnly });
    let result: ActionResult;
    try {
      const raw = await entry.api.executeAction(descriptor.action, params, {
        source: 'agent',
        agentId: agent.id,
        invocationId,
        signal: controller.signal,
      });
      result = normalizeResult(raw);
    } catch (error) {
      result = { success: false, error: { message: (error as Error)?.message ?? String(error), code: 'THREW' } };
    } finally {
      this.live.delete(invocationId);
      entry.controllers.delete(controller);
      outer?.removeEventListener('abort', onAbort);
    }
    this.options.bus.emit(result.success ? 'mcp:agent:action-result' : 'mcp:agent:action-error', {
      ...base,
      invocationId,
      result,
    });
    const id = await auditId;
    if (id !== undefined)
      await this.options.audit
        .complete(id, result.success ? 'ok' : `failed: ${result.error?.message ?? 'no reason given'}`)
        .catch(() => {});
    return result;
  }

  private progress(entry: Entry, update: AgentProgress): void {
    if (!update || typeof update !== 'object') return;
    const state = ['queued', 'running', 'succeeded', 'failed'].includes(update.state) ? update.state : undefined;
    if (!state || typeof update.action !== 'string') return;
    this.options.bus.emit('mcp:agent:progress', {
      serverName: entry.serverName,
      widgetId: entry.widgetId,
      source: 'agent',
      progress: {
        action: update.action.slice(0, 100),
        state,
        ...(typeof update.message === 'string' ? { message: update.message.slice(0, 500) } : {}),
        lastUpdated: Number(update.lastUpdated) || Date.now(),
      },
    });
  }

  private async audit(
    agentId: string,
    entry: AgentWidget | undefined,
    action: string,
    params: unknown,
    what: { decision: string; outcome: string; reason: string },
  ): Promise<number | undefined> {
    const args =
      params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
    return this.options.audit
      .record({
        kind: 'agent-action',
        serverName: entry?.serverName,
        toolName: action,
        surface: 'agent',
        callerId: agentId,
        source: 'agent',
        detail: `widget ${entry?.widgetId ?? '(none)'} action ${action}`,
        argumentNames: Object.keys(args),
        argumentsDigest: await argumentsDigest(args),
        ...what,
      })
      .catch(() => undefined);
  }
}

/** A widget's answer in the ActionResult shape (MCP-WP-3.5.2), or a failure saying it was not. */
function normalizeResult(raw: unknown): ActionResult {
  if (!raw || typeof raw !== 'object' || typeof (raw as ActionResult).success !== 'boolean') {
    return {
      success: false,
      error: {
        message: 'The widget answered with something that is not an ActionResult ({ success, data?, error? }).',
        code: 'BAD_RESULT',
      },
    };
  }
  const r = raw as ActionResult;
  let data: unknown;
  try {
    data = r.data === undefined ? undefined : JSON.parse(JSON.stringify(r.data));
  } catch {
    return {
      success: false,
      error: { message: 'The widget answered with data that is not JSON.', code: 'BAD_RESULT' },
    };
  }
  const error =
    r.error && typeof r.error === 'object'
      ? { message: String(r.error.message ?? ''), ...(typeof r.error.code === 'string' ? { code: r.error.code } : {}) }
      : undefined;
  return { success: r.success, ...(data !== undefined ? { data } : {}), ...(error ? { error } : {}) };
}
