import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: what the confirmation dialog says about hints, remembering and bursts of calls. */
export const consent = {
  'consent.hints.title': 'What the server declares about this tool',
  'consent.hints.claim': 'These are claims the server {server} makes about its tool; the dashboard cannot check them.',
  'consent.hints.none': 'The server declares no hints about what this tool does.',
  'consent.hint.readOnly.true': 'Read-only: yes — it only reads',
  'consent.hint.readOnly.false': 'Read-only: no — it may change things',
  'consent.hint.destructive.true': 'Destructive: yes — it may delete or overwrite',
  'consent.hint.destructive.false': 'Destructive: no — changes it makes are additive',
  'consent.hint.idempotent.true': 'Idempotent: yes — repeating it has no further effect',
  'consent.hint.idempotent.false': 'Idempotent: no — each call may have a further effect',
  'consent.hint.openWorld.true': 'Open world: yes — it reaches outside systems',
  'consent.hint.openWorld.false': 'Open world: no — it stays within its own system',
  'consent.remember': 'Remember my answer ({caller})',
  'consent.scope': 'Remember for',
  'consent.scope.tool': 'this tool',
  'consent.scope.server-reads': 'every read-only tool of {server} (as they are now)',
  'consent.scope.view': 'this tool, while this app view is open',
  'consent.duration': 'For how long',
  'consent.duration.persistent': 'until I forget it',
  'consent.duration.session': 'this session only (until the page is reloaded)',
  'consent.rememberNote':
    'You can see and forget it under Audit log. A changed tool (hints, description or input) asks again.',
  'consent.batch.title': { one: '{count} tool call from {caller}', other: '{count} tool calls from {caller}' },
  'consent.batch.announce': {
    one: '{count} tool call waiting for your answer',
    other: '{count} tool calls waiting for your answer',
  },
  'consent.batch.list': 'Calls waiting for your answer',
  'consent.batch.item': 'Call {n}: {server}:{tool}',
  'consent.batch.confirmOne': 'Confirm call {n}',
  'consent.batch.cancelOne': 'Cancel call {n}',
  'consent.batch.confirmAll': { one: 'Confirm', other: 'Confirm all {count}' },
  'consent.batch.cancelAll': { one: 'Cancel', other: 'Cancel all {count}' },
  'consent.batch.arguments': 'Arguments',
  'consent.batch.passkey': 'needs your passkey',
  'consent.batch.passkeyNote':
    'Confirm all leaves out the calls that need your passkey: confirm each of them on its own, then use your passkey.',
  'consent.agent.note':
    'Each call below was checked by the dashboard policy and needs your answer. Look at every one: a harmful call can hide among harmless ones.',
  'consent.agent.limit':
    '{max} calls from this agent are waiting, the most that may wait at once: until you answer, its further calls are refused.',
  'consent.agent.deny': 'Deny all from this agent for {minutes} minutes',
  'consent.item.serverReads': {
    one: 'Every read-only tool of {server} ({count}: {tools}) for {surface} {caller} (since {since}, policy {rule})',
    other: 'Every read-only tool of {server} ({count}: {tools}) for {surface} {caller} (since {since}, policy {rule})',
  },
  'consent.item.scope.tool': 'this tool',
  'consent.item.scope.view': 'while app view {view} is open',
  'consent.item.duration.session': 'this session only',
  'consent.item.duration.persistent': 'until you forget it',
  'consent.item.forget': 'Forget: {what}',
  'policy.rule.C9':
    'A standard MCP tool the server marks destructive (destructiveHint: true): every call is confirmed, whoever asks.',
  'policy.rule.C10':
    'An agent calls a read-only standard MCP tool that reaches outside systems (openWorldHint: true): every call is confirmed.',
  'policy.rule.C11':
    'A standard MCP tool that claims to only read (readOnlyHint: true, a claim of the server): confirmed until you choose to remember it.',
  'policy.rule.C12':
    'An app calls the tool that opened it, to refresh its view: confirmed until you remember it for this view.',
} satisfies Record<string, I18nMessage>;
