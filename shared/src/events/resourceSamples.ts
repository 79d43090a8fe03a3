/**
 * Samples of what each read returns, for searches, actions and dropdowns: each record resource's sample
 * record (`RECORD_RESOURCES`, from the same store as the event samples) as the client hands on a REST
 * read of it from a real store, which sends cents: decimals, the store's cents kept as `<field>_sent`,
 * and an instant beside each time (docs/amounts.md, docs/dates.md).
 */
import { type FieldTable } from '../resources/table';
import { handOnAmounts, withInstant } from '../resources/build';
import { RECORD_RESOURCES, RECORD_RESOURCE_NAMES, type RecordResource } from '../resources/records';
import { SAMPLE_ZONE } from '../resources/tables/sampleStore';
import type { WebhookPlan, WebhookProduct } from '../resources/types';

/** A record of the sample store, as the client hands it on when a real store has sent it in cents. */
function asRead(record: Readonly<Record<string, unknown>>, table: FieldTable): Record<string, unknown> {
  const timed = withInstant({ ...record }, SAMPLE_ZONE, { table });
  const inCents = handOnAmounts(timed, table, { from: 'decimal', to: 'cents', sent: 'never' });
  return handOnAmounts(inCents, table, { from: 'cents', to: 'decimal', sent: 'always' });
}

/** Samples of what each read returns, for searches, actions and dropdowns (the same store as the event samples). */
export const RESOURCE_SAMPLES = {
  ...(Object.fromEntries(
    RECORD_RESOURCE_NAMES.map((resource) => [
      resource,
      asRead(RECORD_RESOURCES[resource].sample, RECORD_RESOURCES[resource].fields),
    ]),
  ) as Record<RecordResource, Record<string, unknown>>),
  webhookProduct: { id: 87, name: 'Sourdough Masterclass' } satisfies WebhookProduct,
  webhookPlan: { id: 'full', name: 'Pay in full' } satisfies WebhookPlan,
} as const;
