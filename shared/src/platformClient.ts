/**
 * One way to make a store client on any platform: the user's settings, the platform's transport and
 * sleep, and the retry profile the call needs: every client retries reads.
 */
import type { StoreSettings } from './config';
import { CommerceServiceClient } from './client';
import { PROCESS_MEMORY } from './siteMemory';
import { PROCESS_FOUND_APIS } from './discovery';
import type { RetryOptions } from './http/retry';
import type { Platform, RetryLimits, RetryProfile } from './platform/port';

/**
 * Reading back a hook delivery's record (docs/verification.md): 10 s in all, 5 s a request, a
 * Retry-After of at most 3 s, on every platform. After that the event goes on marked unverified.
 */
export const VERIFICATION_LIMITS: RetryLimits = { timeoutMs: 5_000, budgetMs: 10_000, maxRetryAfterMs: 3_000 };

function limitsFor(platform: Platform, profile: RetryProfile): RetryLimits {
  return profile === 'verification' ? VERIFICATION_LIMITS : platform.interactive;
}

function retryOptionsOf(limits: RetryLimits, platform: Pick<Platform, 'sleep'>): RetryOptions {
  return { budgetMs: limits.budgetMs, maxRetryAfterMs: limits.maxRetryAfterMs, sleep: platform.sleep };
}

/** Throws a `ConfigurationError` for settings that cannot name a store; sends nothing. */
export function platformClient(
  settings: StoreSettings,
  platform: Platform,
  profile: RetryProfile = 'interactive',
): CommerceServiceClient {
  const limits = limitsFor(platform, profile);
  return new CommerceServiceClient({
    settings,
    transport: platform.transport,
    ...(limits.timeoutMs === undefined ? {} : { timeoutMs: limits.timeoutMs }),
    retry: retryOptionsOf(limits, platform),
    onNotice: (notice) => platform.log[notice.level](notice.message),
    // Every client of the process shares what it knows of each store (ARCHITECTURE.md, "Decisions").
    memory: PROCESS_MEMORY,
    foundApis: PROCESS_FOUND_APIS,
    ...(platform.stepBudgetMs === undefined ? {} : { deadlineMs: platform.stepBudgetMs }),
  });
}
