import type { ConnectionProblem } from '../../../src/core/shared/gateway-api/connection-problem.js';
import { problemLine, type ProblemSite } from '../doctor/diagnoses.js';
import type { RpcError } from '../doctor/problem-error.js';
import { pageSafeProblem, type Redact } from '../doctor/redact.js';
import { authError } from '../oauth/auth-problem.js';
import type { ServerAuth } from '../oauth/server-auth.js';
import type { ProblemSink } from './session-host.js';

/** What a problem reporter writes to and reads from. */
export interface ProblemReporterOptions {
  /** The server's name and config file. */
  site: ProblemSite;
  /** The server's URL (HTTP servers), for authorization problems. */
  url: string | undefined;
  /** The server's OAuth client, if it has one (set once the OAuth side is loaded). */
  auth: () => ServerAuth | undefined;
  /** Turns a line into one the page may read. */
  redact: Redact;
  /** Notes a line in the server's stderr buffer. */
  note: (line: string) => void;
  /** Writes a line for the user at the terminal. */
  print: (line: string) => void;
  /** A problem that counts toward the restart backoff was reported. */
  failed: () => void;
}

/**
 * One server's diagnosed problem and last error: what the card shows (redacted), what the terminal
 * prints (in full, once per distinct problem), and whether a problem counts as the server failing.
 */
export class ProblemReporter implements ProblemSink {
  private current: ConnectionProblem | null = null;
  private error: string | null = null;
  private reported = '';
  /** Lines `tell()` printed since the server last recovered. */
  private told = new Set<string>();

  constructor(private readonly options: ProblemReporterOptions) {}

  /** The problem the card shows, if any. */
  get problem(): ConnectionProblem | null {
    return this.current;
  }

  /** The last error, page-safe (a problem's message or how the process exited). */
  get lastError(): string | null {
    return this.error;
  }

  /** Records a diagnosed problem (shown on the card and, once per distinct problem, at the terminal). */
  report(full: ConnectionProblem): ConnectionProblem {
    // The page sees the command by its base name, no arguments and an HTTP server by its origin
    // (docs/security.md); the terminal line below keeps everything.
    const problem = pageSafeProblem(full, this.options.redact);
    this.current = problem;
    this.error = problem.message;
    // A lost session or a sign-in to do is not the server failing (no backoff for it).
    if (problem.step !== 'session' && !problem.kind.startsWith('oauth-')) this.options.failed();
    this.options.note(`${problem.step}: ${problem.message}`);
    const key = `${problem.step}\n${problem.kind}\n${problem.message}`;
    if (key !== this.reported) {
      this.reported = key;
      this.options.print(problemLine(this.options.site.name, full));
    }
    return problem;
  }

  /** Prints a line for the user at the terminal, once until the server recovers (a catalog's list refused). */
  tell(line: string): void {
    if (this.told.has(line)) return;
    this.told.add(line);
    this.options.print(line);
  }

  /** When `error` is about authorization: reports it and returns the client's answer; undefined otherwise. */
  authError(error: unknown): RpcError | undefined {
    return authError(
      { auth: this.options.auth(), url: this.options.url, site: this.options.site, report: (p) => this.report(p) },
      error,
    );
  }

  /** Records the last error without a diagnosis (how a process exited), page-safe. */
  noteError(text: string): void {
    this.error = this.options.redact(text);
  }

  /** A process started: its last error no longer stands (the diagnosed problem does, until a session is ready). */
  clearError(): void {
    this.error = null;
  }

  /** A lost session or crashed process is back: whatever was wrong is fixed. */
  recovered(): void {
    this.current = null;
    this.error = null;
    this.reported = '';
    this.told.clear();
  }
}
