/**
 * Which delivered records go on, and what to log about the others (docs/verification.md): the one
 * admission decision both webhook triggers make, in two steps. `planAdmission` decides, once and with
 * no I/O, how each record is checked, and so whether the store is needed at all; `admitDeliveries`
 * carries that plan out. The parser has already taken `studiocart_secret` out of every record.
 * Notices name the event, the reason and the store: never the customer's data or the key.
 */
import type { Notice } from '../platform/port';
import type { CommerceServiceClient } from '../client';
import type { DeliveredEvent } from './parse';
import type { EventRecord } from './record';
import { type Verification, markVerification, verifyDelivery } from './verify';

/**
 * How one record is admitted: `verify` with the store (the option on, the default), `secret` (the
 * option off, but the record carries a secret: a wrong one is proof of forgery without a read), or
 * `none` (the option off, no secret: it goes on as the store sent it). Only `none` needs no store.
 */
type AdmissionCheck = 'verify' | 'secret' | 'none';

export interface PlannedDelivery extends DeliveredEvent {
  check: AdmissionCheck;
}

/** A delivery's plan: the check of each record, and whether carrying it out takes the store (its key or a read). */
interface AdmissionPlan {
  planned: PlannedDelivery[];
  needsStore: boolean;
}

/** The check of each record, decided once when the delivery is received. */
export function planAdmission(delivered: readonly DeliveredEvent[], verify: boolean): AdmissionPlan {
  const planned = delivered.map(
    (delivery): PlannedDelivery => ({
      ...delivery,
      check: verify ? 'verify' : delivery.secret !== undefined ? 'secret' : 'none',
    }),
  );
  return { planned, needsStore: planned.some((delivery) => delivery.check !== 'none') };
}

interface AdmissionInput {
  planned: readonly PlannedDelivery[];
  /** The trigger's event key (`purchased`, `refunded`, …). */
  event: string;
  /** Made only when a record needs the key or a read, at most once. */
  client: () => Promise<CommerceServiceClient> | CommerceServiceClient;
}

interface Admission {
  /** The records that go on, each with its `verification` marker where it was checked. */
  admitted: EventRecord[];
  notices: Notice[];
}

export async function admitDeliveries(input: AdmissionInput): Promise<Admission> {
  const { planned, event } = input;
  let client: CommerceServiceClient | undefined;
  const admitted: EventRecord[] = [];
  const notices: Notice[] = [];
  for (const delivery of planned) {
    if (delivery.check === 'none') {
      // Not checked, as the user chose: the delivery goes on as the store sent it.
      admitted.push(delivery.record);
      continue;
    }
    client ??= await input.client();
    // A `secret` check is planned only for a record that carries a secret, which `verifyDelivery`
    // judges by the key alone, with no read.
    const verdict = await verifyDelivery(client, delivery, event);
    const notice = noticeOf(verdict, event, client.store.label);
    if (notice) notices.push(notice);
    const item = markVerification(delivery.record, verdict);
    if (item) admitted.push(item);
  }
  return { admitted, notices };
}

/** The log line for a verdict, or none for a verified delivery. */
function noticeOf(verdict: Verification, event: string, store: string): Notice | undefined {
  if (verdict.status === 'forged') {
    return {
      level: 'warn',
      message: `dropped a "${event}" delivery that did not come from ${store} (${verdict.reason}): ${verdict.message}. It was not passed on.`,
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
