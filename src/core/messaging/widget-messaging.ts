import type { AuditLog } from '../audit/audit-log.js';
import type { EventBus } from '../services/event-bus.js';
import { LOCAL_CODES, MCPError } from '../bridge/mcp-error.js';
import type { EffectivePermissions } from '../policy/trust.js';
import type { Unsubscribe, WidgetMessage, WidgetMessagingInterface } from '../shared/types.js';
import { checkMessage, matchesWidget, MessageRateLimit } from './message-rules.js';

/** Default rate limit: messages per second per widget (MCP-WP-6.5.4). */
export const DEFAULT_MESSAGE_RATE = 10;

type Permission = NonNullable<EffectivePermissions['widgetCommunication']>;

interface Subscription {
  widgetId: string;
  source: string;
  handler: (message: WidgetMessage) => void;
}

/** A refused message: the sender sees it as an MCPError (-32003) with the reason. */
function refusal(message: string, reason: string): MCPError {
  return new MCPError(message, {
    jsonrpcCode: LOCAL_CODES.denied,
    data: { permission: 'widgetCommunication', reason },
  });
}

/**
 * The host's WidgetMessaging (MCP-WP §6.5), handed to each widget as its own view. The host sets who sent a
 * message (the widget the view belongs to — a widget cannot claim another's name) and when; a message must
 * fit the schema (a short `type`, a JSON payload of at most 64 KB) and is delivered as a frozen JSON copy, so
 * no object is shared between widgets. Sending needs `widgetCommunication.canSend`, receiving `canReceive`,
 * each within the widget's allowed targets and sources; a widget sends at most 10 messages a second.
 * Every message is logged (`mcp:host:widget-message`: who, to whom, type, size, outcome — never the
 * payload, which other widgets could otherwise read off the bus); refusals are audited too.
 */
export class MessagingHub {
  private readonly subscriptions = new Set<Subscription>();
  private readonly limits = new Map<string, MessageRateLimit>();
  private readonly rate: number;

  constructor(
    private readonly options: {
      bus: EventBus;
      /** The widget's effective permission (its declaration within its trust and the config's cap). */
      permission: (widgetId: string) => Permission | undefined;
      /** The server a live widget belongs to (undefined: not a live widget). */
      serverOf: (widgetId: string) => string | undefined;
      audit?: AuditLog;
      rate?: number;
      now?: () => number;
    },
  ) {
    this.rate = options.rate ?? DEFAULT_MESSAGE_RATE;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The messaging dependency of one widget; `dispose` drops its subscriptions. */
  scoped(widgetId: string): { api: WidgetMessagingInterface; size(): number; dispose(): void } {
    const own = new Set<Subscription>();
    const api: WidgetMessagingInterface = Object.freeze({
      sendToWidget: (target: string, message: Partial<WidgetMessage>) =>
        this.send(widgetId, String(target ?? ''), message),
      broadcastToWidgets: (message: Partial<WidgetMessage>) => this.send(widgetId, '*', message),
      subscribeToWidget: (source: string, handler: (message: WidgetMessage) => void): Unsubscribe => {
        if (typeof handler !== 'function') throw new TypeError('WidgetMessaging.subscribeToWidget needs a handler');
        const permission = this.options.permission(widgetId);
        if (!permission?.canReceive) {
          this.refused(
            widgetId,
            String(source),
            '',
            'cannot-receive',
            `Widget "${widgetId}" may not receive messages: it must declare permissions.widgetCommunication.canReceive (MCP-WP-6.5.6), and its trust must allow it.`,
          );
        }
        const sub: Subscription = { widgetId, source: String(source ?? '*'), handler };
        this.subscriptions.add(sub);
        own.add(sub);
        return () => {
          this.subscriptions.delete(sub);
          own.delete(sub);
        };
      },
    });
    return {
      api,
      size: () => own.size,
      dispose: () => {
        for (const sub of own) this.subscriptions.delete(sub);
        own.clear();
        this.limits.delete(widgetId);
      },
    };
  }

  private refused(from: string, to: string, type: string, code: string, reason: string): never {
    const serverName = this.options.serverOf(from);
    this.options.bus.emit('mcp:host:widget-message', {
      serverName,
      from,
      to,
      type,
      outcome: 'refused',
      code,
      reason,
      caller: { surface: 'widget', id: from },
    });
    void this.options.audit
      ?.record({
        kind: 'widget-message',
        serverName,
        surface: 'widget',
        callerId: from,
        decision: 'deny',
        outcome: code,
        reason,
        detail: `to ${to || '(nobody)'}${type ? `, type ${type}` : ''}`,
      })
      .catch(() => {});
    throw refusal(reason, code);
  }

  private send(from: string, target: string, message: Partial<WidgetMessage>): void {
    const permission = this.options.permission(from);
    const type = typeof message?.type === 'string' ? message.type.slice(0, 100) : '';
    if (!permission?.canSend) {
      this.refused(
        from,
        target,
        type,
        'cannot-send',
        `Widget "${from}" may not send messages: it must declare permissions.widgetCommunication.canSend (MCP-WP-6.5.6), and its trust must allow it.`,
      );
    }
    if (!target)
      this.refused(
        from,
        target,
        type,
        'no-target',
        'A message needs a target widget (an id such as "tool-browser:everything", or a widget type).',
      );
    if (
      target !== '*' &&
      permission!.allowedTargets &&
      !permission!.allowedTargets.some((allowed) => matchesWidget(allowed, target) || allowed === target)
    ) {
      this.refused(
        from,
        target,
        type,
        'target-not-allowed',
        `Widget "${from}" may message only ${permission!.allowedTargets.join(', ')}; "${target}" is not among them.`,
      );
    }
    const checked = checkMessage(message);
    if ('problem' in checked)
      this.refused(
        from,
        target,
        type,
        'invalid-message',
        `The message does not fit the WidgetMessage schema: ${checked.problem}.`,
      );
    const limit = this.limits.get(from) ?? new MessageRateLimit(this.rate);
    this.limits.set(from, limit);
    if (!limit.take(this.now())) {
      this.refused(
        from,
        target,
        type,
        'rate-limited',
        `Widget "${from}" sent more than ${this.rate} messages in one second; this one was dropped (MCP-WP-6.5.4).`,
      );
    }
    // The host stamps the sender and the time: whatever the message said about them is replaced.
    const delivered: WidgetMessage = Object.freeze({
      type: checked.type,
      payload: deepFreeze(checked.payload),
      source: from,
      timestamp: this.now(),
    });
    let count = 0;
    for (const sub of [...this.subscriptions]) {
      if (sub.widgetId === from) continue;
      const toThem =
        target === '*'
          ? permission!.allowedTargets
            ? permission!.allowedTargets.some((a) => matchesWidget(a, sub.widgetId))
            : true
          : matchesWidget(target, sub.widgetId);
      if (!toThem || !(sub.source === '*' || matchesWidget(sub.source, from))) continue;
      const theirs = this.options.permission(sub.widgetId);
      if (!theirs?.canReceive || (theirs.allowedSources && !theirs.allowedSources.some((a) => matchesWidget(a, from))))
        continue;
      count += 1;
      try {
        sub.handler(delivered);
      } catch (error) {
        console.error(`[mcp-dashboard] widget "${sub.widgetId}" threw while handling a message`, error);
      }
    }
    this.options.bus.emit('mcp:host:widget-message', {
      serverName: this.options.serverOf(from),
      from,
      to: target,
      type: checked.type,
      bytes: checked.bytes,
      delivered: count,
      outcome: 'delivered',
      caller: { surface: 'widget', id: from },
    });
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
