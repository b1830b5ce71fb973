// Turns one bus event into one history entry (or none). Pure: the host's ActivityHistory and the
// widget kit's `trackActivity` (for hosts without `deps.History`) share it, so both word the same
// event the same way. Events the host does not know yet (a newer `mcp:<kind>:<action>` carrying a
// `serverName`) are recorded generically: kind from the subject, outcome from the action.

import type { HistoryEntry, HistorySource } from '../shared/types/history.js';
import { agentEntry, widgetMessageEntry } from './history-agents.js';

/** An entry before the history numbers and stamps it. */
export type HistoryDraft = Omit<HistoryEntry, 'id' | 'time'>;

type Data = Record<string, unknown>;
/** What the per-kind mappers fill in (the server, the event and who asked are added after). */
type Mapped = Omit<HistoryDraft, 'serverName'>;

/** Events that are requests, progress ticks or list bookkeeping: the entries they lead to are recorded instead. */
const SKIPPED_ACTIONS = new Set([
  'invoke-requested',
  'cancel-requested',
  'read-requested',
  'get-requested',
  'progress',
  'listed',
  'list-changed',
  'updated',
  'invalid-args',
]);

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : text(error);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/** Who asked, from what the event carries: a caller (tool calls), an app view, or the widget that emitted it. */
export function historySource(
  data: Data,
  emitter: string | undefined,
  fallback?: HistorySource,
): HistorySource | undefined {
  const caller = data.caller as { surface?: unknown; id?: unknown } | undefined;
  if (caller && typeof caller.surface === 'string' && typeof caller.id === 'string') {
    return { surface: caller.surface as HistorySource['surface'], id: caller.id };
  }
  if (emitter && emitter !== 'host') return { surface: 'widget', id: emitter };
  return fallback;
}

/** The outcome a generic action name stands for. */
export function outcomeOf(action: string): HistoryEntry['outcome'] {
  if (/error|fail|refused|denied/.test(action)) return 'error';
  if (/cancel|declin|withdrawn/.test(action)) return 'cancelled';
  if (/calling|start|creat|request|running|open|submitted|working/.test(action)) return 'started';
  if (/result|complete|succeed|ok|done|ready|read|finished/.test(action)) return 'ok';
  return 'info';
}

function toolEntry(action: string, d: Data): Mapped | undefined {
  const name = String(d.toolName ?? '');
  const base = { kind: 'tool', name, request: d.args };
  switch (action) {
    case 'calling':
      return { ...base, outcome: 'started' };
    case 'result':
      return {
        ...base,
        outcome: (d.result as { isError?: boolean } | undefined)?.isError ? 'error' : 'ok',
        latency: d.latency as number | undefined,
        response: d.result,
      };
    case 'error':
      return { ...base, outcome: 'error', latency: d.latency as number | undefined, message: errorMessage(d.error) };
    case 'cancelled':
      return {
        kind: 'tool',
        name,
        outcome: 'cancelled',
        latency: d.latency as number | undefined,
        message: d.sent ? 'Cancelled while running; the server was told to stop' : 'Cancelled before sending',
      };
    default:
      return undefined;
  }
}

function appEntry(action: string, d: Data): Mapped | undefined {
  const view = String(d.viewId ?? '');
  switch (action) {
    case 'opened':
      return {
        kind: 'app',
        name: String(d.toolName ?? view),
        outcome: 'started',
        message: `Opening the app ${String(d.resourceUri ?? '')}`,
        messageKey: 'app.opening',
        messageVars: { uri: d.resourceUri ?? '' },
      };
    case 'ready':
      return { kind: 'app', name: view, outcome: 'ok', message: 'The app is running.', messageKey: 'app.running' };
    case 'message':
      return {
        kind: 'app',
        name: 'ui/message',
        outcome: 'info',
        message: `Message from the app: ${String(d.text ?? '')}`,
        messageKey: 'app.message',
        messageVars: { text: d.text ?? '' },
        request: d.content,
      };
    case 'log':
      return { kind: 'log', name: `app ${String(d.level ?? 'info')}`, outcome: 'info', message: text(d.data) };
    case 'context':
      return {
        kind: 'app',
        name: 'ui/update-model-context',
        outcome: 'info',
        message: 'The app updated what it tells the model.',
        messageKey: 'app.context',
        response: { content: d.content, structuredContent: d.structuredContent },
      };
    case 'link':
      return {
        kind: 'app',
        name: 'ui/open-link',
        outcome: d.outcome === 'opened' ? 'ok' : d.outcome === 'declined' ? 'cancelled' : 'error',
        message: `${String(d.url ?? '')}${d.reason ? ` \u2014 ${String(d.reason)}` : ''}`,
      };
    case 'download':
      return {
        kind: 'app',
        name: 'ui/download-file',
        outcome: d.outcome === 'saved' ? 'ok' : d.outcome === 'declined' ? 'cancelled' : 'error',
        message: `${Array.isArray(d.files) ? d.files.map(String).join(', ') : ''}${d.reason ? ` \u2014 ${String(d.reason)}` : ''}`,
      };
    case 'refused':
      return {
        kind: 'app',
        name: String(d.method ?? 'request'),
        outcome: 'error',
        message: `Refused: ${String(d.message ?? '')}`,
        messageKey: 'app.refused',
        messageVars: { message: d.message ?? '' },
      };
    case 'display-mode':
      return {
        kind: 'app',
        name: 'display mode',
        outcome: 'info',
        message: `Now shown ${String(d.mode ?? '')}.`,
        messageKey: 'app.mode',
        messageVars: { mode: d.mode ?? '' },
      };
    case 'error':
      return { kind: 'app', name: view, outcome: 'error', message: String(d.message ?? '') };
    case 'closed':
      return {
        kind: 'app',
        name: view,
        outcome: 'info',
        message: `Closed: ${String(d.reason ?? '')}`,
        messageKey: 'app.closed',
        messageVars: { reason: d.reason ?? '' },
      };
    default:
      return undefined;
  }
}

/** Task events carry the task record: name it by what runs, word its state and keep its result. */
function taskEntry(action: string, d: Data): Mapped | undefined {
  const task = d.task as
    | {
        taskId?: unknown;
        operation?: unknown;
        state?: unknown;
        statusMessage?: unknown;
        result?: unknown;
        error?: { message?: unknown };
      }
    | undefined;
  if (!task || typeof task !== 'object') return undefined;
  const state = str(task.state) ?? action;
  const outcome: HistoryEntry['outcome'] =
    action === 'error' || state === 'failed'
      ? 'error'
      : state === 'cancelled'
        ? 'cancelled'
        : state === 'completed'
          ? 'ok'
          : action === 'created'
            ? 'started'
            : 'info';
  const detail = action === 'error' ? str(task.error?.message) : str(task.statusMessage);
  return {
    kind: 'task',
    name: str(task.operation) ?? str(task.taskId) ?? action,
    outcome,
    message: `Task ${String(task.taskId ?? '')}: ${state}${detail ? ` \u2014 ${detail}` : ''}`,
    ...(action === 'result' ? { response: task.result } : {}),
  };
}

function knownEntry(subject: string, action: string, d: Data): Mapped | undefined | null {
  switch (subject) {
    case 'task':
      return taskEntry(action, d);
    case 'tool':
      return toolEntry(action, d) ?? null;
    case 'app':
      return appEntry(action, d) ?? null;
    case 'resource':
      if (action === 'read')
        return { kind: 'resource', name: String(d.uri ?? ''), outcome: 'ok', response: d.contents };
      if (action === 'error')
        return { kind: 'resource', name: String(d.uri ?? ''), outcome: 'error', message: errorMessage(d.error) };
      return null;
    case 'agent':
      return agentEntry(action, d) ?? null;
    case 'prompt':
      if (action === 'result')
        return { kind: 'prompt', name: String(d.promptName ?? ''), outcome: 'ok', response: d.messages };
      if (action === 'error')
        return { kind: 'prompt', name: String(d.promptName ?? ''), outcome: 'error', message: errorMessage(d.error) };
      return null;
    case 'server':
      if (action === 'connected') return { kind: 'server', name: 'connected', outcome: 'info' };
      if (action === 'disconnected')
        return { kind: 'server', name: 'disconnected', outcome: 'error', message: str(d.reason) };
      if (action === 'log')
        return { kind: 'log', name: String(d.level ?? 'info'), outcome: 'info', message: text(d.data) };
      return null;
    default:
      return undefined;
  }
}

/**
 * The history entry for one bus event, or undefined when the event is not about one server's
 * activity. `emitter` is the bus's `meta.source` (a widget id, or `host`).
 */
export function historyEntryFor(event: string, data: unknown, emitter?: string): HistoryDraft | undefined {
  const match = /^mcp:([a-z0-9-]+):([a-z0-9-]+)$/.exec(event);
  if (!match || !data || typeof data !== 'object') return undefined;
  const d = data as Data;
  const serverName = str(d.serverName);
  if (!serverName) return undefined;
  const [, subject, action] = match as unknown as [string, string, string];
  // Widget messages are the one host event that is a server's activity (the sender is the caller).
  const message = event === 'mcp:host:widget-message';
  if ((subject === 'host' && !message) || SKIPPED_ACTIONS.has(action)) return undefined;
  const known = message ? widgetMessageEntry(d) : knownEntry(subject, action, d);
  if (known === null) return undefined;
  const fallback: HistorySource | undefined =
    subject === 'app'
      ? { surface: 'app', id: String(d.viewId ?? '') }
      : subject === 'server'
        ? { surface: 'server', id: serverName }
        : undefined;
  const source = historySource(d, emitter, fallback);
  const draft: Mapped = known ?? {
    kind: subject,
    name: str(d.name) ?? str(d.toolName) ?? str(d.promptName) ?? str(d.uri) ?? str(d.taskId) ?? str(d.viewId) ?? action,
    outcome: outcomeOf(action),
    ...(str(d.message) ? { message: str(d.message) } : d.error !== undefined ? { message: errorMessage(d.error) } : {}),
  };
  return { ...draft, serverName, event, ...(source ? { source } : {}) };
}
