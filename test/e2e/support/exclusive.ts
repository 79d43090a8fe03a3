/**
 * The e2e files run side by side (jest.e2e.config.js, maxWorkers). Two files that write the same build
 * output (zapier/build, zapier/dist, zapier/.env) cannot: the one that comes second waits for the first.
 *
 *   holdExclusively('zapier-app'); // at the top of the file, before its own beforeAll
 *
 * The hold is a folder made with mkdir (one step, so one holder) in the repository's git-ignored .cache/,
 * naming the jest worker that holds it; a holder whose process is gone (a run killed half way) is
 * cleared, so a stale hold never blocks the next run.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pWaitFor from 'p-wait-for';
import { ROOT } from './steps';

const WAIT_AT_MOST_MS = 15 * 60_000;

const holdFolder = (name: string) => path.join(ROOT, '.cache', `e2e-hold-${name}`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid the hold names; 0 while the holder has not written it yet (or the hold was just let go). */
function holderOf(folder: string): number {
  try {
    return Number(readFileSync(path.join(folder, 'pid'), 'utf8'));
  } catch {
    return 0;
  }
}

/** Takes the hold if it is free (or its holder is gone); true when this process holds it now. */
function tryHold(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = holderOf(folder);
    if (holder && !alive(holder)) rmSync(folder, { recursive: true, force: true });
    return false;
  }
  writeFileSync(path.join(folder, 'pid'), String(process.pid));
  return true;
}

/** Holds `name` from before this file's tests until after them; another file holding it first is waited for. */
export function holdExclusively(name: string): void {
  const folder = holdFolder(name);
  beforeAll(async () => {
    mkdirSync(path.dirname(folder), { recursive: true });
    const t0 = Date.now();
    await pWaitFor(() => tryHold(folder), { interval: 500, timeout: WAIT_AT_MOST_MS });
    const waited = Date.now() - t0;
    if (waited > 1000) process.stderr.write(`waited ${(waited / 1000).toFixed(0)} s for another e2e file's ${name}\n`);
  }, WAIT_AT_MOST_MS + 10_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
}
