/**
 * Waiting on Node's timers, for the Zapier app, scripts and tests. Deliberately not exported from
 * `shared/src/index.ts`: n8n's bundle must contain no timer (its community-node lint forbids them),
 * so n8n passes n8n-workflow's own `sleep` instead.
 */
import type { RetryOptions } from './retry';

export const timerSleep: RetryOptions['sleep'] = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
