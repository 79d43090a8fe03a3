/**
 * The seam: what a platform (the Zapier app, the n8n package) provides to the shared use cases, and
 * nothing more. An adapter builds one of these from its own context and maps the use cases' results
 * to its outputs; every decision in between is made here, in `shared/` (ARCHITECTURE.md, "The seam").
 */
import type { Transport } from '../http/transport';
import type { RetryOptions } from '../http/retry';
import type { SiteMemory } from '../siteMemory';

/** A trigger's or node's setting by its shared name (`event`, `productId`, …); `fallback` when unset. */
export type ParameterReader = (name: string, fallback: unknown) => unknown;

/** Where a line for the user's or the operator's log goes; the adapter adds its own prefix. */
export interface PlatformLog {
  info(message: string): void;
  warn(message: string): void;
}

/** A line a use case hands back for the platform's log (the adapter adds its prefix). Never holds the key or customer data. */
export interface Notice {
  level: keyof PlatformLog;
  message: string;
}

/**
 * How long a store call may take, all attempts and waits included. `interactive`: a user or a workflow
 * waits (each platform's own limits). `verification`: reading back a hook delivery's record, where a
 * slow store must not hold the event (the same on every platform, `VERIFICATION_LIMITS`).
 */
export type RetryProfile = 'interactive' | 'verification';

export interface RetryLimits {
  /** Per request; the client's default when absent. */
  timeoutMs?: number;
  /** All attempts of one call and the waits between them. */
  budgetMs: number;
  /** A longer Retry-After is not waited out: the error is returned at once. */
  maxRetryAfterMs: number;
}

/** The HTTP and waiting a platform lends the shared client, with its limits for interactive calls. */
export interface Platform {
  transport: Transport;
  /** n8n passes n8n-workflow's `sleep` (its package may not use timers); Zapier passes Node's timers. */
  sleep: RetryOptions['sleep'];
  interactive: RetryLimits;
  /** Where the client's notices go (why site-local times have no instant, docs/dates.md). */
  log: PlatformLog;
  /**
   * What the adapter's clients know of each store's site for a while (`siteMemory.ts`): made by the
   * adapter where it makes clients, so whoever reads the adapter sees how long it lives and who shares it.
   */
  memory: SiteMemory;
  /**
   * Everything one client may spend on the store, every call and the zone read included, whatever
   * the profile: a platform that ends its step after a fixed time (Zapier) sets it below that time.
   */
  stepBudgetMs?: number;
}
