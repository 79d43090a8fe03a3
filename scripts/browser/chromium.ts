/**
 * Debian's Chromium for the browser tests, driven by playwright-core (the full `playwright` package
 * downloads its own browsers, which this machine cannot). Found at /usr/bin/chromium, else installed
 * with apt-get when running as root; otherwise `ChromiumUnavailableError` says why (print
 * `SKIPPED: <reason>`).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromium, selectors, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Offline, quiet and reproducible: no GPU, no QUIC, no first-run or background network traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', // root in a container: Chromium's own sandbox cannot start
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export class ChromiumUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChromiumUnavailableError';
  }
}

function works(bin: string): string | undefined {
  if (!fs.existsSync(bin)) return undefined;
  const res = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return res.status === 0 ? res.stdout.trim() : undefined;
}

/**
 * The Chromium binary and its version. Installs Debian's `chromium` package when it is missing and we
 * are root with apt-get (a few minutes, once); `log` hears about it.
 */
export function ensureChromium(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): {
  path: string;
  version: string;
} {
  const found = works(CHROMIUM_PATH);
  if (found) return { path: CHROMIUM_PATH, version: found };
  if (CHROMIUM_PATH !== '/usr/bin/chromium')
    throw new ChromiumUnavailableError(`CHROMIUM_PATH=${CHROMIUM_PATH} does not run`);
  if (process.platform !== 'linux')
    throw new ChromiumUnavailableError(`no ${CHROMIUM_PATH}, and installing Chromium is only automated on Debian`);
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new ChromiumUnavailableError(
      `no ${CHROMIUM_PATH}; install it with \`sudo apt-get install -y chromium\` (not root here)`,
    );
  }
  if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0)
    throw new ChromiumUnavailableError(`no ${CHROMIUM_PATH} and no apt-get to install it`);
  log('[chromium] not found: apt-get update && apt-get install -y chromium (once, a few minutes)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const res = spawnSync('apt-get', args, { encoding: 'utf8', env, timeout: 15 * 60_000 });
    if (res.status !== 0) {
      const tail = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim().split('\n').slice(-3).join(' | ');
      throw new ChromiumUnavailableError(
        `apt-get ${args.join(' ')} failed (${res.error?.message ?? `exit ${res.status}`}): ${tail}`,
      );
    }
  }
  const installed = works(CHROMIUM_PATH);
  if (!installed)
    throw new ChromiumUnavailableError(`apt-get installed chromium, but ${CHROMIUM_PATH} --version fails`);
  return { path: CHROMIUM_PATH, version: installed };
}

export interface Browser {
  context: BrowserContext;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

let testIdSet = false;

/**
 * Chromium with a new, empty profile. n8n marks its elements with `data-test-id`, so getByTestId
 * looks for that attribute.
 */
export async function launchChromium(options: { width?: number; height?: number } = {}): Promise<Browser> {
  const { path: executablePath } = ensureChromium();
  if (!testIdSet) {
    selectors.setTestIdAttribute('data-test-id');
    testIdSet = true;
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
