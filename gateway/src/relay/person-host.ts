import type { GatewayServerSummary } from '../../../src/core/shared/gateway-api/gateway-client.js';
import type { Redact } from '../doctor/redact.js';
import type { ServerAuth } from '../oauth/server-auth.js';
import { ProblemReporter } from './problem-reporter.js';
import type { HostedSession, ServerFacts, ServerLog, SessionHost } from './session-host.js';
import type { ProcessSupervisor } from './supervisor.js';
import type { UpstreamKind } from './upstream.js';

/** What a person's view needs of the server's router. */
export interface PersonHostRouter {
  readonly server: ServerFacts;
  readonly log: ServerLog & { note(line: string): void };
  readonly problems: ProblemReporter;
  readonly processes: ProcessSupervisor;
  readonly redact: Redact;
  ready(kind: UpstreamKind): void;
  opened(session: HostedSession): void;
  closed(session: HostedSession): void;
  relayed(method: string): void;
}

/** One person's side of a server they sign in to themself. */
interface PersonSide {
  auth: ServerAuth;
  /** Their authorization problems (a sign-in to do): never shown to anyone else. */
  problems: ProblemReporter;
  host: SessionHost;
}

/**
 * Team mode, a server each person signs in to with their own account: every session of a person gets a
 * host whose upstreams are new connections made with that person's OAuth client (never a spare, never
 * another person's connection), and whose authorization problems are that person's own. Everything else
 * (the server's log, restarts, other problems) is the server's, as for any session.
 */
export class PersonHosts {
  private readonly people = new Map<string, PersonSide>();

  constructor(
    private readonly router: PersonHostRouter,
    private readonly authOf: (sub: string) => ServerAuth,
    /** Writes a line for the user at the terminal. */
    private readonly print: (line: string) => void,
  ) {}

  /** The host of a new session of `sub`. */
  host(sub: string): SessionHost {
    return this.side(sub).host;
  }

  /** The server's summary as `sub` sees it: their own sign-in state and authorization problem. */
  summary(sub: string, shared: GatewayServerSummary): GatewayServerSummary {
    const side = this.side(sub);
    const theirs = side.problems.problem;
    const sharedProblem = shared.problem?.step === 'auth' ? null : (shared.problem ?? null);
    return {
      ...shared,
      auth: side.auth.summary(),
      problem: theirs ?? sharedProblem,
      lastError: theirs ? side.problems.lastError : sharedProblem ? shared.lastError : null,
    };
  }

  private side(sub: string): PersonSide {
    let side = this.people.get(sub);
    if (side) return side;
    const router = this.router;
    const auth = this.authOf(sub);
    const problems = new ProblemReporter({
      site: router.server.site,
      url: router.server.url,
      auth: () => auth,
      redact: router.redact,
      note: (line) => router.log.note(line),
      print: this.print,
      failed: () => {},
    });
    const processes = router.processes;
    const host: SessionHost = {
      server: router.server,
      log: router.log,
      problems: {
        report: (problem) => router.problems.report(problem),
        authError: (error) => problems.authError(error),
        recovered: () => {
          problems.recovered();
          router.problems.recovered();
        },
      },
      processes: {
        // Always a new connection with this person's client: spares and shared children are never leased.
        lease: async () => processes.spawnChild(auth),
        started: (upstream) => processes.started(upstream),
        get stableMs() {
          return processes.stableMs;
        },
        stable: () => processes.stable(),
        exited: (exit, how, tail) => processes.exited(exit, how, tail),
        restartDelay: () => processes.restartDelay(),
        restarting: () => processes.restarting(),
      },
      ready: (kind) => {
        problems.recovered();
        router.ready(kind);
      },
      opened: (session) => router.opened(session),
      closed: (session) => router.closed(session),
      relayed: (method) => router.relayed(method),
    };
    side = { auth, problems, host };
    this.people.set(sub, side);
    return side;
  }
}
