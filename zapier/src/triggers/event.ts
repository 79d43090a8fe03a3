import { type Bundle, type ZObject, defineTrigger } from 'zapier-platform-core';
import {
  type EventKind,
  type EventNoun,
  type EventRecord,
  eventFiltersOf,
  matchesFilters,
  readDelivery,
  recentEvents,
  recentOptionsOf,
  subscribeInputOf,
} from '../../../shared/src';
import { storeClient } from '../client';
import { withStoreErrors } from '../errors';
import { eventOutputFields } from '../fields';
import { TRIGGER_INPUTS, readChoices } from '../inputs';
import { VERIFICATION_OUTPUT_FIELDS, VERIFY_INPUT, admitDeliveries } from './verify';

const NOUNS: Readonly<Record<EventNoun, string>> = { order: 'Order', subscription: 'Subscription', lead: 'Lead' };

/** Records "Test trigger" shows; the store's latest-orders gives at most 10 anyway. */
const SAMPLE_LIMIT = 3;
const LIST_LIMIT = 10;

/** `Product Purchased` → `product_purchased`: readable, stable trigger keys from the catalogue's labels. */
export function triggerKey(kind: EventKind): string {
  return kind.label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The body Zapier received: a parsed JSON body, or the request envelope for other content types. */
function deliveryBody(bundle: Bundle): unknown {
  const cleaned: unknown = bundle.cleanedRequest;
  if (cleaned && typeof cleaned === 'object' && 'content' in cleaned && ('method' in cleaned || 'headers' in cleaned)) {
    return (cleaned as { content: unknown }).content;
  }
  const empty = !cleaned || (typeof cleaned === 'object' && Object.keys(cleaned).length === 0);
  return empty ? bundle.rawRequest?.content : cleaned;
}

/** What Zapier calls on one event's REST hook: subscribe, unsubscribe, read a delivery, list recent records. */
export interface EventHook {
  performSubscribe(z: ZObject, bundle: Bundle): Promise<{ id: string }>;
  performUnsubscribe(z: ZObject, bundle: Bundle): Promise<{ id: string; alreadyGone: boolean }>;
  perform(z: ZObject, bundle: Bundle): Promise<EventRecord[]>;
  performList(z: ZObject, bundle: Bundle): Promise<EventRecord[]>;
}

/** The hook functions for one store event of the shared catalogue. */
export function eventHook(kind: EventKind): EventHook {
  const subscribe = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<{ id: string }> => {
    const hook = { hookUrl: bundle.targetUrl ?? '', event: kind.key, source: 'zapier' } as const;
    const { id } = await storeClient(z, bundle).subscribeHook(subscribeInputOf(readChoices(bundle), hook));
    return { id };
  });

  // A hook the store no longer knows counts as removed (the shared client's fallback decides).
  const unsubscribe = withStoreErrors(
    async (z: ZObject, bundle: Bundle): Promise<{ id: string; alreadyGone: boolean }> => {
      const id = bundle.subscribeData?.id;
      if (id === undefined || id === null || String(id) === '') return { id: '', alreadyGone: true };
      return storeClient(z, bundle).unsubscribeHook(String(id));
    },
  );

  // Deliveries meant for another event, product or plan (shared URL, a store ignoring filters) are
  // dropped; the rest are verified with the store (verify.ts), and forgeries dropped too.
  const perform = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<EventRecord[]> => {
    const filters = eventFiltersOf(kind.key, readChoices(bundle));
    const matching = readDelivery(deliveryBody(bundle)).filter(({ record }) => matchesFilters(record, filters));
    return matching.length === 0 ? [] : admitDeliveries(z, bundle, matching, kind.key);
  });

  const performList = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<EventRecord[]> => {
    const choices = readChoices(bundle);
    const limit = bundle.meta?.isLoadingSample ? SAMPLE_LIMIT : LIST_LIMIT;
    const records = await recentEvents(storeClient(z, bundle), kind, recentOptionsOf(choices, limit));
    const filters = eventFiltersOf(kind.key, choices);
    return records.filter((record) => matchesFilters(record, filters));
  });

  return { performSubscribe: subscribe, performUnsubscribe: unsubscribe, perform, performList };
}

/** One instant trigger (REST hook) for one store event of the shared catalogue. */
export function eventTrigger(kind: EventKind, hook: EventHook = eventHook(kind)) {
  return defineTrigger({
    key: triggerKey(kind),
    noun: NOUNS[kind.noun],
    display: { label: kind.label, description: kind.description },
    operation: {
      type: 'hook',
      inputFields: [...TRIGGER_INPUTS, VERIFY_INPUT],
      performSubscribe: hook.performSubscribe,
      performUnsubscribe: hook.performUnsubscribe,
      perform: hook.perform,
      performList: hook.performList,
      sample: kind.sample,
      outputFields: [...eventOutputFields(kind.noun), ...VERIFICATION_OUTPUT_FIELDS],
    },
  });
}
