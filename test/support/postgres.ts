// A throwaway PostgreSQL cluster for a test file: Debian's server binaries (the `postgresql` package, any
// version: the highest under /usr/lib/postgresql/*/bin) run initdb into a temp folder and serve it on
// 127.0.0.1 at a free port, trust auth, no fsync. The package's own default cluster is never used.
// initdb and pg_ctl refuse to run as root: as root they run as the `postgres` system user the package creates.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { appendFile, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface Postgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth: no password needed). */
  url: string;
  port: number;
  /** Creates a database and gives its URL (a fresh database per test is cheaper than a cluster per test). */
  database(name: string): Promise<string>;
  /** Runs SQL through psql on `database` (default `postgres`); resolves with psql's output. */
  sql(text: string, database?: string): Promise<string>;
  /**
   * A login role that must give its password (scram-sha-256 over TCP; every other role keeps trust auth); resolves
   * with its URL carrying `password`, which may be a wrong one to see what a server does with it.
   */
  passwordRole(name: string, password: string, urlPassword?: string): Promise<string>;
  /** The server's own log so far. */
  log(): Promise<string>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
  /** Stops the server and keeps its data (a database that went down). */
  pause(): Promise<void>;
  /** Starts it again on the same port. */
  resume(): Promise<void>;
}

/** The newest installed server's bin folder; throws saying what to install when there is none. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) {
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: apt-get install -y --no-install-recommends postgresql',
    );
  }
  return join(root, versions[0]!, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** As root, the `postgres` user's ids (initdb and the server refuse root); undefined otherwise. */
function runAsUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'running as root, but there is no `postgres` user to run PostgreSQL as (apt-get install postgresql)',
    );
  }
}

export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  const user = runAsUser();
  const dir = await mkdtemp(join(tmpdir(), 'pg-test-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  if (user) await chown(dir, user.uid, user.gid);
  const command = (tool: string, args: string[]): [string, string[]] =>
    user ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = async (tool: string, args: string[]) => {
    const [file, argv] = command(tool, args);
    try {
      return (await exec(file, argv, { cwd: dir, maxBuffer: 16 * 1024 * 1024 })).stdout;
    } catch (error) {
      const e = error as Error & { stderr?: string; stdout?: string };
      throw new Error(`${tool} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`, { cause: error });
    }
  };

  let port = 0;
  let running = false;
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-l', log, '-o', `-p ${port}`, '-w', '-t', '60', 'start']);
    running = true;
  };
  const halt = async (mode: 'fast' | 'immediate') => {
    if (!running) return;
    running = false;
    await run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  };
  // A test process that ends without calling stop() still takes its server down and removes its folder.
  const onExit = () => {
    if (running) {
      const [file, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      try {
        execFileSync(file, argv, { stdio: 'ignore' });
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  try {
    await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const settings = {
      listen_addresses: `'127.0.0.1'`,
      unix_socket_directories: `'${dir}'`,
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      shared_buffers: `'16MB'`,
      max_connections: '50',
    };
    const lines = Object.entries(settings).map(([k, v]) => `${k} = ${v}\n`);
    await appendFile(join(data, 'postgresql.conf'), lines.join(''));
    // The free port can be taken between the check and the start: then another one.
    for (let attempt = 1; !running; attempt += 1) {
      port = await freePort();
      await start().catch((error: unknown) => {
        if (attempt >= 3) throw error;
      });
    }
  } catch (error) {
    process.removeListener('exit', onExit);
    onExit();
    throw error;
  }

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const sql = (text: string, database = 'postgres') =>
    run('psql', ['-XAtq', '-v', 'ON_ERROR_STOP=1', url(database), '-c', text]);
  return {
    url: url('postgres'),
    port,
    async database(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      await sql(`CREATE DATABASE ${name}`);
      return url(name);
    },
    sql,
    async passwordRole(name, password, urlPassword = password) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain role name: ${name}`);
      await sql(`CREATE ROLE ${name} LOGIN PASSWORD '${password.replaceAll("'", "''")}'`);
      // pg_hba.conf is read top down: this role's rule goes first, before initdb's trust lines.
      const hba = join(data, 'pg_hba.conf');
      await writeFile(hba, `host all ${name} 127.0.0.1/32 scram-sha-256\n${await readFile(hba, 'utf8')}`);
      await run('pg_ctl', ['-D', data, 'reload']);
      await sql('SELECT pg_reload_conf()');
      return `postgres://${name}:${encodeURIComponent(urlPassword)}@127.0.0.1:${port}/postgres`;
    },
    log: () => readFile(log, 'utf8').catch(() => ''),
    async stop() {
      await halt('immediate');
      process.removeListener('exit', onExit);
      await rm(dir, { recursive: true, force: true });
    },
    pause: () => halt('fast'),
    resume: start,
  };
}
