/**
 * `npm run sandbox -- --profile real --size 500 --seed 1`
 * Flags win over the environment (SANDBOX_PORT, SANDBOX_API_KEY, SANDBOX_PROFILE, SANDBOX_SIZE,
 * SANDBOX_SEED, SANDBOX_HOST, SANDBOX_API_ROOT, SANDBOX_LATENCY_MS, SANDBOX_PHP_WORKERS, SANDBOX_TIMEZONE).
 * `--latency 20` adds 20 ms to every API answer; `--php-workers 2` serves like a small host with two PHP
 * workers; `--timezone Asia/Kolkata` (or `UTC+5:30`) sets the site's zone (default: the profile's).
 */
import { parseArgs } from 'node:util';
import { isProfile } from './profiles';
import { DEFAULT_API_KEY, DEFAULT_SIZE, startSandbox } from './server';

const USAGE = `Usage: npm run sandbox -- [--profile spec|real] [--size N] [--seed N] [--port N] [--host H] [--api-key K] [--api-root /wp-json/sc/v1] [--latency MS] [--php-workers N] [--timezone ZONE] [--quiet]`;

function integer(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number >= 0, got "${text}"`);
  return value;
}

/** A small host's PHP workers, or null (unlimited, the default). */
function phpWorkers(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`php-workers must be a whole number >= 1, got "${text}"`);
  return value;
}

/** `, 20 ms latency per request` when one was asked for. */
function sandboxLatency(text: string | undefined): string {
  const ms = integer('latency', text, 0);
  return ms > 0 ? `, ${ms} ms latency per request` : '';
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      profile: { type: 'string' },
      size: { type: 'string' },
      seed: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string' },
      'api-root': { type: 'string' },
      latency: { type: 'string' },
      'php-workers': { type: 'string' },
      timezone: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const env = process.env;
  const profile = values.profile ?? env.SANDBOX_PROFILE ?? 'spec';
  if (!isProfile(profile)) throw new Error(`profile must be "spec" or "real", got "${profile}"`);
  const size = integer('size', values.size ?? env.SANDBOX_SIZE, DEFAULT_SIZE);
  const seed = integer('seed', values.seed ?? env.SANDBOX_SEED, 1);
  const workers = phpWorkers(values['php-workers'] ?? env.SANDBOX_PHP_WORKERS);

  const timezone = values.timezone ?? env.SANDBOX_TIMEZONE;
  const started = Date.now();
  const sandbox = await startSandbox({
    host: values.host ?? env.SANDBOX_HOST ?? '127.0.0.1',
    port: integer('port', values.port ?? env.SANDBOX_PORT, 8787),
    apiKey: values['api-key'] ?? env.SANDBOX_API_KEY ?? DEFAULT_API_KEY,
    apiRoot: values['api-root'] ?? env.SANDBOX_API_ROOT ?? '/wp-json/sc/v1',
    profile,
    size,
    seed,
    latencyMs: integer('latency', values.latency ?? env.SANDBOX_LATENCY_MS, 0),
    phpWorkers: workers,
    ...(timezone ? { timezone } : {}),
    quiet: values.quiet ?? false,
  });
  const api = `${sandbox.url}${sandbox.apiRoot}`;
  console.log(
    [
      `Sandbox store (profile ${profile}, ${size} orders, seed ${seed}${sandboxLatency(values.latency ?? env.SANDBOX_LATENCY_MS)}${workers === null ? '' : `, ${workers} PHP worker${workers === 1 ? '' : 's'}`}) ready in ${Date.now() - started} ms`,
      `  Store URL: ${sandbox.url}`,
      `  API root:  ${api}`,
      `  API key:   ${sandbox.apiKey}`,
      `  Time zone: ${(await fetchConfig(sandbox.url)).timezone}`,
      `  Admin API: ${sandbox.url}/sandbox/v1 (see sandbox/README.md)`,
      'Try:',
      `  curl -s -H 'x-api-key: ${sandbox.apiKey}' '${api}/orders?per_page=2'`,
      '',
    ].join('\n'),
  );

  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function fetchConfig(url: string): Promise<{ timezone: string }> {
  return (await (await fetch(`${url}/sandbox/v1/config`)).json()) as { timezone: string };
}

main().catch((error: unknown) => {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
