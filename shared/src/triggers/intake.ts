/**
 * A hook delivery, from the bytes the platform received to the records that go on, decided once for
 * both platforms (docs/verification.md). Three steps, so a platform can answer the store first:
 * `readDelivery` (events/parse.ts) reads the records and takes the secret out, needing no setting;
 * `receiveDelivery` filters them by the trigger's setup and plans each one's check (no I/O);
 * `admitReceived` verifies with the store and logs what it dropped. Zapier runs all three in `perform`
 * (`takeDelivery`: Zapier has already answered the store). n8n filters in `webhook()` and hands the
 * records on (`carryDeliveries`) to the execution, which verifies them (ARCHITECTURE.md, "The answer
 * and the check").
 */
import { ConfigurationError } from '../errors';
import { type PlannedDelivery, admitDeliveries, planAdmission } from '../events/admit';
import { matchesFilters } from '../events/match';
import { type DeliveredEvent, readDelivery } from '../events/parse';
import { OriginSecret } from '../events/origin';
import type { EventRecord } from '../events/record';
import type { PlatformLog } from '../platform/port';
import type { CommerceServiceClient } from '../client';
import { handOnAmounts, withInstants } from '../resources/build';
import { isRecord } from '../resources/coerce';
import { DELIVERY_FIELDS } from '../resources/tables';
import { type TriggerSetup, eventFiltersOf } from './choices';

interface ReceivedDelivery {
  /** Records in the delivery, whatever their event, product or plan. */
  total: number;
  /**
   * Those for this trigger (its event, product and plans: a shared URL, a store ignoring filters), each
   * with the check decided for it (`planAdmission`), carried to `admitReceived` as it is.
   */
  matching: PlannedDelivery[];
  /** The plan's answer to "does admitting them need the store client?": to verify, or to compare a secret. */
  needsStore: boolean;
}

/** `delivered`: what `readDelivery` read from the body. */
export function receiveDelivery(delivered: DeliveredEvent[], setup: TriggerSetup): ReceivedDelivery {
  const filters = eventFiltersOf(setup.event, setup);
  const { planned, needsStore } = planAdmission(
    delivered.filter(({ record }) => matchesFilters(record, filters)),
    setup.verify,
  );
  return { total: delivered.length, matching: planned, needsStore };
}

interface AdmitContext {
  /** Made at most once, only when `needsStore`; give it the `verification` retry profile. */
  client: () => Promise<CommerceServiceClient> | CommerceServiceClient;
  log: PlatformLog;
}

/**
 * The records that go on, each with its `verification` marker where it was checked (forgeries
 * dropped) and an instant next to each timestamp (docs/dates.md). One client serves both, so a
 * delivery costs one zone read at most.
 */
export async function admitReceived(
  received: ReceivedDelivery,
  setup: TriggerSetup,
  context: AdmitContext,
): Promise<EventRecord[]> {
  if (received.matching.length === 0) return [];
  let client: CommerceServiceClient | undefined;
  const store = async (): Promise<CommerceServiceClient> => (client ??= await context.client());
  const { admitted, notices } = await admitDeliveries({
    planned: received.matching,
    event: setup.event,
    client: store,
  });
  for (const notice of notices) context.log[notice.level](notice.message);
  if (admitted.length === 0) return [];
  const dated = await store()
    .then((client) => client.stampInstants(admitted))
    .catch((error: unknown) => {
      // Only settings that name no store get here (the zone read never throws): the event still goes
      // on, UTC times with their instants, site-local ones without, and the log says why.
      if (!(error instanceof ConfigurationError)) throw error;
      context.log.warn(`site-local times of this delivery get no instant: ${error.summary}`);
      return withInstants(admitted, null);
    });
  return dated.map((record) => deliveredAmounts(record, setup));
}

/**
 * A delivery's amounts are in the unit the hook asked for (docs/amounts.md): cents with "Amounts in
 * Cents", decimals otherwise. Nothing to convert; the record says which in `amount_unit`.
 */
function deliveredAmounts(record: EventRecord, setup: TriggerSetup): EventRecord {
  const unit = setup.pricesInCents ? 'cents' : 'decimal';
  return handOnAmounts(record, DELIVERY_FIELDS, { from: unit, to: unit });
}

/** All three steps at once, for a platform that has answered the store already (Zapier). */
export async function takeDelivery(body: unknown, setup: TriggerSetup, context: AdmitContext): Promise<EventRecord[]> {
  return admitReceived(receiveDelivery(readDelivery(body), setup), setup, context);
}

/**
 * A delivered record as a platform stores it between its answer and the check, in plain JSON: the
 * proof of origin only as its digest (`OriginSecret.carried`), never the key an older plugin sent.
 */
export interface CarriedDelivery {
  record: EventRecord;
  origin?: string;
}

export function carryDeliveries(delivered: readonly DeliveredEvent[]): CarriedDelivery[] {
  return delivered.map(({ record, secret }) => ({ record, ...(secret ? { origin: secret.carried() } : {}) }));
}

/** The deliveries back from what `carryDeliveries` made; anything else is skipped. */
export function readCarried(carried: readonly unknown[]): DeliveredEvent[] {
  return carried.flatMap((entry): DeliveredEvent[] => {
    if (!isRecord(entry) || !isRecord(entry.record)) return [];
    const record = entry.record as EventRecord;
    const secret = typeof entry.origin === 'string' ? OriginSecret.fromCarried(entry.origin) : undefined;
    return [secret ? { record, secret } : { record }];
  });
}
