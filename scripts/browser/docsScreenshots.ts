/**
 * `npm run docs:screenshots`: runs the browser tests (test/e2e/browser.e2e.ts, and
 * test/e2e/n8nInstalledBrowser.e2e.ts for the community install) with SCREENSHOT_DIR set to
 * docs/images, so the pictures in the READMEs come from the same code that tests what they show,
 * then pictures the Zapier app's definition (zapierApp.ts) and lists the files and their sizes.
 * Fails when the tests fail, were skipped (no Chromium or n8n), or a picture is missing or larger
 * than the docs should carry.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../toolchain';
import { pictureZapierApp } from './zapierApp';

const DIR = path.join(REPO_ROOT, 'docs', 'images');
const EXPECTED = [
  'n8n-community-install',
  'n8n-nodes-panel',
  'n8n-credential-form',
  'n8n-trigger-output',
  'n8n-execution-output',
  'n8n-polling-test-event',
  'recipe-purchase-message',
  'recipe-daily-summary',
  'sandbox-dashboard',
  'zapier-app',
];
const MAX_BYTES = 300 * 1024;

const started = Date.now();
for (const name of EXPECTED) fs.rmSync(path.join(DIR, `${name}.png`), { force: true });
const jest = require.resolve('jest/bin/jest', { paths: [REPO_ROOT] });
const TESTS = ['test/e2e/browser.e2e.ts', 'test/e2e/n8nInstalledBrowser.e2e.ts'];
const result = spawnSync(process.execPath, [jest, '--config', 'jest.e2e.config.js', ...TESTS], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  env: { ...process.env, SCREENSHOT_DIR: DIR },
});
if (result.status !== 0) {
  process.stderr.write(
    `docs:screenshots: the browser tests failed (exit ${result.status ?? result.signal}); docs/images may be incomplete\n`,
  );
  process.exit(1);
}
void (async () => {
  await pictureZapierApp(DIR);
  const problems: string[] = [];
  for (const name of EXPECTED) {
    const file = path.join(DIR, `${name}.png`);
    if (!fs.existsSync(file)) {
      problems.push(`${name}.png was not written (were the n8n tests skipped?)`);
      continue;
    }
    const { size } = fs.statSync(file);
    process.stdout.write(`  docs/images/${name}.png  ${(size / 1024).toFixed(0)} KB\n`);
    if (size > MAX_BYTES) problems.push(`${name}.png is ${(size / 1024).toFixed(0)} KB (limit ${MAX_BYTES / 1024} KB)`);
  }
  if (problems.length) {
    process.stderr.write(`docs:screenshots: ${problems.join('; ')}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `docs:screenshots: ${EXPECTED.length} pictures in docs/images (${Math.round((Date.now() - started) / 1000)} s)\n`,
  );
})().catch((error: unknown) => {
  process.stderr.write(`docs:screenshots: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
