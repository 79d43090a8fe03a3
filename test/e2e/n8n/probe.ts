/**
 * Whether a real n8n can run here, decided before jest collects the tests (test.skip needs to know
 * then): `ensureN8n()` in a child process, which installs n8n on the first run with its progress on
 * stderr. Child stdout: `{"ok":true}` or `{"ok":false,"reason":...}` (N8nUnavailableError); any other
 * error exits non-zero, and the e2e file then fails instead of skipping.
 */
import { spawnSync } from 'child_process';
import { ensureN8n, N8nUnavailableError, REPO_ROOT } from '../../../scripts/n8n/install';

export type N8nProbe = { ok: true } | { ok: false; reason: string };

/** Runs this file in a child process (tsx) and reads its verdict; the install may take minutes. */
export function probeN8n(): N8nProbe {
  const tsx = require.resolve('tsx/cli', { paths: [REPO_ROOT] });
  const res = spawnSync(process.execPath, [tsx, __filename], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'], // install progress straight to the terminal / CI log
    timeout: 30 * 60 * 1000,
    maxBuffer: 1024 * 1024,
  });
  const verdict = (res.stdout ?? '').trim().split('\n').pop() ?? '';
  if (res.status === 0) {
    try {
      const parsed = JSON.parse(verdict) as N8nProbe;
      if (parsed.ok || typeof parsed.reason === 'string') return parsed;
    } catch {
      // fall through to the error below
    }
  }
  const why = res.error ? res.error.message : `exit ${res.status ?? res.signal}`;
  throw new Error(`checking for n8n failed (${why}): ${verdict || '(no output)'}`);
}

if (require.main === module) {
  ensureN8n({ log: (line) => process.stderr.write(`${line}\n`) }).then(
    () => process.stdout.write(`${JSON.stringify({ ok: true })}\n`),
    (error: unknown) => {
      if (error instanceof N8nUnavailableError) {
        process.stdout.write(`${JSON.stringify({ ok: false, reason: error.message })}\n`);
      } else {
        process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exitCode = 1;
      }
    },
  );
}
