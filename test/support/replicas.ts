// Team-mode replicas for tests: N built gateways as processes sharing one PostgreSQL database and one config,
// behind HAProxy running deploy/haproxy.cfg (the file a deployment uses), and the team's OpenID provider with
// the balancer's address as the dashboard's public address.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot, startGatewayProcess } from './gateway-process.mjs';
import { DEFAULT_PEOPLE, startIdp, type Idp, type IdpPerson } from './oidc-idp.js';
import { EVERYTHING, freePort, signInMember, TEST_ROLES, type Member } from './team-fixture.js';

export type Replica = Awaited<ReturnType<typeof startGatewayProcess>>;

export interface Replicas {
  idp: Idp;
  /** The balancer's address (the dashboard's public address). */
  base: string;
  /** The config every replica was started with (each has its own copy at `replicas[i].configFile`). */
  config: { mcpServers: Record<string, unknown>; team: Record<string, unknown> };
  replicas: Replica[];
  /** A replica's own address (to ask one of them directly). */
  direct(index: number): string;
  /** Which replica (0-based) answered a response that went through the balancer. */
  servedBy(response: Response): number;
  /** The replica (0-based) of HAProxy's server name (`X-Mcpd-Replica`). */
  replicaOf(name: string): number;
  signIn(sub: string): Promise<Member>;
  /** Kills replica `index` with SIGKILL and waits for the balancer to see it down. */
  kill(index: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A team replica's config: server-everything, the test roles, the provider's client (its secret from
 * `DASH_OIDC_SECRET`), a shared data folder and the PostgreSQL database every replica uses.
 */
export function replicaConfig(
  base: string,
  idp: Pick<Idp, 'issuer' | 'clientId'>,
  dataDir: string,
  databaseUrl: string,
  servers: Record<string, unknown> = { everything: EVERYTHING },
) {
  return {
    mcpServers: servers,
    team: {
      publicUrl: base,
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: '${env:DASH_OIDC_SECRET}' },
      roles: TEST_ROLES,
      dataDir,
      database: { url: databaseUrl },
    },
  };
}

/** Starts `count` (1–3) replicas on `databaseUrl` behind HAProxy. */
export async function startReplicas(
  count: number,
  options: {
    databaseUrl: string;
    env?: Record<string, string>;
    /** The provider's people (default: ada, bob and cy), e.g. a generated team for a load test. */
    people?: IdpPerson[];
    /** `mcpServers` (default: server-everything, one process per session). */
    servers?: Record<string, unknown>;
  },
): Promise<Replicas> {
  const front = await freePort();
  const base = `http://localhost:${front}`;
  const idp = await startIdp({
    redirectUris: [`${base}/oidc/callback`],
    postLogoutRedirectUris: [`${base}/`],
    people: options.people ?? DEFAULT_PEOPLE,
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-replicas-'));
  const config = replicaConfig(base, idp, dataDir, options.databaseUrl, options.servers);
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const replicas: Replica[] = [];
  // One after the other: the first applies the migrations, the others find them current.
  for (const port of ports)
    replicas.push(
      await startGatewayProcess({
        config,
        exchange: false,
        extraArgs: ['--port', String(port)],
        env: { DASH_OIDC_SECRET: idp.clientSecret, ...options.env },
      }),
    );
  const haproxy = await startHaproxy(front, ports);
  // HAProxy's servers r1…r3; with fewer replicas the spare lines point at the first (startHaproxy).
  const replicaOf = (name: string) => {
    const index = Number(name.replace(/^r/, '')) - 1;
    return index < count ? index : 0;
  };
  const direct = (index: number) => `http://localhost:${ports[index]}`;
  const up = async (index: number) => (await fetch(`${direct(index)}/readyz`).catch(() => undefined))?.status === 200;
  for (let i = 0; i < count; i += 1) while (!(await up(i))) await sleep(100);
  // The balancer checks every second; give it its two good checks.
  await waitFor(async () => (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200, 10_000);
  return {
    idp,
    base,
    config,
    replicas,
    direct,
    servedBy(response) {
      return replicaOf(response.headers.get('x-mcpd-replica') ?? '');
    },
    replicaOf,
    signIn: (sub) => signInMember(base, idp, sub),
    async kill(index) {
      const child = replicas[index]!.child;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      haproxy.kill('SIGTERM');
      await Promise.all(replicas.map((r) => r.stop().catch(() => {})));
      await idp.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not ready after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** HAProxy (Debian's package) with deploy/haproxy.cfg, in the foreground; replicas beyond `ports` point at the first. */
async function startHaproxy(front: number, ports: number[]): Promise<ChildProcess> {
  const at = (i: number) => `127.0.0.1:${ports[i] ?? ports[0]}`;
  const child = spawn('haproxy', ['-f', join(repoRoot, 'deploy', 'haproxy.cfg'), '-db'], {
    env: {
      ...process.env,
      MCPD_BIND: `127.0.0.1:${front}`,
      MCPD_PUBLIC_HOST: `localhost:${front}`,
      MCPD_REPLICA1: at(0),
      MCPD_REPLICA2: at(1),
      MCPD_REPLICA3: at(2),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const failed = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`haproxy exited (${code}): ${stderr}`))),
  );
  await Promise.race([
    failed,
    waitFor(async () => (await fetch(`http://127.0.0.1:${front}/`).catch(() => undefined)) !== undefined, 10_000),
  ]);
  failed.catch(() => {});
  return child;
}
