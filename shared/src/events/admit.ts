/**
 * Which delivered records go on, and what to log about the others (docs/verification.md): the one
 * admission decision both webhook triggers make. The parser has already taken `studiocart_secret` out
 * of every record; each record is then verified with the store (the option on, the default), or, with
 * the option off, judged by its secret alone (a wrong secret is proof of forgery without a read).
 * Notices name the event, the reason and the store: never the customer's data or the key.
 */
import type { CommerceServiceClient } from '../client';
import { checkOrigin } from './origin';
import type { DeliveredEvent } from './parse';
import type { EventRecord } from './record';
import { SECRET_MISMATCH_MESSAGE, type Verification, markVerification, verifiedItem } from './verify';

/** A line for the platform's log; the adapter adds its own prefix and logger. */
export interface AdmissionNotice {
  level: 'warn' | 'info';
  message: string;
}

export interface AdmissionInput {
  delivered: readonly DeliveredEvent[];
  /** The trigger's event key (`purchased`, `refunded`, …). */
  event: string;
  /** The trigger's "verify deliveries with the store" option. */
  verify: boolean;
  /** Made only when a record needs the key or a read, at most once. */
  client: () => Promise<CommerceServiceClient> | CommerceServiceClient;
}

export interface Admission {
  /** The records that go on, each with its `verification` marker where it was checked. */
  admitted: EventRecord[];
  notices: AdmissionNotice[];
}

export async function admitDeliveries(input: AdmissionInput): Promise<Admission> {
  const { delivered, event, verify } = input;
  let client: CommerceServiceClient | undefined;
  const admitted: EventRecord[] = [];
  const notices: AdmissionNotice[] = [];
  for (const delivery of delivered) {
    if (!takesStore(delivery, verify)) {
      // Not checked, as the user chose: the delivery goes on as the store sent it.
      admitted.push(delivery.record);
      continue;
    }
    client ??= await input.client();
    const { verdict, item } = verify
      ? await verifiedItem(client, delivery, event)
      : secretOnly(delivery, client.store.apiKey);
    const notice = noticeOf(verdict, event, client.store.label);
    if (notice) notices.push(notice);
    if (item) admitted.push(item);
  }
  return { admitted, notices };
}

/**
 * Whether admitting this record takes the store (its key or a read): an adapter that answers the
 * sender before admitting makes its client first, so a credential naming no usable store still fails.
 */
export function takesStore(delivery: DeliveredEvent, verify: boolean): boolean {
  return verify || delivery.secret !== undefined;
}

/** The option off: the secret alone decides, and no read is made. */
function secretOnly(delivery: DeliveredEvent, apiKey: string): { verdict: Verification; item: EventRecord | null } {
  const verdict: Verification =
    checkOrigin(delivery.secret, apiKey) === 'match'
      ? { status: 'verified', method: 'secret' }
      : { status: 'forged', reason: 'secret-mismatch', message: SECRET_MISMATCH_MESSAGE };
  return { verdict, item: markVerification(delivery.record, verdict) };
}

/** The log line for a verdict, or none for a verified delivery. */
export function noticeOf(verdict: Verification, event: string, store: string): AdmissionNotice | undefined {
  if (verdict.status === 'forged') {
    return {
      level: 'warn',
      message: `dropped a "${event}" delivery that did not come from ${store} (${verdict.reason}): ${verdict.message}. Nothing was started.`,
    };
  }
  if (verdict.status === 'unverified') {
    // A lead is never verifiable (no record to read): worth a line, not a warning.
    return {
      level: verdict.reason === 'lead-has-no-record' ? 'info' : 'warn',
      message: `a "${event}" delivery goes on unverified (${verdict.reason}): ${verdict.message}`,
    };
  }
  return undefined;
}
