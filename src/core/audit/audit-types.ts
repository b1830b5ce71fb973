/** Kinds of audit entries (MCP-WP-11.4.6, MCPlet §16.5), in the order the audit panel offers them. */
export const AUDIT_KINDS = [
  'tool-call',
  'policy-denial',
  'consent-granted',
  'consent-revoked',
  'permission-grant',
  'permission-revocation',
  'permission-violation',
  'security-event',
  // An agent ran (or was refused) a widget's AgentAPI action or a host tool.
  'agent-action',
  // A widget's message to another widget was refused (MCP-WP-6.5.4; delivered ones go to the activity).
  'widget-message',
] as const;

/** A kind of audit entry. */
export type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * One audit entry. It never holds credentials: no passkey assertion, no token, no argument values —
 * only the argument names and a SHA-256 digest of the arguments, so a call can be matched later
 * without the log becoming a store of what was typed.
 */
export interface AuditEntry {
  /** Assigned by IndexedDB. */
  id?: number;
  /** Milliseconds since epoch. */
  time: number;
  kind: AuditKind;
  serverName?: string;
  toolName?: string;
  /** user | widget | app | agent */
  surface?: string;
  callerId?: string;
  /** allow | confirm | passkey | deny (for calls and denials). */
  decision?: string;
  /** Policy matrix row. */
  rule?: string;
  reason?: string;
  mcpletType?: string;
  /** What happened after the decision: confirmed, cancelled, ok, error, AUTH_FAILED… */
  outcome?: string;
  argumentNames?: string[];
  argumentsDigest?: string;
  /** For permission entries: the operation or the granted permissions, as text. */
  detail?: string;
  requestId?: string;
  /** "agent" for everything an agent asked for (MCP-WP-17.1.2, 17.1.4). */
  source?: string;
}
