/**
 * The e2e files run side by side (jest.e2e.config.js, maxWorkers). Two files that write the same build
 * output (zapier/build, zapier/dist, zapier/.env) cannot: the one that comes second waits for the first.
 *
 *   holdExclusively('zapier-app'); // at the top of the file, before its own beforeAll
 *
 * The hold is the installs' folder lock (scripts/services/folderLock.ts) in the repository's git-ignored
 * .cache/, held from before the file's tests until after them; a holder that died is cleared.
 */
import path from 'node:path';
import { withLock } from '../../../scripts/services/folderLock';
import { ROOT } from './steps';

const WAIT_AT_MOST_MS = 15 * 60_000;

/** Holds `name` from before this file's tests until after them; another file holding it first is waited for. */
export function holdExclusively(name: string): void {
  const lock = path.join(ROOT, '.cache', `e2e-hold-${name}`);
  let release = () => {};
  let held: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    const t0 = Date.now();
    const waitedFor = () => process.stderr.write(`waiting for another e2e file's ${name} (${lock})\n`);
    await new Promise<void>((taken, failed) => {
      held = withLock(lock, waitedFor, () => {
        taken();
        return new Promise<void>((done) => (release = done));
      });
      held.catch(failed);
    });
    const waited = Date.now() - t0;
    if (waited > 1000) process.stderr.write(`waited ${(waited / 1000).toFixed(0)} s for another e2e file's ${name}\n`);
  }, WAIT_AT_MOST_MS);
  afterAll(async () => {
    release();
    await held;
  });
}
