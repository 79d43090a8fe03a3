/**
 * A burst of purchases as a busy store makes them: one every 1000 / perSecond ms, each started on time
 * whether or not the ones before it have been answered (a checkout does not wait for another
 * customer's), each delivery waiting at most the store's 5 s for its answer. Shared by the queue-mode
 * burst e2e (test/e2e/queueModeBurst.e2e.ts), which holds the answers to the store's limit, and
 * `npm run bench -- burst`, which prints how long they took.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { SandboxDelivery } from '../../sandbox';

/** The store's own limit for a delivery's answer (the sandbox's default `deliveryTimeoutMs`). */
export const STORE_LIMIT_MS = 5_000;

/** The burst of the issue that measured it: 120 purchases at 20 a second. */
export const BURST = { purchases: 120, perSecond: 20 } as const;

/**
 * Fires `purchases` events at `perSecond`, on a fixed schedule from the start (no drift when one
 * `fire` is slow), and resolves once every delivery has been answered or has failed.
 */
export async function fireBurst(
  fire: () => Promise<SandboxDelivery[]>,
  burst: { purchases: number; perSecond: number } = BURST,
): Promise<SandboxDelivery[]> {
  const started = Date.now();
  const interval = 1000 / burst.perSecond;
  const fired = Array.from(
    { length: burst.purchases },
    (_, i) =>
      new Promise<SandboxDelivery[]>((resolve, reject) => {
        setTimeout(() => fire().then(resolve, reject), Math.max(0, started + i * interval - Date.now()));
      }),
  );
  return (await Promise.all(fired)).flat();
}

export interface AnswerTimes {
  deliveries: number;
  /** Answered 200 within the store's limit. */
  inTime: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** How long the store waited for each answer; a delivery that failed counts as the store's whole wait. */
export function answerTimes(deliveries: SandboxDelivery[]): AnswerTimes {
  const waits = deliveries.map((d) => d.durationMs).sort((a, b) => a - b);
  return {
    deliveries: deliveries.length,
    inTime: deliveries.filter((d) => d.status === 200 && d.durationMs <= STORE_LIMIT_MS).length,
    medianMs: percentile(waits, 50),
    p95Ms: percentile(waits, 95),
    maxMs: waits.at(-1) ?? Number.NaN,
  };
}

/** One line of figures, for a table printed side by side. */
export function answerLine(
  label: string,
  { times, executions, cpuSeconds }: { times: AnswerTimes; executions: number; cpuSeconds: number },
): string {
  return `  ${label.padEnd(44)} ${`${times.inTime}/${times.deliveries}`.padStart(7)} answered in ${STORE_LIMIT_MS / 1000} s (median ${times.medianMs} ms, p95 ${times.p95Ms} ms, max ${times.maxMs} ms); ${executions} executions; webhook processor ${cpuSeconds.toFixed(1)} CPU-s`;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on every Linux build that matters here. */
const TICKS_PER_SECOND = 100;

/** Descendants of `pid` (/proc/<pid>/task/<tid>/children), depth first. */
export function descendants(pid: number): number[] {
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** User + system CPU seconds `pid` has used so far, 0 once it is gone. */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ...": count after the last ')'; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by `pid` and every process under it (n8n's task runner, say). */
export function treeCpuSeconds(pid: number): number {
  return [pid, ...descendants(pid)].reduce((sum, each) => sum + cpuOf(each), 0);
}
