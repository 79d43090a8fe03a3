/**
 * Deliveries checked before they reach a Zap (docs/verification.md). The shared parser has already
 * taken `studiocart_secret` out of every record; each matching record is then verified with the store
 * (on by default), or, with the option off, judged by its secret alone (a wrong secret is proof of
 * forgery without a read). A forged delivery returns no record, so no task runs; the log line names
 * the reason, never the customer or the key.
 */
import { type Bundle, type PlainInputField, type PlainOutputField, type ZObject } from 'zapier-platform-core';
import {
  type CommerceServiceClient,
  type DeliveredEvent,
  type EventRecord,
  type Verification,
  checkOrigin,
  choiceFlag,
  markVerification,
  verifiedItem,
} from '../../../shared/src';
import { storeClient } from '../client';

export const VERIFY_INPUT_KEY = 'verify_deliveries';

/** Shown with the trigger's filters: a store owner may need to turn it off (a store that blocks reads). */
export const VERIFY_INPUT: PlainInputField = {
  key: VERIFY_INPUT_KEY,
  label: 'Verify deliveries with the store',
  type: 'boolean',
  required: false,
  default: 'true',
  helpText:
    'Yes (recommended): before a delivery starts the Zap, its order or subscription is read back from your store, so a fake sale posted to this Zap\'s URL starts nothing. No: deliveries are not checked (one less request per event).',
};

/** The marker every checked record carries, as fields a Filter step can test. */
export const VERIFICATION_OUTPUT_FIELDS: PlainOutputField[] = [
  { key: 'verification__status', label: 'Verification Status', type: 'string' },
  { key: 'verification__method', label: 'Verification Method', type: 'string' },
  { key: 'verification__reason', label: 'Verification Reason', type: 'string' },
  { key: 'verification__message', label: 'Verification Message', type: 'string' },
];

/** On unless the user said no: a Zap made before the option existed is verified too. */
export function readVerify(bundle: Pick<Bundle, 'inputData'>): boolean {
  const value: unknown = bundle.inputData?.[VERIFY_INPUT_KEY];
  return value === undefined || value === null || value === '' ? true : choiceFlag(value);
}

/** The records that go on, each with its `verification` marker where it was checked. */
export async function admitDeliveries(
  z: ZObject,
  bundle: Bundle,
  delivered: readonly DeliveredEvent[],
  event: string,
): Promise<EventRecord[]> {
  const verify = readVerify(bundle);
  let client: CommerceServiceClient | undefined;
  const admitted: EventRecord[] = [];
  for (const delivery of delivered) {
    if (!verify && !delivery.secret) {
      // Not checked, as the user chose: the delivery goes on as the store sent it.
      admitted.push(delivery.record);
      continue;
    }
    client ??= storeClient(z, bundle);
    const { verdict, item } = verify
      ? await verifiedItem(client, delivery, event)
      : secretOnly(delivery, client.store.apiKey);
    report(z, verdict, event, client.store.label);
    if (item) admitted.push(item);
  }
  return admitted;
}

/** The option off: the secret alone decides, and no read is made. */
function secretOnly(delivery: DeliveredEvent, apiKey: string): { verdict: Verification; item: EventRecord | null } {
  const verdict: Verification =
    checkOrigin(delivery.secret, apiKey) === 'match'
      ? { status: 'verified', method: 'secret' }
      : { status: 'forged', reason: 'secret-mismatch', message: 'the delivery carries a studiocart_secret that is not this store’s API key' };
  return { verdict, item: markVerification(delivery.record, verdict) };
}

function report(z: ZObject, verdict: Verification, event: string, store: string): void {
  if (verdict.status === 'forged') {
    z.console.log(`Dropped a "${event}" delivery that did not come from ${store} (${verdict.reason}): ${verdict.message}. No task was started.`);
  } else if (verdict.status === 'unverified') {
    z.console.log(`A "${event}" delivery goes on unverified (${verdict.reason}): ${verdict.message}`);
  }
}
