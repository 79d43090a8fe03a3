/**
 * The check a webhook trigger makes before its platform answers the store and starts anything
 * (docs/verification.md, "Before the answer"). It reads nothing but the request and what the trigger
 * kept when it subscribed: no credential, no database of its own, no store. What it cannot decide that
 * way (does the order exist, is it paid) is left to the read-back in the execution.
 *
 * - The hook URL given to the store carries a per-hook secret as a query parameter (WordPress keeps a
 *   URL's query string; n8n's webhook paths are fixed by the node description). A delivery without
 *   it, or with another, is refused.
 * - A delivery holding more records than a store ever sends is refused.
 * - A record that carries the `studiocart_secret` of older plugin versions is compared with the digest
 *   of the API key kept at subscribe.
 * - A record of the same event and id seen within `REPLAY_WINDOW_MS` is dropped as a repeat.
 *
 * The secret and the key's digest live in the trigger's state (n8n: the node's static data): plain
 * JSON, never the key. The events seen live in the memory of the process that receives deliveries
 * (`ReplayMemory`), not in that state: n8n 2.41 does not save a webhook's change to static data when
 * the delivery starts an execution, and an execution that saved it would write back a copy taken when
 * it was queued, over a newer hook record (docs/verification.md, "Repeats").
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

import { OriginSecret } from '../events/origin';
import type { DeliveredEvent } from '../events/parse';
import { recordId } from '../events/verify';

/** The query parameter of the hook URL that carries the per-hook secret. */
export const HOOK_SECRET_PARAM = 'hook_secret';

/** Real stores send one record per delivery; a few more leave room for a store that batches. */
export const MAX_DELIVERY_RECORDS = 10;

/** How long a delivered event and id is remembered, so a repeat of it is dropped. */
export const REPLAY_WINDOW_MS = 10 * 60 * 1000;

/** At most this many are remembered; past it the oldest go first. */
const REPLAY_MEMORY = 500;

const SECRET_KEY = 'hookSecret';
const KEY_DIGEST_KEY = 'hookKeyDigest';

type TriggerState = Record<string, unknown>;

/** A new per-hook secret: 32 random bytes, URL-safe. */
export function newHookSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The URL to give the store: the platform's webhook URL with the secret in its query string. */
export function withHookSecret(hookUrl: string, secret: string): string {
  const url = new URL(hookUrl);
  url.searchParams.set(HOOK_SECRET_PARAM, secret);
  return url.toString();
}

/** Keeps what later checks need, once the store has the hook: the secret and the key's digest (never the key). */
export function keepHookGuard(state: TriggerState, secret: string, apiKey: string): void {
  state[SECRET_KEY] = secret;
  state[KEY_DIGEST_KEY] = OriginSecret.digestOfKey(apiKey);
}

export function forgetHookGuard(state: TriggerState): void {
  for (const key of [SECRET_KEY, KEY_DIGEST_KEY]) Reflect.deleteProperty(state, key);
}

/** The kept per-hook secret; undefined for a hook made before hooks had one. */
export function keptHookSecret(state: TriggerState): string | undefined {
  const secret = state[SECRET_KEY];
  return typeof secret === 'string' && secret !== '' ? secret : undefined;
}

/**
 * Whether the kept guard still serves the connection's key: false for a hook made before hooks had a
 * secret, or under another key, so activation replaces that hook with one that has both.
 */
export function hookGuardFits(state: TriggerState, apiKey: string): boolean {
  const digest = state[KEY_DIGEST_KEY];
  return (
    keptHookSecret(state) !== undefined && typeof digest === 'string' && digest === OriginSecret.digestOfKey(apiKey)
  );
}

/** Why a delivery is refused before the answer; the platform answers `status` with `{ error, message }`. */
export interface Refusal {
  status: 401 | 413;
  error: 'hook_secret_mismatch' | 'origin_secret_mismatch' | 'delivery_too_large';
  message: string;
}

export type Screening =
  | { refused: Refusal }
  | {
      refused?: undefined;
      /** The records to go on: not repeats. */
      fresh: DeliveredEvent[];
      /** Records dropped as a repeat of one seen within the window. */
      repeats: number;
      /** False for a hook made before hooks had a secret: nothing proved where the delivery came from. */
      guarded: boolean;
    };

/** Which trigger a delivery is for, and where the events it has seen are remembered. */
interface ScreeningContext {
  /**
   * One key per hook (n8n: workflow, node and hook id), so a new hook starts with nothing remembered;
   * undefined when no hook is kept (nothing subscribed): then nothing is remembered.
   */
  trigger: string | undefined;
  memory: ReplayMemory;
  now?: number;
}

/**
 * The verdict on a delivery before the answer. `query` is the request's query string as the platform
 * parsed it; `state` what the trigger kept at subscribe. Remembers the fresh records' event and id.
 */
export function screenDelivery(
  state: TriggerState,
  query: unknown,
  delivered: readonly DeliveredEvent[],
  { trigger, memory, now = Date.now() }: ScreeningContext,
): Screening {
  const secret = keptHookSecret(state);
  if (secret !== undefined && !sameSecret(secretInQuery(query), secret)) {
    return {
      refused: {
        status: 401,
        error: 'hook_secret_mismatch',
        message: `This URL takes deliveries only with the ${HOOK_SECRET_PARAM} the store was given when the workflow was published. Nothing was started.`,
      },
    };
  }
  if (delivered.length > MAX_DELIVERY_RECORDS) {
    return {
      refused: {
        status: 413,
        error: 'delivery_too_large',
        message: `This delivery holds ${delivered.length} records; a store sends one, and this trigger takes at most ${MAX_DELIVERY_RECORDS}. Nothing was started.`,
      },
    };
  }
  const keyDigest = state[KEY_DIGEST_KEY];
  if (typeof keyDigest === 'string' && delivered.some((d) => d.secret && !d.secret.matchesDigest(keyDigest))) {
    return {
      refused: {
        status: 401,
        error: 'origin_secret_mismatch',
        message:
          'This delivery carries a studiocart_secret that is not the API key this hook was made with. If the store’s key changed, update the credential and publish the workflow again. Nothing was started.',
      },
    };
  }
  const fresh = trigger === undefined ? [...delivered] : memory.firstSightings(trigger, delivered, now);
  return { fresh, repeats: delivered.length - fresh.length, guarded: secret !== undefined };
}

function secretInQuery(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const value = (query as Record<string, unknown>)[HOOK_SECRET_PARAM];
  return typeof value === 'string' ? value : '';
}

/** Constant time whatever the lengths: both sides are compared as equal-length buffers only when their lengths match. */
function sameSecret(given: string, kept: string): boolean {
  const [a, b] = [Buffer.from(given, 'utf8'), Buffer.from(kept, 'utf8')];
  // Comparing `kept` with itself keeps the time the same when the lengths differ.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}

/**
 * The events (`purchased:1042`) each trigger has received within the window, in this process. A
 * repeat sent to another process (a second webhook processor) or after a restart is not seen here: the
 * execution it starts still verifies it with the store.
 */
export class ReplayMemory {
  readonly #seen = new Map<string, Map<string, number>>();

  constructor(
    private readonly windowMs: number = REPLAY_WINDOW_MS,
    private readonly capacity: number = REPLAY_MEMORY,
  ) {}

  /**
   * The records not seen within the window, each now remembered. A record with no id (a lead) is
   * never a repeat: nothing names it.
   */
  firstSightings(trigger: string, delivered: readonly DeliveredEvent[], now: number): DeliveredEvent[] {
    const seen = this.#recent(trigger, now);
    const fresh: DeliveredEvent[] = [];
    for (const delivery of delivered) {
      const id = recordId(delivery.record);
      if (id === undefined) {
        fresh.push(delivery);
        continue;
      }
      const key = `${delivery.record.trigger ?? ''}:${id}`;
      if (seen.has(key)) continue;
      seen.set(key, now);
      fresh.push(delivery);
    }
    // Oldest first (insertion order): past the capacity, the oldest are forgotten.
    for (const key of seen.keys()) {
      if (seen.size <= this.capacity) break;
      seen.delete(key);
    }
    return fresh;
  }

  /** The trigger's remembered events still within the window. */
  #recent(trigger: string, now: number): Map<string, number> {
    let seen = this.#seen.get(trigger);
    if (!seen) this.#seen.set(trigger, (seen = new Map()));
    for (const [key, at] of seen) {
      if (now - at < this.windowMs && at <= now) break;
      seen.delete(key);
    }
    return seen;
  }
}
