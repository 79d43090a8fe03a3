/**
 * A throwaway Redis for n8n's queue (Bull): Debian's `redis-server`, installed when missing and
 * possible, on a free port of 127.0.0.1, no persistence (no RDB, no AOF), stopped afterwards.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { aptInstall } from './apt';
import { stderrLog, type Log } from '../toolchain';
import { ServiceStartError, ServiceUnavailableError } from './errors';
import { isExecutable, startOnPort, supervise, waitFor, type Supervised } from './supervise';

export interface RedisServer {
  host: '127.0.0.1';
  port: number;
  pid: number;
  version: string;
  output(): string;
  stop(): Promise<void>;
}

const SERVICE = 'Redis';
const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/sbin/redis-server'];

function findRedis(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'redis-server'));
  return [...onPath, ...CANDIDATES].find(isExecutable);
}

/** The redis-server binary, installed with apt-get when missing (root + Debian); else ServiceUnavailableError. */
export async function ensureRedis(opts: { log?: Log } = {}): Promise<{ bin: string; version: string }> {
  let bin = findRedis();
  if (!bin) {
    await aptInstall(SERVICE, 'redis-server', opts.log ?? stderrLog);
    bin = findRedis();
    if (!bin)
      throw new ServiceUnavailableError(SERVICE, 'apt-get installed redis-server but no redis-server binary was found');
  }
  const res = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 10000 });
  const version = /v=(\S+)/.exec(res.stdout ?? '')?.[1];
  if (res.status !== 0 || !version)
    throw new ServiceUnavailableError(SERVICE, `${bin} --version failed: ${res.stderr ?? ''}`.trim());
  return { bin, version };
}

/** Sends PING over RESP and expects +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(reply.startsWith('+PONG')));
    socket.on('error', () => resolve(false));
  });
}

/** `log` gets the server's output lines, `setupLog` the install's progress (stderr by default). */
export async function startRedis(
  opts: { log?: Log; setupLog?: Log; port?: number; readyTimeoutMs?: number } = {},
): Promise<RedisServer> {
  const { bin, version } = await ensureRedis({ ...(opts.setupLog ? { log: opts.setupLog } : {}) });
  return await startOnPort(opts.port, (port) => startRedisOn(bin, version, port, opts));
}

async function startRedisOn(
  bin: string,
  version: string,
  port: number,
  opts: { log?: Log; readyTimeoutMs?: number },
): Promise<RedisServer> {
  // Redis writes nothing with these settings, but its working dir must exist and be writable.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--protected-mode',
    'yes',
    '--save',
    '',
    '--appendonly',
    'no',
  ];
  args.push('--dir', dir, '--daemonize', 'no', '--logfile', '', '--databases', '1');
  const server: Supervised = supervise({
    cmd: bin,
    args,
    cwd: dir,
    label: 'redis',
    stopSignal: 'SIGTERM',
    removeOnOrphan: dir,
    ...(opts.log ? { log: opts.log } : {}),
  });
  const stop = async () => {
    await server.stop(5000);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const ready = await waitFor(
    () => ping(port),
    opts.readyTimeoutMs ?? 20000,
    () => server.hasExited(),
  );
  if (!ready) {
    await stop();
    throw new ServiceStartError(
      `Redis on port ${port}`,
      server.hasExited() ? 'exited at start' : 'did not answer PING in time',
      server.output(),
    );
  }
  return { host: '127.0.0.1', port, pid: server.pid, version, output: server.output, stop };
}
