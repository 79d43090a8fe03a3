/**
 * A throwaway MariaDB for a test WordPress: Debian's `mariadbd` on a datadir and a socket of our own
 * (never the system's), no TCP (`--skip-networking`: WordPress and our client use the socket), run as
 * the `mysql` user, stopped with the run. `initMariaDbDatadir` makes a fresh datadir with one database
 * and one user; `startMariaDb` serves a datadir, fresh or copied from a cache.
 */
import execa from 'execa';
import * as fs from 'fs';
import * as path from 'path';
import type { Log } from '../toolchain';
import { ServiceStartError, ServiceUnavailableError } from './errors';
import { supervise, waitFor } from './supervise';

const SERVICE = 'MariaDB';
export const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = '/usr/bin/mariadb-install-db';
const CLIENT = '/usr/bin/mariadb';

export interface MariaDb {
  socket: string;
  pid: number;
  output(): string;
  /** Runs SQL as the database's root (unix-socket auth: we are root); resolves with its output. */
  sql(statements: string): Promise<string>;
  stop(): Promise<void>;
}

/** The `mysql` account's uid/gid: mariadbd refuses to run as root without `--user`. */
export function mysqlUser(): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('mysql:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid)
    throw new ServiceUnavailableError(SERVICE, 'there is no "mysql" user (Debian\'s mariadb-server makes it)');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Small and fast: nothing here must survive a crash. */
function serverArgs(datadir: string, socket: string): string[] {
  return [
    '--no-defaults',
    `--datadir=${datadir}`,
    `--socket=${socket}`,
    `--pid-file=${path.join(path.dirname(socket), 'mariadb.pid')}`,
    '--skip-networking',
    '--skip-name-resolve',
    '--skip-log-bin',
    '--innodb-buffer-pool-size=32M',
    '--innodb-log-file-size=8M',
    '--innodb-flush-log-at-trx-commit=0',
    '--innodb-doublewrite=0',
    '--performance-schema=OFF',
    '--character-set-server=utf8mb4',
  ];
}

/** `mariadb-install-db` into `datadir` (made and owned by mysql). */
export async function initMariaDbDatadir(datadir: string): Promise<void> {
  const owner = mysqlUser();
  fs.mkdirSync(datadir, { recursive: true });
  fs.chownSync(datadir, owner.uid, owner.gid);
  const result = await execa(
    INSTALL_DB,
    [
      '--no-defaults',
      `--datadir=${datadir}`,
      '--user=mysql',
      '--skip-test-db',
      '--auth-root-authentication-method=socket',
    ],
    { all: true, reject: false, stdin: 'ignore' },
  );
  if (result.exitCode !== 0) throw new ServiceStartError(`${SERVICE} mariadb-install-db`, 'failed', result.all ?? '');
}

/** Serves `datadir` on `socket` (inside `runDir`); resolves once it accepts connections. */
export async function startMariaDb(opts: {
  datadir: string;
  socket: string;
  runDir: string;
  log?: Log;
}): Promise<MariaDb> {
  const owner = mysqlUser();
  const server = supervise({
    cmd: MARIADBD,
    args: serverArgs(opts.datadir, opts.socket),
    cwd: opts.runDir,
    ...owner,
    label: 'mariadb',
    removeOnOrphan: opts.runDir,
    ...(opts.log ? { log: opts.log } : {}),
  });
  const ready = await waitFor(
    () => server.lines().some((l) => l.includes('ready for connections')),
    60000,
    () => server.hasExited(),
  );
  if (!ready) {
    await server.stop(10000);
    throw new ServiceStartError(SERVICE, server.hasExited() ? 'exited at start' : 'not ready in time', server.output());
  }
  const sql = async (statements: string) => {
    const result = await execa(
      CLIENT,
      ['--no-defaults', `--socket=${opts.socket}`, '-uroot', '--batch', '--skip-column-names'],
      {
        input: statements,
        all: true,
        reject: false,
      },
    );
    if (result.exitCode !== 0) throw new ServiceStartError(`${SERVICE} client`, 'failed', result.all ?? '');
    return result.stdout;
  };
  return { socket: opts.socket, pid: server.pid, output: server.output, sql, stop: () => server.stop(20000) };
}
