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
 * What is kept lives in the trigger's state (n8n: the node's static data): plain JSON, never the key.
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
const RECENT_KEY = 'recentDeliveries';

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
  for (const key of [SECRET_KEY, KEY_DIGEST_KEY, RECENT_KEY]) Reflect.deleteProperty(state, key);
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

/**
 * The verdict on a delivery before the answer. `query` is the request's query string as the platform
 * parsed it. Remembers the fresh records' event and id in `state`, so the caller must let the platform
 * save the state (n8n saves a webhook's static data before it answers).
 */
export function screenDelivery(
  state: TriggerState,
  query: unknown,
  delivered: readonly DeliveredEvent[],
  now: number = Date.now(),
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
  const { fresh, repeats } = dropRepeats(state, delivered, now);
  return { fresh, repeats, guarded: secret !== undefined };
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
 * Drops each record whose event and id were seen within the window, and remembers the others. A record
 * with no id (a lead) is never a repeat: nothing names it.
 */
function dropRepeats(
  state: TriggerState,
  delivered: readonly DeliveredEvent[],
  now: number,
): { fresh: DeliveredEvent[]; repeats: number } {
  const seen = recentDeliveries(state, now);
  const fresh: DeliveredEvent[] = [];
  let repeats = 0;
  for (const delivery of delivered) {
    const id = recordId(delivery.record);
    const key = id === undefined ? undefined : `${delivery.record.trigger ?? ''}:${id}`;
    if (key !== undefined && seen.has(key)) {
      repeats += 1;
      continue;
    }
    if (key !== undefined) seen.set(key, now);
    fresh.push(delivery);
  }
  if (fresh.some((delivery) => recordId(delivery.record) !== undefined)) {
    state[RECENT_KEY] = Object.fromEntries([...seen].slice(-REPLAY_MEMORY));
  }
  return { fresh, repeats };
}

/** The remembered event ids still within the window, oldest first. */
function recentDeliveries(state: TriggerState, now: number): Map<string, number> {
  const kept = state[RECENT_KEY];
  const seen = new Map<string, number>();
  if (typeof kept !== 'object' || kept === null) return seen;
  const entries = Object.entries(kept as Record<string, unknown>).filter(
    (entry): entry is [string, number] =>
      typeof entry[1] === 'number' && entry[1] <= now && now - entry[1] < REPLAY_WINDOW_MS,
  );
  for (const [key, at] of entries.sort((a, b) => a[1] - b[1])) seen.set(key, at);
  return seen;
}
