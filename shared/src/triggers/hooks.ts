/**
 * The store hook behind a webhook trigger, from subscribe to unsubscribe, decided once for both
 * platforms. The store cannot list hooks, so a trigger keeps what it made (`HookRecord`: n8n in its
 * node's static data, Zapier as the subscribe data Zapier hands back) and these rules decide when that
 * record still stands, when it is replaced and how it is removed. Removing a hook the store no longer
 * knows is success (docs/service/operations.md, "Unsubscribe").
 */
import { type CommerceServiceError, ConfigurationError } from '../errors';
import { eventKind } from '../events/catalogue';
import type { CommerceServiceClient } from '../client';
import type { SubscribeInput } from '../operations/buildRequest';
import type { PlatformLog } from '../platform/port';
import type { TriggerSetup } from './choices';
import type { ClientSource } from './plans';

/** The remote hook as a trigger keeps it: its id, the store it lives on (never the key), and the URL and setup it was made for. */
export interface HookRecord {
  hookId: string;
  /** The store's base URL; empty in records kept before it was (then: this store). */
  hookStore: string;
  /** The store's API root (`Store.apiRootText`); empty in records kept before it was. */
  hookApiRoot: string;
  hookUrl: string;
  /** `hookSignature` of the setup; empty in records kept before it was. */
  hookSetup: string;
}

/**
 * What a trigger keeps between calls (n8n's node static data; Zapier's subscribe data). Plain JSON:
 * these rules read and write the record's keys on it, and the platform persists it as it does.
 */
type TriggerState = Record<string, unknown>;

/** What the platform wants a hook for: its delivery URL, the trigger's setup, and where it is registered from (the store shows it beside the hook). */
export interface HookTarget {
  hookUrl: string;
  setup: TriggerSetup;
  source: 'zapier' | 'n8n';
}

/** The store's subscribe call (`POST webhook/subscribe/`) for a target: the trigger's event as the status, its choices as filters. */
function subscribeInputOf({ hookUrl, setup, source }: HookTarget): SubscribeInput {
  return {
    hook_url: hookUrl,
    product_id: setup.productId ?? null,
    plan_id: setup.planIds,
    status: setup.event,
    source,
    prices_in_cents: setup.pricesInCents,
  };
}

/** Everything the store's hook depends on: a change to any of it needs a new hook. */
function hookSignature(setup: TriggerSetup): string {
  return JSON.stringify([setup.event, setup.productId ?? '', [...setup.planIds].sort(), setup.pricesInCents]);
}

const KEYS = ['hookId', 'hookStore', 'hookApiRoot', 'hookUrl', 'hookSetup'] as const;

/** The record kept in a trigger's state, if any (an id is all a record needs). */
export function readHookRecord(state: TriggerState): HookRecord | undefined {
  const text = (key: (typeof KEYS)[number]): string => {
    const value = state[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const hookId = text('hookId');
  if (!hookId) return undefined;
  return {
    hookId,
    hookStore: text('hookStore'),
    hookApiRoot: text('hookApiRoot'),
    hookUrl: text('hookUrl'),
    hookSetup: text('hookSetup'),
  };
}

function keep(state: TriggerState, record: HookRecord): void {
  for (const key of KEYS) state[key] = record[key];
}

function forget(state: TriggerState): void {
  for (const key of KEYS) Reflect.deleteProperty(state, key);
}

/** Subscribes the store to `target` (never retried: a lost answer must not leave two hooks). */
export async function subscribeHookRecord(client: CommerceServiceClient, target: HookTarget): Promise<HookRecord> {
  const invalid = unknownEventError(target.setup, client.store.label);
  if (invalid) throw invalid;
  const { id } = await client.subscribeHook(subscribeInputOf(target));
  return {
    hookId: String(id),
    hookStore: client.store.baseUrl,
    hookApiRoot: client.store.apiRootText,
    hookUrl: target.hookUrl,
    hookSetup: hookSignature(target.setup),
  };
}

/**
 * Where a kept hook is deleted: on the store it was made on, whatever store the connection names now.
 * That is this client's store, or, when the connection has moved (another store, a corrected URL or
 * API root), the kept address with no key: deleting a hook takes none (`POST webhook/delete/`,
 * `webhook/zap-delete/`). Undefined for a record that names another store but not its API root (kept
 * before records did): that store cannot be addressed with certainty.
 */
function clientWhereHookLives(client: CommerceServiceClient, record: HookRecord): CommerceServiceClient | undefined {
  const { baseUrl, apiRootText } = client.store;
  const sameStore = !record.hookStore || record.hookStore === baseUrl;
  if (sameStore && (!record.hookApiRoot || record.hookApiRoot === apiRootText)) return client;
  if (!record.hookApiRoot) return undefined;
  return client.keylessAt({ storeUrl: record.hookStore || baseUrl, apiRoot: record.hookApiRoot });
}

/**
 * Deletes a kept hook on the store it lives on; one the store no longer knows counts as deleted. Only
 * an old record that does not say where its store's API is lets the hook go, with a warning that says
 * how to delete it.
 */
export async function deleteHookRecord(
  client: CommerceServiceClient,
  record: HookRecord | undefined,
  log: PlatformLog,
): Promise<{ alreadyGone: boolean }> {
  // Nothing was kept (a subscribe that never finished): there is nothing to delete.
  if (!record) return { alreadyGone: true };
  const home = clientWhereHookLives(client, record);
  if (!home) {
    log.warn(
      `hook ${record.hookId} was made on ${record.hookStore}, not ${client.store.baseUrl}, and was left there: that store keeps sending its events to this trigger's URL until the hook is deleted. Delete it with curl -X POST -H 'Content-Type: application/json' -d '{"id": ${/^\d{1,15}$/.test(record.hookId) ? record.hookId : JSON.stringify(record.hookId)}}' ${record.hookStore}/wp-json/sc/v1/webhook/zap-delete/ (no key needed; on plain permalinks ${record.hookStore}/?rest_route=/sc/v1/webhook/zap-delete/)`,
    );
    return { alreadyGone: false };
  }
  const { alreadyGone } = await home.deleteHook(record.hookId);
  const where = home === client ? 'the store' : home.store.label;
  if (alreadyGone) log.info(`hook ${record.hookId} was already gone from ${where}`);
  else if (home !== client) log.info(`hook ${record.hookId} was deleted from ${where}, the store it was made on`);
  else log.info(`hook ${record.hookId} was deleted from ${where}`);
  return { alreadyGone };
}

/**
 * For a platform that keeps the record itself (n8n's checkExists): the kept hook stands only if it was
 * made on this store, for this URL and this setup, and whatever else the platform keeps beside it
 * still fits the connection (`fits`). Otherwise it is removed now, so the subscribe that follows never
 * leaves a second hook.
 */
export async function keptHookIsCurrent(
  state: TriggerState,
  target: HookTarget,
  source: ClientSource,
  log: PlatformLog,
  fits: (client: CommerceServiceClient) => boolean = () => true,
): Promise<boolean> {
  const record = readHookRecord(state);
  if (!record) return false;
  const client = await source();
  const sameStore = !record.hookStore || record.hookStore === client.store.baseUrl;
  const sameHook = record.hookUrl === target.hookUrl && record.hookSetup === hookSignature(target.setup);
  if (sameStore && sameHook && fits(client)) return true;
  await deleteHookRecord(client, record, log);
  forget(state);
  return false;
}

/** n8n's create: any kept hook is removed first, then the new one is subscribed and kept. */
export async function replaceKeptHook(
  state: TriggerState,
  target: HookTarget,
  client: CommerceServiceClient,
  log: PlatformLog,
): Promise<HookRecord> {
  const invalid = unknownEventError(target.setup, client.store.label);
  if (invalid) throw invalid;
  const previous = readHookRecord(state);
  if (previous) {
    await deleteHookRecord(client, previous, log);
    forget(state);
  }
  const record = await subscribeHookRecord(client, target);
  keep(state, record);
  // n8n logs no request a node makes: the id is how its log is matched with the store's hooks.
  log.info(`hook ${record.hookId} was subscribed on the store`);
  return record;
}

/**
 * n8n's delete: the kept hook is removed and forgotten. If removing fails, the record stays, so the
 * next deactivation or activation tries again.
 */
export async function deleteKeptHook(state: TriggerState, source: ClientSource, log: PlatformLog): Promise<void> {
  const record = readHookRecord(state);
  if (!record) return;
  await deleteHookRecord(await source(), record, log);
  forget(state);
}

/** A trigger whose event is not one of the store's cannot make a hook (a hand-edited workflow). */
function unknownEventError(setup: TriggerSetup, store: string): CommerceServiceError | undefined {
  if (eventKind(setup.event)) return undefined;
  return new ConfigurationError(
    { store, operation: 'Subscribe to an event' },
    `"${setup.event}" is not a store event`,
    'Choose an event from the list.',
  );
}
