/**
 * A lock between processes as a folder: `mkdir` makes it in one step, so one holder at a time. The
 * holder writes its pid in it (a step it runs may add its own pid as `child`); a lock whose holder and
 * child are both gone (a run killed half way) is stale and is cleared, so it never blocks the next run.
 * Used by the n8n installs (scripts/n8n/install.ts) and by e2e files that write the same build output
 * (test/e2e/support/exclusive.ts).
 */
import * as fs from 'fs';
import * as path from 'path';
import { isAlive } from './processIdentity';

const POLL_MS = 2000;
/** How often the wait is told (`onWait`), while another process holds the lock. */
const TELL_EVERY_MS = 30000;

/** Runs `fn` holding `lock` (a folder path), after waiting for another holder to let go. */
export async function withLock<T>(lock: string, onWait: (lock: string) => void, fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let waited = 0; ; waited += POLL_MS) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      if (lockIsStale(lock)) {
        fs.rmSync(lock, { recursive: true, force: true }); // its holder died while holding it
        continue;
      }
      if (waited % TELL_EVERY_MS === 0) onWait(lock);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Stale: its holder and the step it ran are dead, or it has had no pid for a while. */
function lockIsStale(lock: string): boolean {
  const pids = ['pid', 'child'].map((name) => {
    try {
      return Number(fs.readFileSync(path.join(lock, name), 'utf8'));
    } catch {
      return 0; // no such file (yet)
    }
  });
  if (pids[0]) return !pids.some((pid) => pid > 0 && isAlive(pid));
  try {
    return Date.now() - fs.statSync(lock).mtimeMs > 30000;
  } catch {
    return true; // lock vanished meanwhile: try again
  }
}
