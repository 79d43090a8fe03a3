/**
 * What `npm start` was asked for: its options and environment variables, read once into plain data.
 * The variables are listed in scripts/start.ts.
 */
import * as path from 'path';
import { parseArgs } from 'util';
import type { SandboxProfile } from '../../sandbox';

export const USAGE =
  'Usage: npm start [-- --no-n8n] [-- --queue] [-- --verbose]   (see scripts/start.ts for the environment variables)';

export interface StartConfig {
  sandboxPort: number;
  profile: SandboxProfile;
  /** Undefined: the sandbox's default key. */
  apiKey?: string;
  size?: number;
  seed?: number;
  /** False with --no-n8n. */
  n8n: boolean;
  /** --queue: n8n's queue mode. */
  queue: boolean;
  n8nPort: number;
  /** --queue only: the webhook processor's port. */
  webhookPort: number;
  /** Single mode's n8n data, kept between runs. */
  userFolder: string;
  ownerEmail?: string;
  ownerPassword?: string;
  verbose: boolean;
}

/** Thrown for an option or variable that cannot be used; the message says which and what was given. */
export class StartConfigError extends Error {
  override name = 'StartConfigError';
}

function port(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new StartConfigError(`${name} must be a port number, got "${text}"`);
  return value;
}

function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new StartConfigError(`${name} must be a whole number, got "${text}"`);
  return value;
}

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** `help` for -h/--help; throws StartConfigError for an unknown option or a bad variable. */
export function readStartConfig(args: string[], env: NodeJS.ProcessEnv, repoRoot: string): StartConfig | 'help' {
  let values: Record<string, boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        'no-n8n': { type: 'boolean' },
        queue: { type: 'boolean' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new StartConfigError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) return 'help';
  const profile = env.SANDBOX_PROFILE || 'real';
  if (profile !== 'real' && profile !== 'spec')
    throw new StartConfigError(`SANDBOX_PROFILE must be "real" or "spec", got "${profile}"`);
  return {
    sandboxPort: port('SANDBOX_PORT', env.SANDBOX_PORT, 8787),
    profile,
    ...optional('apiKey', env.SANDBOX_API_KEY || undefined),
    ...optional('size', wholeNumber('SANDBOX_SIZE', env.SANDBOX_SIZE)),
    ...optional('seed', wholeNumber('SANDBOX_SEED', env.SANDBOX_SEED)),
    n8n: !values['no-n8n'],
    queue: Boolean(values.queue),
    n8nPort: port('N8N_PORT', env.N8N_PORT, 5678),
    webhookPort: port('N8N_WEBHOOK_PORT', env.N8N_WEBHOOK_PORT, 5690),
    userFolder: path.resolve(env.N8N_USER_FOLDER || path.join(repoRoot, '.cache', 'n8n-home')),
    ...optional('ownerEmail', env.N8N_OWNER_EMAIL || undefined),
    ...optional('ownerPassword', env.N8N_OWNER_PASSWORD || undefined),
    verbose: Boolean(values.verbose),
  };
}
