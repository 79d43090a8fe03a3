import type { Bundle, ZObject } from 'zapier-platform-core';
import {
  type CommerceServiceClient,
  type Platform,
  type PlatformLog,
  type RetryLimits,
  type RetryProfile,
  SiteMemory,
  platformClient,
} from '@commerce-service/shared';
import { timerSleep } from './timerSleep';
import { zapierTransport } from './transport';

/** The connection's fields (see `authentication.ts`). */
interface AuthData {
  storeUrl?: string;
  apiKey?: string;
  apiRoot?: string;
}

/**
 * Zapier ends a perform after 30 s with its own message; ours (what the store answered, after how many
 * attempts) must arrive first. Everything a perform asks of the store, every call with its attempts and
 * waits and the site's zone read, stays within 25 s (the client's deadline).
 */
export const ZAPIER_STEP_BUDGET_MS = 25_000;

export const ZAPIER_LIMITS = {
  /** Per request: two full attempts fit in the budget; quick failures (429, 502, 503) get three. */
  timeoutMs: 12_000,
  /** All attempts of one store call and the waits between them: the whole step's budget at most. */
  budgetMs: ZAPIER_STEP_BUDGET_MS,
  /**
   * A longer Retry-After is not waited out in the perform: the 429 reaches Zapier at once as a
   * ThrottledError with the store's delay, and Zapier runs the step again later.
   */
  maxRetryAfterMs: 10_000,
} as const satisfies RetryLimits;

/** The Zap's log: Zapier shows one kind of line. */
export function zapLog(z: ZObject): PlatformLog {
  const line = (message: string) => z.console.log(`Commerce Service: ${message}`);
  return { info: line, warn: line };
}

/**
 * What this app's clients know of each store's site (zone, amount unit) for an hour: a warm container
 * runs many steps, and each reading costs a request (ARCHITECTURE.md, "Decisions").
 */
const SITE_MEMORY = new SiteMemory();

/** What Zapier lends the shared client: `z.request`, Node's timers (through the module, so tests can stand in), the Zap's log. */
export function zapierPlatform(z: ZObject): Platform {
  return {
    transport: zapierTransport(z),
    sleep: (ms) => timerSleep(ms),
    interactive: ZAPIER_LIMITS,
    log: zapLog(z),
    memory: SITE_MEMORY,
    stepBudgetMs: ZAPIER_STEP_BUDGET_MS,
  };
}

/**
 * A client for the connected store, over `z.request`, with retries on (the shared client never
 * retries subscribe). `verification`: the short budget shared by both platforms for reading back a
 * hook delivery's record. Throws a `ConfigurationError` for unusable settings.
 */
export function zapierClient(
  z: ZObject,
  bundle: Pick<Bundle, 'authData'>,
  profile: RetryProfile = 'interactive',
): CommerceServiceClient {
  const auth: AuthData = bundle.authData ?? {};
  return platformClient(
    { storeUrl: auth.storeUrl ?? '', apiKey: auth.apiKey ?? '', apiRoot: auth.apiRoot ?? '' },
    zapierPlatform(z),
    profile,
  );
}
