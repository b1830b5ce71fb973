// Who a bridge operation is for, as its events carry it (the host history says who asked).

/** MCP-WP-17.1.4: an agent's operations carry `{ source: 'agent' }` on the same events a person's do. */
export function agentHint(caller: { surface?: string } | undefined): { source?: 'agent' } {
  return caller?.surface === 'agent' ? { source: 'agent' } : {};
}

/** The fields an operation's events carry for its caller: who asked, and `source: 'agent'` for an agent (none without a caller). */
export function callerFields(caller: { surface: string; id: string } | undefined): {
  caller?: { surface: string; id: string };
  source?: 'agent';
} {
  return caller ? { caller: { surface: caller.surface, id: caller.id }, ...agentHint(caller) } : {};
}
