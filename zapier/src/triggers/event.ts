import { type Bundle, type ZObject, defineTrigger } from 'zapier-platform-core';
import {
  EVENT_CONTENTS,
  type EventKind,
  type EventRecord,
  type HookRecord,
  eventFiltersOf,
  matchesFilters,
  readHookRecord,
  recentEvents,
  recentOptionsOf,
  deleteHookRecord,
  subscribeHookRecord,
  takeDelivery,
} from '@commerce-service/shared';
import { zapierClient, zapLog } from '../platform';
import { withStoreErrors } from '../errors';
import { VERIFICATION_OUTPUT_FIELDS, eventOutputFields } from '../fields';
import { TRIGGER_INPUTS, VERIFY_INPUT, readSetup } from '../inputs';

const NOUNS: Readonly<Record<EventKind['noun'], string>> = {
  order: 'Order',
  subscription: 'Subscription',
  lead: 'Lead',
};

/** Records "Test trigger" shows; the store's latest-orders gives at most 10 anyway. */
const SAMPLE_LIMIT = 3;
const LIST_LIMIT = 10;

/**
 * When the trigger fires (the catalogue's sentence) and what each event brings: people choosing a
 * trigger, and agents (Zapier MCP, AI Actions), read both.
 */
export function triggerDescription(kind: EventKind): string {
  return `${kind.description} Each event brings ${EVENT_CONTENTS[kind.noun]}.`;
}

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

/**
 * What subscribe returns; Zapier keeps it and hands it back to unsubscribe. The store the hook lives on
 * (never its key) goes with the id, so a Zap whose connection has since moved to another store still
 * deletes its hook where it is. Zaps subscribed before kept `{ id }` alone.
 */
interface SubscribeData {
  id: string;
  storeUrl: string;
  apiRoot: string;
}

function keptRecord(bundle: Bundle): HookRecord | undefined {
  const kept: Partial<SubscribeData> = bundle.subscribeData ?? {};
  return readHookRecord({ hookId: kept.id, hookStore: kept.storeUrl, hookApiRoot: kept.apiRoot });
}

/** One instant trigger (REST hook) for one store event of the shared catalogue. */
export function eventTrigger(kind: EventKind) {
  const subscribe = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<SubscribeData> => {
    const target = { hookUrl: bundle.targetUrl ?? '', setup: readSetup(bundle, kind.key), source: 'zapier' } as const;
    const { hookId, hookStore, hookApiRoot } = await subscribeHookRecord(zapierClient(z, bundle), target);
    return { id: hookId, storeUrl: hookStore, apiRoot: hookApiRoot };
  });

  // Deleted on the store it was made on; one the store no longer knows counts as removed (shared rules decide).
  const unsubscribe = withStoreErrors(
    async (z: ZObject, bundle: Bundle): Promise<{ id: string; alreadyGone: boolean }> => {
      const record = keptRecord(bundle);
      const { alreadyGone } = await deleteHookRecord(zapierClient(z, bundle), record, zapLog(z));
      return { id: record?.hookId ?? '', alreadyGone };
    },
  );

  // Zapier answered the store before this runs: the whole shared intake (read, filter, verify) happens here.
  const perform = withStoreErrors(
    async (z: ZObject, bundle: Bundle): Promise<EventRecord[]> =>
      takeDelivery(deliveryBody(bundle), readSetup(bundle, kind.key), {
        client: () => zapierClient(z, bundle, 'verification'),
        log: zapLog(z),
      }),
  );

  const performList = withStoreErrors(async (z: ZObject, bundle: Bundle): Promise<EventRecord[]> => {
    const setup = readSetup(bundle, kind.key);
    const limit = bundle.meta?.isLoadingSample ? SAMPLE_LIMIT : LIST_LIMIT;
    const records = await recentEvents(zapierClient(z, bundle), kind, recentOptionsOf(setup, limit));
    const filters = eventFiltersOf(kind.key, setup);
    return records.filter((record) => matchesFilters(record, filters));
  });

  return defineTrigger({
    key: triggerKey(kind),
    noun: NOUNS[kind.noun],
    display: { label: kind.label, description: triggerDescription(kind) },
    operation: {
      type: 'hook',
      inputFields: [...TRIGGER_INPUTS, ...VERIFY_INPUT],
      performSubscribe: subscribe,
      performUnsubscribe: unsubscribe,
      perform,
      performList,
      sample: kind.sample,
      outputFields: [...eventOutputFields(kind.noun), ...VERIFICATION_OUTPUT_FIELDS],
    },
  });
}
