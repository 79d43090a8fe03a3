/**
 * Installs a Debian package when a service's binaries are missing: only as root on a machine with
 * apt-get (CI and these dev machines); anywhere else the caller skips with the reason.
 * `apt-get update` runs at most once per process, and only when apt knows no candidate version.
 */
import { spawnSync } from 'child_process';
import execa, { type ExecaError } from 'execa';
import type { Log } from '../toolchain';
import { ServiceUnavailableError } from './errors';
import { isExecutable } from './supervise';

const APT = '/usr/bin/apt-get';
let updated = false;

async function runApt(args: string[], log: Log, label: string): Promise<{ code: number | null; tail: string }> {
  // Non-interactive; policy-rc.d on these machines keeps the package's service from starting.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const beat = setInterval(() => log(`[${label}] apt-get ${args.join(' ')}: still running...`), 15000);
  try {
    const result = await execa(APT, ['-o', 'DPkg::Lock::Timeout=300', ...args], {
      env,
      stdin: 'ignore',
      all: true,
      reject: false,
    });
    const { originalMessage } = result as Partial<ExecaError>;
    if (originalMessage) return { code: -1, tail: originalMessage };
    const lines = (result.all ?? '').split('\n').filter((line) => line.trim());
    return { code: result.exitCode ?? null, tail: lines.slice(-20).join('\n') };
  } finally {
    clearInterval(beat);
  }
}

function hasCandidate(pkg: string): boolean {
  const res = spawnSync('apt-cache', ['policy', pkg], { encoding: 'utf8' });
  return /Candidate: (?!\(none\))\S+/.test(res.stdout ?? '');
}

/** `apt-get install -y <pkgs>` (one package or several in one run); throws ServiceUnavailableError naming what to do instead. */
export async function aptInstall(service: string, pkgs: string | readonly string[], log: Log): Promise<void> {
  const list = typeof pkgs === 'string' ? [pkgs] : [...pkgs];
  const pkg = list.join(' ');
  const manual = `install it yourself (Debian/Ubuntu: sudo apt-get install -y ${pkg})`;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new ServiceUnavailableError(service, `not installed, and installing it needs root: ${manual}`);
  }
  if (!isExecutable(APT))
    throw new ServiceUnavailableError(service, `not installed and no apt-get on this machine: ${manual}`);
  const t0 = Date.now();
  if (!list.every(hasCandidate) && !updated) {
    log(`[${service}] apt-get update (package lists have no ${pkg})`);
    const update = await runApt(['update'], log, service);
    updated = true;
    if (update.code !== 0)
      throw new ServiceUnavailableError(service, `apt-get update failed (exit ${update.code}): ${update.tail}`);
  }
  log(`[${service}] apt-get install -y ${pkg} (done once)`);
  const result = await runApt(['install', '-y', '--no-install-recommends', ...list], log, service);
  if (result.code !== 0)
    throw new ServiceUnavailableError(service, `apt-get install ${pkg} failed (exit ${result.code}): ${result.tail}`);
  log(`[${service}] installed ${pkg} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
