/**
 * PHP-FPM for a test WordPress: Debian's `php-fpm<version>` with a config of our own (one pool, workers
 * as www-data, a unix socket in the run's folder), in the foreground under `supervise()`. Both web
 * servers hand PHP to it, so nginx and Apache run the very same PHP.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Log } from '../toolchain';
import { ServiceStartError, ServiceUnavailableError } from './errors';
import { isExecutable, supervise, waitFor } from './supervise';

const SERVICE = 'PHP-FPM';

/** The newest `/usr/sbin/php-fpm<major.minor>` (Debian names the binary by version). */
export function findPhpFpm(): string | undefined {
  const found = fs.existsSync('/usr/sbin')
    ? fs
        .readdirSync('/usr/sbin')
        .filter((name) => /^php-fpm\d+\.\d+$/.test(name))
        .sort()
        .reverse()
    : [];
  return found.map((name) => path.join('/usr/sbin', name)).find(isExecutable);
}

export interface PhpFpm {
  socket: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startPhpFpm(opts: { runDir: string; log?: Log; workers?: number }): Promise<PhpFpm> {
  const bin = findPhpFpm();
  if (!bin)
    throw new ServiceUnavailableError(SERVICE, 'no /usr/sbin/php-fpm<version> (Debian: apt-get install php-fpm)');
  const socket = path.join(opts.runDir, 'php-fpm.sock');
  const config = path.join(opts.runDir, 'php-fpm.conf');
  fs.writeFileSync(
    config,
    [
      '[global]',
      `pid = ${path.join(opts.runDir, 'php-fpm.pid')}`,
      // Our stdio is a socket, which /proc/self/fd/2 cannot reopen: a file, copied to stderr by --force-stderr.
      `error_log = ${path.join(opts.runDir, 'php-fpm.log')}`,
      'daemonize = no',
      '[wordpress]',
      'user = www-data',
      'group = www-data',
      `listen = ${socket}`,
      'listen.owner = www-data',
      'listen.group = www-data',
      'listen.mode = 0660',
      'pm = static',
      // A small host: a few workers (a slow situation holds one per request).
      `pm.max_children = ${opts.workers ?? 4}`,
      'catch_workers_output = yes',
      'decorate_workers_output = no',
      'php_admin_flag[log_errors] = on',
      'php_admin_flag[display_errors] = off',
      '',
    ].join('\n'),
  );
  const server = supervise({
    cmd: bin,
    args: ['--nodaemonize', '--force-stderr', '--fpm-config', config],
    cwd: opts.runDir,
    label: 'php-fpm',
    stopSignal: 'SIGQUIT', // graceful
    removeOnOrphan: opts.runDir,
    ...(opts.log ? { log: opts.log } : {}),
  });
  const ready = await waitFor(
    () => server.lines().some((l) => l.includes('ready to handle connections')),
    30000,
    () => server.hasExited(),
  );
  if (!ready) {
    await server.stop(5000);
    throw new ServiceStartError(SERVICE, server.hasExited() ? 'exited at start' : 'not ready in time', server.output());
  }
  return { socket, output: server.output, stop: () => server.stop(5000) };
}
