/**
 * Whether the parts an e2e file needs can be had here, decided before jest collects the tests
 * (test.skip needs to know then): this file runs in a child process (tsx) that installs what is
 * missing (n8n of a given version into ~/.cache, Debian's redis-server/postgresql), progress on
 * stderr. Child stdout: `{"ok":true}` or `{"ok":false,"reason":...}` for an "unavailable" error;
 * any other error exits non-zero and the e2e file fails instead of skipping.
 *
 *   const describeN8n = describeIf(probe(['n8n']), 'n8n end-to-end tests');
 *   npx tsx test/e2e/support/probe.ts --strict wordpress postgres redis chromium n8n n8n1   (CI's prepare stage)
 *
 * A part that cannot be had prints `SKIPPED: <what>: <reason>`. Outside CI the suite is then skipped
 * (for people without apt); under CI=true it fails, naming the reason: the project brings every part,
 * so a green CI means every end-to-end test ran.
 */
import { spawnSync } from 'child_process';
import { existsSync, writeFileSync } from 'fs';
import path from 'path';
import { ensureChromium } from '../../../scripts/browser/chromium';
import { ensureN8n, N8N1_VERSION, N8nUnavailableError, REPO_ROOT } from '../../../scripts/n8n/install';
import { ServiceUnavailableError } from '../../../scripts/services/errors';
import { ensurePostgres } from '../../../scripts/services/postgres';
import { ensureRedis } from '../../../scripts/services/redis';
import { ensureWordPress } from '../../../scripts/services/wordpress';

export type Probe = { ok: true } | { ok: false; reason: string };

/** Whether this runs in CI (`CI=true`, as CI services and `.ci/run` set it). */
const IN_CI = /^(true|1)$/i.test(process.env.CI ?? '');

/**
 * The `describe` for the suite `what`, which needs what `found` probed. When a part cannot be had:
 * `SKIPPED: <what>: <reason>` on stderr, the suite skipped, and a stand-in test that is skipped too
 * (outside CI) or fails with the reason (under CI=true).
 */
export function describeIf(found: Probe, what: string): jest.Describe {
  if (found.ok) return describe;
  process.stderr.write(`\nSKIPPED: ${what}: ${found.reason}\n\n`);
  describe(what, () => {
    if (!IN_CI) it.skip(`SKIPPED: ${found.reason.split('\n')[0]}`, () => undefined);
    else
      it('has every part it needs (under CI=true a SKIPPED suite fails)', () => {
        const failure = new Error(`SKIPPED under CI=true: ${what}: ${found.reason}`);
        failure.stack = failure.message; // the reason is the whole story; no code frame
        throw failure;
      });
  });
  return describe.skip;
}
/**
 * `n8n` (the default version), `n8n1` (N8N1_VERSION), `n8n@<version>`, `postgres`, `redis`, `chromium`,
 * `wordpress` (Debian's WordPress, PHP-FPM, MariaDB, nginx, Apache, and the installed test store cached).
 */
export type Part = 'n8n' | 'n8n1' | `n8n@${string}` | 'postgres' | 'redis' | 'chromium' | 'wordpress';

export function probe(parts: Part[]): Probe {
  // Within one jest run (its global set-up names a folder), a part found once is not looked for again:
  // each probe is a child process of a few seconds, and every e2e file probes.
  const runDir = process.env[PROBE_CACHE_ENV];
  const cached = runDir ? path.join(runDir, `probe-${[...parts].sort().join('+')}.json`) : undefined;
  if (cached && existsSync(cached)) return { ok: true };
  const found = probeInChild(parts);
  if (cached && found.ok) writeFileSync(cached, '{"ok":true}\n');
  return found;
}

/** Where the e2e run's global set-up keeps what its probes found (a folder). */
export const PROBE_CACHE_ENV = 'COMMERCE_E2E_PROBES';

function probeInChild(parts: Part[]): Probe {
  const tsx = require.resolve('tsx/cli', { paths: [REPO_ROOT] });
  const res = spawnSync(process.execPath, [tsx, __filename, ...parts], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'], // install progress straight to the terminal / CI log
    timeout: 30 * 60 * 1000,
    maxBuffer: 1024 * 1024,
  });
  const verdict = (res.stdout ?? '').trim().split('\n').pop() ?? '';
  if (res.status === 0) {
    try {
      const parsed = JSON.parse(verdict) as Probe;
      if (parsed.ok || typeof parsed.reason === 'string') return parsed;
    } catch {
      // fall through to the error below
    }
  }
  const why = res.error ? res.error.message : `exit ${res.status ?? res.signal}`;
  throw new Error(
    `checking for ${parts.join(', ')} failed (${why}): ${crashOf(verdict) ?? (verdict || '(no output)')}`,
  );
}

/** The error a probe child died of, from its last line (`{"crashed": message}`; the stack is on its stderr). */
function crashOf(verdict: string): string | undefined {
  try {
    const parsed = JSON.parse(verdict) as { crashed?: unknown };
    return typeof parsed.crashed === 'string' ? `${parsed.crashed} (its stack is printed above)` : undefined;
  } catch {
    return undefined;
  }
}

async function ensure(part: string): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  if (part === 'postgres') await ensurePostgres({ log });
  else if (part === 'redis') await ensureRedis({ log });
  else if (part === 'chromium') await ensureChromium(log);
  else if (part === 'wordpress') await ensureWordPress({ log });
  else if (part === 'n8n') await ensureN8n({ log });
  else if (part === 'n8n1') await ensureN8n({ log, version: N8N1_VERSION });
  else if (part.startsWith('n8n@')) await ensureN8n({ log, version: part.slice(4) });
  else throw new Error(`unknown part "${part}"`);
}

if (require.main === module) {
  // --strict (CI's prepare stage): exit 1 when a part cannot be had, after trying every part.
  const args = process.argv.slice(2);
  const strict = args.includes('--strict');
  (async () => {
    // Every part is tried, so one run reports (and installs) all that is missing. The n8n versions
    // install side by side (their npm downloads overlap; their cache folders and locks are per version);
    // the apt parts one after another (apt holds one lock), alongside them.
    const reasons: string[] = [];
    const tryPart = async (part: string) => {
      try {
        await ensure(part);
      } catch (error) {
        if (error instanceof N8nUnavailableError)
          reasons.push(`${part === 'n8n1' ? `n8n@${N8N1_VERSION}` : part}: ${error.message}`);
        else if (error instanceof ServiceUnavailableError) reasons.push(error.message);
        else throw error;
      }
    };
    const parts = args.filter((arg) => arg !== '--strict');
    const isN8n = (part: string) => part === 'n8n' || part === 'n8n1' || part.startsWith('n8n@');
    const oneAfterAnother = async (list: string[]) => {
      for (const part of list) await tryPart(part);
    };
    // The Node headers and sqlite3's binding, which both need, are made once under a lock of their own.
    await Promise.all([...parts.filter(isN8n).map(tryPart), oneAfterAnother(parts.filter((part) => !isN8n(part)))]);
    process.stdout.write(
      `${JSON.stringify(reasons.length ? { ok: false, reason: reasons.join('; ') } : { ok: true })}\n`,
    );
    if (strict && reasons.length) {
      for (const reason of reasons) process.stderr.write(`SKIPPED under CI: ${reason}\n`);
      process.exitCode = 1;
    }
  })().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.stdout.write(`${JSON.stringify({ crashed: error instanceof Error ? error.message : String(error) })}\n`);
    process.exitCode = 1;
  });
}
