/**
 * Where things ran in n8n's queue mode, read from each process' own log: the worker's job processor
 * reports every execution it runs, and the polling trigger logs each poll that emits (or is a first poll).
 */
import type { N8nProcess } from '../../../scripts/n8n/instance';

/** How n8n's job processor reports an execution it ran (n8n/dist/scaling/job-processor). */
export function ranOn(proc: Pick<N8nProcess, 'lines'>, executionId: string): { started: boolean; finished: boolean } {
  const lines = proc.lines();
  return {
    started: lines.some((l) => l.includes(`Worker started execution ${executionId} `)),
    finished: lines.some((l) => l.includes(`Worker finished execution ${executionId} `)),
  };
}

/** The prefix of every line the polling trigger logs (n8n/nodes/CommerceServicePollingTrigger/poll.ts). */
const POLL_LOG = 'Commerce Service Polling Trigger: ';

/** A store as the trigger's log lines name it (its URL without the scheme, as shared/src/config.ts labels it). */
interface Store {
  url: string;
}
const onStore = (line: string, store: Store): boolean => {
  const label = store.url.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  return line.includes(`on ${label}:`) || line.includes(`on ${label} `);
};

/** The polling trigger's log lines in a process' output (about `store` only, when given: processes may be shared). */
export const pollLines = (proc: Pick<N8nProcess, 'lines'>, store?: Store): string[] =>
  proc.lines().filter((l) => l.includes(POLL_LOG) && (!store || onStore(l, store)));

/** How many events of `event` the polls in this process reported emitting ("<n> <event> event(s) on <store>"). */
export function eventsPolled(proc: Pick<N8nProcess, 'lines'>, event: string, store?: Store): number {
  const pattern = new RegExp(`${POLL_LOG}(\\d+) ${event} event\\(s\\) on `);
  return pollLines(proc, store).reduce((sum, line) => sum + Number(pattern.exec(line)?.[1] ?? 0), 0);
}

/** First polls this process ran ("First poll of orders on <store>: ..."). */
export const firstPolls = (proc: Pick<N8nProcess, 'lines'>, store?: Store, resource = 'orders'): number =>
  pollLines(proc, store).filter((l) => l.includes(`${POLL_LOG}First poll of ${resource} on `)).length;
