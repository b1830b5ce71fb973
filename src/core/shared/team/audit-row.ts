/** A call as the team audit log lists it (`GET /api/audit`): its begin record joined with its end. */
export interface AuditRow {
  seq: number;
  time: string;
  sub: string;
  email: string;
  server: string;
  method: string;
  name: string;
  argsDigest: string;
  surface: string;
  decision: 'allow' | 'deny';
  rule: string;
  outcome: 'ok' | 'error' | 'lost' | 'refused' | 'pending';
  endedAt: string;
  detail: string;
}
