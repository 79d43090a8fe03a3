/**
 * Deliveries checked before they reach a Zap (docs/verification.md): the option, its output fields,
 * and the call to the shared admission decision. A forged delivery returns no record, so no task runs.
 */
import { type Bundle, type PlainInputField, type PlainOutputField, type ZObject } from 'zapier-platform-core';
import {
  type CommerceServiceClient,
  type DeliveredEvent,
  type EventRecord,
  admitDeliveries as admit,
  choiceFlag,
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
    "Yes (recommended): before a delivery starts the Zap, its order or subscription is read back from your store, so a fake sale posted to this Zap's URL starts nothing. No: deliveries are not checked (one less request per event).",
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

/**
 * The records that go on, each with its `verification` marker where it was checked: the shared
 * decision (`shared/src/events/admit.ts`), with its notices in the Zap's log.
 */
export async function admitDeliveries(
  z: ZObject,
  bundle: Bundle,
  delivered: readonly DeliveredEvent[],
  event: string,
): Promise<EventRecord[]> {
  let client: CommerceServiceClient | undefined;
  // The store waits for this answer: its read gets the short retry budget.
  const store = () => (client ??= storeClient(z, bundle, { purpose: 'verification' }));
  const { admitted, notices } = await admit({ delivered, event, verify: readVerify(bundle), client: store });
  for (const notice of notices) z.console.log(`Commerce Service: ${notice.message}`);
  // Each timestamp also as an instant (docs/dates.md), on the same client: one zone read per delivery.
  return store().withInstants(admitted);
}
