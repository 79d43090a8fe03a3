import type { CommerceServiceClient } from '../client';
import { AuthenticationError, isMissingRecord } from '../errors';
import type { Order, Subscription } from '../resources/records';
import { toText } from '../resources/coerce';
import type { OriginSecret } from './origin';
import type { DeliveredEvent } from './parse';
import type { EventRecord } from './record';
import { type StatusFit, normaliseStatus, statusFitOf } from './statusFit';

/**
 * Checks a hook delivery with the store before it starts anything (docs/verification.md): the secret
 * of older plugin versions when it came, otherwise the record it names, read back by id. Verify, do not
 * replace: the delivered record is what goes on, with a `verification` field added.
 */

/** Why a delivery is taken for a forgery. Messages name no customer data. */
type ForgeryReason =
  | 'secret-mismatch'
  | 'no-record-id'
  | 'unknown-record'
  | 'email-mismatch'
  | 'product-mismatch'
  | 'status-not-reached'
  | 'unknown-event';

/** Why a delivery goes on unverified. */
type UnverifiedReason = 'lead-has-no-record' | 'store-unavailable';

export type Verification =
  | { status: 'verified'; method: 'secret' | 'store' }
  | { status: 'forged'; reason: ForgeryReason; message: string }
  | { status: 'unverified'; reason: UnverifiedReason; message: string };

/** The field every verified or unverified item carries (forged ones are not emitted). */
interface VerificationMarker {
  status: 'verified' | 'unverified';
  /** How it was verified: `secret` (the delivery carried the store's key), `store` (the record was read back). */
  method?: 'secret' | 'store';
  /** Why it could not be verified. */
  reason?: UnverifiedReason;
  /** The same in words, for a log line or a person; no customer data, never the key. */
  message?: string;
}

const VERIFICATION_FIELD = 'verification';

const SECRET_MISMATCH_MESSAGE = 'the delivery carries a studiocart_secret that is not this store’s API key';

type VerifiedEvent = EventRecord & { verification: VerificationMarker };

function forged(reason: ForgeryReason, message: string): Verification {
  return { status: 'forged', reason, message };
}

/** The verdict of a delivered `studiocart_secret` alone: this store's key, or a forgery. */
function secretVerdict(secret: OriginSecret, apiKey: string): Verification {
  return secret.matches(apiKey)
    ? { status: 'verified', method: 'secret' }
    : forged('secret-mismatch', SECRET_MISMATCH_MESSAGE);
}

/**
 * The verdict on one delivered record for a trigger of `event` (the trigger's own event; the record's
 * `trigger` when it has one must already match it, see `matchesFilters`). Never throws for a store
 * that fails: that is `unverified`.
 */
export async function verifyDelivery(
  client: CommerceServiceClient,
  delivered: DeliveredEvent,
  event: string,
): Promise<Verification> {
  // The secret of older plugin versions proves or disproves the origin without a read.
  if (delivered.secret !== undefined) return secretVerdict(delivered.secret, client.store.apiKey);
  if (event === 'lead') {
    return {
      status: 'unverified',
      reason: 'lead-has-no-record',
      message: 'a lead has no record in the store to check it against',
    };
  }
  const fit = statusFitOf(event);
  if (!fit) return forged('unknown-event', `the store has no event "${event}" to check`);
  const { record } = delivered;
  const id = recordId(record);
  if (id === undefined) return forged('no-record-id', `the delivery names no ${fit.record} id`);

  let stored: Order | Subscription;
  try {
    stored =
      fit.record === 'order'
        ? await client.getOrder(id, { amounts: false })
        : await client.getSubscription(id, { amounts: false });
  } catch (error) {
    if (isMissingRecord(error)) return forged('unknown-record', `the store has no ${fit.record} ${id}`);
    return { status: 'unverified', reason: 'store-unavailable', message: unavailableMessage(error) };
  }
  return compare(record, stored, fit, id);
}

function compare(record: EventRecord, stored: Order | Subscription, fit: StatusFit, id: string): Verification {
  if (email(record.customer_email) !== email(stored.customer_email)) {
    return forged('email-mismatch', `the customer email differs from ${fit.record} ${id} in the store`);
  }
  if (text(record.product_id) !== text(stored.product_id)) {
    return forged('product-mismatch', `the product differs from ${fit.record} ${id} in the store`);
  }
  const status = normaliseStatus(stored.status ?? '');
  if (!fit.fits.includes(status)) {
    return forged(
      'status-not-reached',
      `${fit.record} ${id} is "${status}" in the store, which does not follow this event`,
    );
  }
  return { status: 'verified', method: 'store' };
}

/** `id`, or `order_id` on older plugin versions; only digits name a record. */
export function recordId(record: EventRecord): string | undefined {
  for (const candidate of [record.id, record.order_id]) {
    const id = text(candidate);
    if (/^\d{1,15}$/.test(id) && Number(id) > 0) return id;
  }
  return undefined;
}

function text(value: unknown): string {
  return (toText(value) ?? '').trim();
}

function email(value: unknown): string {
  return text(value).toLowerCase();
}

function unavailableMessage(error: unknown): string {
  const detail = error instanceof Error ? error.message : 'unknown failure';
  const what = error instanceof AuthenticationError ? 'the store refused the API key' : 'the store could not be asked';
  return `${what}, so the delivery could not be checked (${detail})`;
}

/** The item to emit for a verdict that lets it go on; `null` for a forgery. The record is not changed. */
export function markVerification(record: EventRecord, verdict: Verification): VerifiedEvent | null {
  if (verdict.status === 'forged') return null;
  const verification: VerificationMarker =
    verdict.status === 'verified'
      ? { status: 'verified', method: verdict.method }
      : { status: 'unverified', reason: verdict.reason, message: verdict.message };
  return { ...record, [VERIFICATION_FIELD]: verification };
}

/**
 * A record the connector read from the store itself with the API key (a polled event): genuine by
 * construction. It carries the webhook trigger's marker too, so a workflow that keeps only verified
 * items works with either trigger.
 */
export function markReadFromStore(record: EventRecord): VerifiedEvent {
  return { ...record, [VERIFICATION_FIELD]: { status: 'verified', method: 'store' } };
}
