/**
 * `npm run zapier:build` once per e2e run. Both Zapier e2e files test its zip (zapier/build/build.zip):
 * the first to hold 'zapier-app' (./exclusive.ts) builds, the other reads the zip and the build's output
 * that this run's build left, as long as the zip is still the one it made. One build took 31 s of CPU
 * (user + sys) here, and two minutes on a loaded 2-core machine. A file run alone, or outside the e2e
 * config's global set-up, builds for itself.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { npmRun, ROOT } from './steps';

/** Set by the global set-up to a name of its own run (workers inherit it). */
export const E2E_RUN_ENV = 'COMMERCE_E2E_RUN';

export const ZAPIER_ZIP = path.join(ROOT, 'zapier', 'build', 'build.zip');

/** What this run's build printed, and the zip it made. */
interface BuildRecord {
  run: string;
  zipSha256: string;
  stdout: string;
  stderr: string;
}

const RECORD = path.join(ROOT, '.cache', 'e2e-zapier-build.json');

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * The output of this run's `npm run zapier:build`: made here, or read from the build another file made
 * earlier in the run. Call it holding 'zapier-app', which keeps zapier/build as the build left it.
 */
export async function zapierBuild(): Promise<{ stdout: string; stderr: string }> {
  const run = process.env[E2E_RUN_ENV];
  const record = existsSync(RECORD) ? (JSON.parse(readFileSync(RECORD, 'utf8')) as BuildRecord) : undefined;
  if (run && record?.run === run && existsSync(ZAPIER_ZIP) && sha256(ZAPIER_ZIP) === record.zipSha256) {
    return { stdout: record.stdout, stderr: record.stderr };
  }
  rmSync(RECORD, { force: true });
  const { stdout, stderr } = await buildZip();
  if (run) writeFileSync(RECORD, JSON.stringify({ run, zipSha256: sha256(ZAPIER_ZIP), stdout, stderr }));
  return { stdout, stderr };
}

/**
 * `npm run zapier:build`, from an empty zapier/build. The CLI's own "Testing build" step gives loading
 * the zip 5 s, which a loaded machine can exceed (it then fails with an empty message): that step alone
 * is tried once more. Any other failure, or a second one, throws.
 */
async function buildZip(): Promise<{ stdout: string; stderr: string }> {
  for (let attempt = 1; ; attempt += 1) {
    rmSync(path.dirname(ZAPIER_ZIP), { recursive: true, force: true });
    try {
      return await npmRun('zapier:build', 600_000, { silent: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt > 1 || !/Testing build\s+›\s+Error:\s*\n/.test(message)) throw error;
      process.stderr.write('zapier-platform build: its "Testing build" step timed out; building again\n');
    }
  }
}
