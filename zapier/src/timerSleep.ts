/**
 * How the Zapier app's retries wait: on Node's timers. The shared client takes its wait from each
 * adapter (`sleep` in `shared/src/http/retry.ts`), since n8n's nodes may use no timer and wait with n8n-workflow's
 * `sleep` instead. A module of its own, so tests can record the waits instead of sleeping them.
 */
export function timerSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
