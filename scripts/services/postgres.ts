/**
 * A throwaway Postgres cluster for n8n: `initdb` into a temporary folder, `postgres` on a free port of
 * 127.0.0.1 (trust auth, no fsync: nothing here must survive), one database, removed afterwards.
 * Server binaries: on PATH (this machine has /usr/local/bin/initdb), else /usr/lib/postgresql/<v>/bin,
 * else Debian's `postgresql` package is installed (root only). Postgres refuses to run as root, so as
 * root the cluster runs as the `postgres` user (spawned with its uid/gid, as `runuser -u postgres` would).
 */
import { spawnSync } from 'child_process';
import execa, { type ExecaError } from 'execa';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { aptInstall } from './apt';
import { stderrLog, type Log } from '../toolchain';
import { ServiceStartError, ServiceUnavailableError } from './errors';
import { isExecutable, startOnPort, supervise, waitFor } from './supervise';

export interface PostgresServer {
  host: '127.0.0.1';
  port: number;
  user: string;
  database: string;
  pid: number;
  version: string;
  /** The cluster's folder (removed by stop()). */
  dir: string;
  output(): string;
  stop(): Promise<void>;
}

const SERVICE = 'Postgres';

interface PostgresBins {
  binDir: string;
  version: string;
}

function binDirs(): string[] {
  const onPath = (process.env.PATH ?? '').split(path.delimiter);
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join(debian, v, 'bin'))
    : [];
  return [...onPath, '/usr/local/bin', ...versions];
}

function findBins(): PostgresBins | undefined {
  for (const dir of binDirs()) {
    if (!['initdb', 'postgres', 'createdb'].every((name) => isExecutable(path.join(dir, name)))) continue;
    const res = spawnSync(path.join(dir, 'postgres'), ['--version'], { encoding: 'utf8', timeout: 10000 });
    const version = /(\d+(\.\d+)?)/.exec(res.stdout ?? '')?.[1];
    // `postgres --version` works as root (only starting a server refuses root).
    if (res.status === 0 && version) return { binDir: path.resolve(dir), version };
  }
  return undefined;
}

/** `psql`, with which the tests and the bench read n8n's tables: where the server binaries are looked for. */
export function psqlBin(): string {
  const found = binDirs()
    .map((dir) => path.join(dir, 'psql'))
    .find((bin) => isExecutable(bin));
  if (!found)
    throw new Error(
      "psql not found (Debian: apt-get install postgresql-client): needed to read n8n's tables in Postgres",
    );
  return found;
}

/** The server binaries, installing Debian's package when missing and possible. */
export async function ensurePostgres(opts: { log?: Log } = {}): Promise<PostgresBins> {
  const found = findBins();
  if (found) return found;
  await aptInstall(SERVICE, 'postgresql', opts.log ?? stderrLog);
  const installed = findBins();
  if (!installed)
    throw new ServiceUnavailableError(
      SERVICE,
      'apt-get installed postgresql but no initdb/postgres was found under /usr/lib/postgresql/*/bin',
    );
  return installed;
}

/** As root: the `postgres` account's uid/gid (the server refuses root). Otherwise: ourselves. */
function runAs(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid)
    throw new ServiceUnavailableError(
      SERVICE,
      'running as root and there is no "postgres" user to run the server as (useradd --system postgres)',
    );
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs a Postgres client or initdb to completion; rejects with its output. */
async function runTool(
  bin: string,
  args: string[],
  user: { uid: number; gid: number } | undefined,
  cwd: string,
): Promise<void> {
  const result = await execa(bin, args, { cwd, stdin: 'ignore', all: true, reject: false, ...(user ?? {}) });
  const output = result.all ?? '';
  // Only a spawn error (ENOENT, EACCES) carries Node's own message; an exit does not.
  const { originalMessage } = result as Partial<ExecaError>;
  if (originalMessage)
    throw new ServiceStartError(`${SERVICE} ${path.basename(bin)}`, `could not start: ${originalMessage}`, output);
  if (result.exitCode !== 0)
    throw new ServiceStartError(
      `${SERVICE} ${path.basename(bin)} ${args.join(' ')}`,
      `failed (exit ${result.exitCode ?? result.signal ?? 'unknown'})`,
      output,
    );
}

/** `log` gets the server's output lines, `setupLog` the install's progress (stderr by default). */
export async function startPostgres(
  opts: { log?: Log; setupLog?: Log; port?: number; user?: string; database?: string; readyTimeoutMs?: number } = {},
): Promise<PostgresServer> {
  const { binDir, version } = await ensurePostgres({ ...(opts.setupLog ? { log: opts.setupLog } : {}) });
  const user = opts.user ?? 'n8n';
  const database = opts.database ?? 'n8n';
  const owner = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-postgres-'));
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const cluster: Cluster = { bin: (name) => path.join(binDir, name), dir, data: path.join(dir, 'data'), owner };
  try {
    await runTool(
      cluster.bin('initdb'),
      ['-D', cluster.data, '-A', 'trust', '-U', user, '-E', 'UTF8', '--no-sync', '--no-instructions'],
      owner,
      dir,
    );
    const server = await startOnPort(opts.port, (port) => serve(cluster, port, opts));
    // The client runs as us: trust auth over TCP lets it in as `user`.
    await runTool(
      cluster.bin('createdb'),
      ['-h', '127.0.0.1', '-p', String(server.port), '-U', user, database],
      undefined,
      dir,
    ).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    const stop = async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    return {
      host: '127.0.0.1',
      port: server.port,
      user,
      database,
      pid: server.pid,
      version,
      dir,
      output: server.output,
      stop,
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A database cluster made by initdb, in a folder of its own. */
interface Cluster {
  bin: (name: string) => string;
  dir: string;
  data: string;
  owner: ReturnType<typeof runAs>;
}

/** The cluster's server on `port`, once it accepts connections; stopped again if it does not. */
async function serve(
  cluster: Cluster,
  port: number,
  opts: { log?: Log; readyTimeoutMs?: number },
): Promise<{ port: number; pid: number; output: () => string; stop: () => Promise<void> }> {
  // Throwaway: no fsync or full-page writes (faster on a busy 2-core machine); socket in our folder.
  const args = ['-D', cluster.data, '-p', String(port), '-k', cluster.dir, '-c', 'listen_addresses=127.0.0.1'];
  for (const setting of ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=200'])
    args.push('-c', setting);
  const server = supervise({
    cmd: cluster.bin('postgres'),
    args,
    cwd: cluster.dir,
    ...(cluster.owner ?? {}),
    label: 'postgres',
    stopSignal: 'SIGINT', // "fast" shutdown: ends client sessions and stops at once
    removeOnOrphan: cluster.dir,
    ...(opts.log ? { log: opts.log } : {}),
  });
  const stop = () => server.stop(10000);
  const ready = await waitFor(
    () => server.lines().some((l) => l.includes('database system is ready to accept connections')),
    opts.readyTimeoutMs ?? 30000,
    () => server.hasExited(),
  );
  if (!ready) {
    await stop();
    throw new ServiceStartError(
      `${SERVICE} on port ${port}`,
      server.hasExited() ? 'exited at start' : 'not ready in time',
      server.output(),
    );
  }
  return { port, pid: server.pid, output: server.output, stop };
}

/** The env n8n reads for a Postgres database (trust auth: no password). */
export function n8nPostgresEnv(
  pg: Pick<PostgresServer, 'host' | 'port' | 'user' | 'database'>,
): Record<string, string> {
  return {
    DB_TYPE: 'postgresdb',
    DB_POSTGRESDB_HOST: pg.host,
    DB_POSTGRESDB_PORT: String(pg.port),
    DB_POSTGRESDB_DATABASE: pg.database,
    DB_POSTGRESDB_USER: pg.user,
    DB_POSTGRESDB_PASSWORD: '',
  };
}
