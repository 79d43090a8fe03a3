/**
 * Installs a Debian package when a service's binaries are missing: only as root on a machine with
 * apt-get (CI and these dev machines); anywhere else the caller skips with the reason.
 * `apt-get update` runs at most once per process, and only when apt knows no candidate version.
 */
import { spawn, spawnSync } from 'child_process';
import type { Log } from '../toolchain';
import { ServiceUnavailableError } from './errors';
import { isExecutable } from './supervise';

const APT = '/usr/bin/apt-get';
let updated = false;

function runApt(args: string[], log: Log, label: string): Promise<{ code: number | null; tail: string }> {
  return new Promise((resolve) => {
    // Non-interactive; policy-rc.d on these machines keeps the package's service from starting.
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const child = spawn(APT, ['-o', 'DPkg::Lock::Timeout=300', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 20) tail.shift();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const beat = setInterval(() => log(`[${label}] apt-get ${args.join(' ')}: still running...`), 15000);
    child.on('error', (err) => {
      clearInterval(beat);
      resolve({ code: -1, tail: err.message });
    });
    child.on('close', (code) => {
      clearInterval(beat);
      resolve({ code, tail: tail.join('\n') });
    });
  });
}

function hasCandidate(pkg: string): boolean {
  const res = spawnSync('apt-cache', ['policy', pkg], { encoding: 'utf8' });
  return /Candidate: (?!\(none\))\S+/.test(res.stdout ?? '');
}

/** `apt-get install -y <pkg>`; throws ServiceUnavailableError naming what to do instead. */
export async function aptInstall(service: string, pkg: string, log: Log): Promise<void> {
  const manual = `install it yourself (Debian/Ubuntu: sudo apt-get install -y ${pkg})`;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new ServiceUnavailableError(service, `not installed, and installing it needs root: ${manual}`);
  }
  if (!isExecutable(APT))
    throw new ServiceUnavailableError(service, `not installed and no apt-get on this machine: ${manual}`);
  const t0 = Date.now();
  if (!hasCandidate(pkg) && !updated) {
    log(`[${service}] apt-get update (package lists have no ${pkg})`);
    const update = await runApt(['update'], log, service);
    updated = true;
    if (update.code !== 0)
      throw new ServiceUnavailableError(service, `apt-get update failed (exit ${update.code}): ${update.tail}`);
  }
  log(`[${service}] apt-get install -y ${pkg} (done once)`);
  const result = await runApt(['install', '-y', '--no-install-recommends', pkg], log, service);
  if (result.code !== 0)
    throw new ServiceUnavailableError(service, `apt-get install ${pkg} failed (exit ${result.code}): ${result.tail}`);
  log(`[${service}] installed ${pkg} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
