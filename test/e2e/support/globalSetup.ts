/**
 * jest's global set-up for the e2e run (jest.e2e.config.js): builds the package, then starts side by
 * side the run's shared n8n 2.41 (./sharedN8n.ts) and its shared queue-mode stack
 * (./sharedQueueMode.ts), each once and only when a selected test file uses it and its parts can be
 * had (where they cannot, the suites' own probe says so: SKIPPED, or a failure under CI=true). Their
 * state goes in files named by COMMERCE_E2E_SHARED_N8N and COMMERCE_E2E_SHARED_QUEUE;
 * ./globalTeardown.ts stops them.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probe, PROBE_CACHE_ENV } from './probe';
import { SHARED_MARKER, SHARED_N8N_ENV, startSharedN8n } from './sharedN8n';
import { SHARED_QUEUE_ENV, SHARED_QUEUE_MARKER, startSharedQueueMode } from './sharedQueueMode';
import globalTeardown from './globalTeardown';
import { npmRun, ROOT } from './steps';
import { E2E_RUN_ENV } from './zapierBuild';

/** The part of jest's global config read here (its testPathPattern: the files named on the command line). */
interface GlobalConfig {
  testPathPattern?: string;
}

/** The e2e files this run selects whose text has `marker` (they ride on a shared n8n). */
function filesUsing(marker: string, pattern: string | undefined): string[] {
  const dir = path.join(ROOT, 'test', 'e2e');
  const selected = pattern ? new RegExp(pattern, 'i') : undefined;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => path.join(dir, name))
    .filter((file) => !selected || selected.test(file))
    .filter((file) => readFileSync(file, 'utf8').includes(marker));
}

/** Set by the global set-up once it has built the package (workers inherit it). */
const N8N_BUILT_ENV = 'COMMERCE_E2E_N8N_BUILT';

/** `npm run build:n8n`, unless this run's global set-up built it already (a file's own n8n loads the same n8n/dist). */
export async function buildN8n(): Promise<void> {
  if (!process.env[N8N_BUILT_ENV]) await npmRun('build:n8n');
}

const seconds = (t0: number) => ((Date.now() - t0) / 1000).toFixed(1);

export default async function globalSetup(config: GlobalConfig): Promise<void> {
  process.env[PROBE_CACHE_ENV] = mkdtempSync(path.join(tmpdir(), 'e2e-probes-'));
  process.env[E2E_RUN_ENV] = `${process.pid}-${Date.now()}`;
  const single = filesUsing(SHARED_MARKER, config.testPathPattern);
  const queue = filesUsing(SHARED_QUEUE_MARKER, config.testPathPattern);
  const startSingle = single.length > 0 && probe(['n8n']).ok;
  const startQueue = queue.length > 0 && probe(['n8n', 'postgres', 'redis']).ok;
  if (!startSingle && !startQueue) return;
  const t0 = Date.now();
  await npmRun('build:n8n');
  process.env[N8N_BUILT_ENV] = '1';
  const state = (prefix: string) => path.join(mkdtempSync(path.join(tmpdir(), prefix)), 'state.json');
  const shared = globalThis as { sharedN8n?: unknown; sharedQueueMode?: unknown };
  const started = await Promise.allSettled([
    startSingle &&
      (async () => {
        const file = state('e2e-shared-n8n-');
        shared.sharedN8n = await startSharedN8n(file);
        process.env[SHARED_N8N_ENV] = file;
        process.stderr.write(`\nshared n8n for ${single.length} e2e file(s) ready in ${seconds(t0)} s\n`);
      })(),
    startQueue &&
      (async () => {
        const file = state('e2e-shared-queue-');
        shared.sharedQueueMode = await startSharedQueueMode(file);
        process.env[SHARED_QUEUE_ENV] = file;
        process.stderr.write(`\nshared queue mode for ${queue.length} e2e file(s) ready in ${seconds(t0)} s\n`);
      })(),
  ]);
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    // jest runs no tear-down after a failed set-up: stop what did start.
    await globalTeardown();
    throw failed.reason;
  }
}
