/**
 * `npm start`: the sandbox store plus a local n8n with this repository's n8n package installed the
 * users' way (packed, and installed from the tarball with npm into n8n's community nodes folder, as
 * n8n documents a manual install: scripts/start/localRelease.ts), a credential for the sandbox and the
 * example workflows imported; prints the editor URL and a login.
 * The first run installs n8n (about 3.5 min, 2.2 GB, cached) with its progress shown. Ctrl-C stops both.
 * What runs where is data (scripts/start/topology.ts); one path starts it (scripts/start/runMainJob.ts).
 *
 *   npm start                      sandbox on 127.0.0.1:8787, n8n on 127.0.0.1:5678
 *   npm start -- --no-n8n          the sandbox only
 *   npm start -- --verbose         also n8n's own output and the sandbox's request log
 *   npm start -- --queue           n8n in queue mode: throwaway Postgres and Redis, main on N8N_PORT,
 *                                  one worker, one webhook processor on N8N_WEBHOOK_PORT (5690);
 *                                  nothing is kept between runs (see docs/queue-mode.md)
 *
 * Environment: SANDBOX_PORT (8787), SANDBOX_PROFILE (real | spec, default real), SANDBOX_API_KEY,
 * SANDBOX_SIZE, SANDBOX_SEED; N8N_PORT (5678); N8N_WEBHOOK_PORT (5690, --queue); N8N_USER_FOLDER
 * (<repo>/.cache/n8n-home, kept between runs); N8N_OWNER_EMAIL / N8N_OWNER_PASSWORD (used when the
 * owner is first set up); N8N_CACHE_DIR (where n8n is installed). If n8n cannot be installed here, the
 * sandbox still runs and says why.
 */
import { REPO_ROOT } from './toolchain';
import { readStartConfig, USAGE } from './start/config';
import { runMainJob } from './start/runMainJob';
import { Teardown } from './start/teardown';

const say = (line = '') => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const config = readStartConfig(process.argv.slice(2), process.env, REPO_ROOT);
  if (config === 'help') {
    say(USAGE);
    return;
  }
  const teardown = new Teardown(say);
  // A Ctrl-C reaches this process twice (from the terminal and relayed by tsx): only a second one
  // pressed a while after the first forces an exit before the clean stop is done.
  let firstSignalAt = 0;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (teardown.stopping) {
        if (Date.now() - firstSignalAt < 2000) return;
        say('Stopping already; exiting now (n8n is ended by its watchdog).');
        process.exit(130);
      }
      firstSignalAt = Date.now();
      void teardown.stop(signal).then(() => process.exit(0));
    });
  }
  try {
    await runMainJob(config, teardown, say);
  } catch (error) {
    // A stop under way (Ctrl-C mid-start) explains any error of the start: the signal handler exits.
    if (teardown.stopping) return;
    process.stderr.write(`npm start: ${error instanceof Error ? error.message : String(error)}\n`);
    await teardown.stop('error');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  // A bad option or variable (StartConfigError) says which; nothing was started yet.
  process.stderr.write(`npm start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
