/**
 * Debian's Chromium for the browser tests, driven by playwright-core (the full `playwright` package
 * downloads its own browsers, which this machine cannot). Found at /usr/bin/chromium, else installed
 * with apt-get when running as root; otherwise `ServiceUnavailableError` says why (print
 * `SKIPPED: <reason>`).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromium, selectors, type BrowserContext } from 'playwright-core';
import { aptInstall } from '../services/apt';
import { ServiceUnavailableError } from '../services/errors';
import { stderrLog, type Log } from '../toolchain';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;

/** Offline, quiet and reproducible: no GPU, no QUIC, no first-run or background network traffic. */
const CHROMIUM_ARGS = [
  '--no-sandbox', // root in a container: Chromium's own sandbox cannot start
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function works(bin: string): string | undefined {
  if (!fs.existsSync(bin)) return undefined;
  const res = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return res.status === 0 ? res.stdout.trim() : undefined;
}

/**
 * The Chromium binary and its version. Installs Debian's `chromium` package when it is missing, as the
 * services are installed (root with apt-get, once); elsewhere `ServiceUnavailableError` says why.
 */
export async function ensureChromium(log: Log = stderrLog): Promise<{ path: string; version: string }> {
  const found = works(CHROMIUM_PATH);
  if (found) return { path: CHROMIUM_PATH, version: found };
  if (CHROMIUM_PATH !== DEBIAN_CHROMIUM)
    throw new ServiceUnavailableError('Chromium', `CHROMIUM_PATH=${CHROMIUM_PATH} does not run`);
  await aptInstall('Chromium', 'chromium', log);
  const installed = works(CHROMIUM_PATH);
  if (!installed)
    throw new ServiceUnavailableError('Chromium', `apt-get installed chromium, but ${CHROMIUM_PATH} --version fails`);
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
  const { path: executablePath } = await ensureChromium();
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
