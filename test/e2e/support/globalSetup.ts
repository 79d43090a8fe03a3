/**
 * jest's global set-up for the e2e run (jest.e2e.config.js): builds the package and starts the run's
 * shared n8n 2.41 (./sharedN8n.ts) once, when a selected test file uses it and n8n can be had (where
 * it cannot, the suites' own probe says so: SKIPPED, or a failure under CI=true). Its state goes in a
 * file named by COMMERCE_E2E_SHARED_N8N; ./globalTeardown.ts stops it.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probe, PROBE_CACHE_ENV } from './probe';
import { SHARED_MARKER, SHARED_N8N_ENV, startSharedN8n } from './sharedN8n';
import { npmRun, ROOT } from './steps';

/** The part of jest's global config read here (its testPathPattern: the files named on the command line). */
interface GlobalConfig {
  testPathPattern?: string;
}

/** The e2e files this run selects that ride on the shared n8n. */
export function filesUsingSharedN8n(pattern: string | undefined): string[] {
  const dir = path.join(ROOT, 'test', 'e2e');
  const selected = pattern ? new RegExp(pattern, 'i') : undefined;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => path.join(dir, name))
    .filter((file) => !selected || selected.test(file))
    .filter((file) => readFileSync(file, 'utf8').includes(SHARED_MARKER));
}

export default async function globalSetup(config: GlobalConfig): Promise<void> {
  process.env[PROBE_CACHE_ENV] = mkdtempSync(path.join(tmpdir(), 'e2e-probes-'));
  const users = filesUsingSharedN8n(config.testPathPattern);
  if (users.length === 0 || !probe(['n8n']).ok) return;
  const t0 = Date.now();
  await npmRun('build:n8n');
  const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-shared-n8n-')), 'state.json');
  (globalThis as { sharedN8n?: unknown }).sharedN8n = await startSharedN8n(stateFile);
  process.env[SHARED_N8N_ENV] = stateFile;
  process.stderr.write(
    `\nshared n8n for ${users.length} e2e file(s) ready in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
}
