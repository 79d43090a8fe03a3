/**
 * The Zapier CLI as a user runs it offline: `zapier-platform invoke` in `zapier/`, with the connection in
 * `zapier/.env` (`authData_<field>=...`). Files that use it hold `zapier-app` (support/exclusive.ts) and
 * keep the user's own `.env` (`keepEnvFile`).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './steps';

export const ZAPIER_APP = path.join(ROOT, 'zapier');
const ENV_FILE = path.join(ZAPIER_APP, '.env');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const run = promisify(execFile);

/** What a CLI run gave: its JSON result, or its error text as one line. */
export type CliOutcome = { ok: true; result: unknown } | { ok: false; text: string };

/** The CLI's error text as one line: it wraps long lines (`·` where it broke a word gap) and escapes quotes. */
function unwrapped(text: string): string {
  return text
    .replace(/·?\n\s*›\s*/g, ' ')
    .replace(/\\"/g, '"')
    .replace(/\s+/g, ' ');
}

/** Saves the user's `zapier/.env` before the suite and puts it back (or removes ours) after it. */
export function keepEnvFile(): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = existsSync(ENV_FILE) ? readFileSync(ENV_FILE, 'utf8') : undefined;
  });
  afterAll(() => {
    if (saved === undefined) rmSync(ENV_FILE, { force: true });
    else writeFileSync(ENV_FILE, saved);
  });
}

/** `zapier-platform invoke <args>` on the connection in zapier/.env: its result, or its error text. */
export async function zapierInvoke(args: string[], env: Record<string, string> = {}): Promise<CliOutcome> {
  const argv = ['invoke', ...args, '--non-interactive'];
  let ran: { stdout: string; stderr: string };
  try {
    ran = await run(path.join(BIN, 'zapier-platform'), argv, {
      cwd: ZAPIER_APP,
      timeout: 120_000,
      maxBuffer: 20 * 1024 * 1024,
      env: { ...process.env, ...env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`, NO_COLOR: '1' },
    });
  } catch (error) {
    const { stdout = '', stderr = '', killed } = error as { stdout?: string; stderr?: string; killed?: boolean };
    if (killed) throw new Error(`zapier-platform ${argv.join(' ')} was stopped after 120 s:\n${stdout}\n${stderr}`);
    return { ok: false, text: unwrapped(`${stdout}\n${stderr}`) };
  }
  try {
    return { ok: true, result: JSON.parse(ran.stdout.trim()) as unknown };
  } catch {
    // Exit 0 without a JSON result is the CLI's or the harness's failure, not a message for the user.
    throw new Error(`zapier-platform ${argv.join(' ')} exited 0 without a JSON result:\n${ran.stdout}\n${ran.stderr}`);
  }
}

/** `zapier-platform invoke auth test`, the connection written to zapier/.env first (later invokes use it). */
export async function zapierAuthTest(
  authData: Record<string, string>,
  env: Record<string, string> = {},
): Promise<CliOutcome> {
  const lines = Object.entries(authData).map(([field, value]) => `authData_${field}=${value}`);
  writeFileSync(ENV_FILE, `${lines.join('\n')}\n`);
  return await zapierInvoke(['auth', 'test'], env);
}
