import { resolve } from 'node:path';
import { printError, printOut } from '../terminal/terminal-text.js';
import { AuditStoreError, verifyAuditFile } from './file-store.js';
import { verifyAuditDatabase } from './pg-store.js';

export const AUDIT_HELP = `Usage: mcp-dashboard audit verify <file | postgres://…>

Checks a team audit log's hash chain: every record links to the one before it and has not been changed
since it was written. The log is a file (the embedded store, audit.jsonl in the team's data folder) or the
PostgreSQL database of team.database.url, read only (the password may come from PGPASSWORD or ~/.pgpass
instead of the URL). Exit code 0 when the chain is intact, 1 when it is broken (the first broken record is
named) or cannot be read, 2 on a usage error.
`;

/** `mcp-dashboard audit …`: returns the exit code. */
export async function runAuditCommand(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (command === '--help' || command === '-h') {
    printOut(AUDIT_HELP);
    return 0;
  }
  if (command !== 'verify' || !file || rest.length > 0) {
    printError(
      `mcp-dashboard audit: ${command === 'verify' ? 'name one audit log (a file or a postgres:// URL)' : `unknown command "${command ?? ''}"`}\n\n${AUDIT_HELP}`,
    );
    return 2;
  }
  try {
    if (/^postgres(ql)?:\/\//.test(file)) {
      const check = await verifyAuditDatabase(file);
      if (check.ok) {
        printOut(`audit log in ${check.description}: ${check.records} records, chain intact.\n`);
        return 0;
      }
      printOut(`audit log in ${check.description}: BROKEN at record ${check.seq}: ${check.problem}.\n`);
      return 1;
    }
    const path = resolve(file);
    const check = await verifyAuditFile(path);
    const torn =
      check.tornBytes > 0
        ? ` (and ${check.tornBytes} bytes of a record a crash cut short, which the gateway drops at its next start)`
        : '';
    if (check.ok) {
      printOut(`audit log ${path}: ${check.records} records, chain intact${torn}.\n`);
      return 0;
    }
    printOut(`audit log ${path}: BROKEN at record ${check.seq}: ${check.problem}.\n`);
    return 1;
  } catch (error) {
    if (!(error instanceof AuditStoreError)) throw error;
    printError(`mcp-dashboard audit: ${error.message}\n`);
    return 1;
  }
}
