/**
 * The app's perform functions as their modules export them, typed, for the unit and integration
 * tests (the app definition types each as "function or request template"; tests check the app runs these).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  Bundle,
  InputFields,
  OutputFields,
  PlainInputField,
  PlainOutputField,
  ZObject,
} from 'zapier-platform-core';
import {
  type Customer,
  type EventKind,
  type EventRecord,
  type Order,
  type Product,
  type Subscription,
  EVENTS,
} from '@commerce-service/shared';
import { perform as findCustomer } from '../../../zapier/src/searches/customer';
import { perform as findOrder } from '../../../zapier/src/searches/order';
import { perform as findProduct } from '../../../zapier/src/searches/product';
import { perform as findSalesSummary } from '../../../zapier/src/searches/salesSummary';
import { perform as findSubscription } from '../../../zapier/src/searches/subscription';
import { perform as findSubscriptionOrders } from '../../../zapier/src/searches/subscriptionOrders';
import App from '../../../zapier/src';
import { triggerKey } from '../../../zapier/src/triggers/event';

export type SearchKey = keyof (typeof App)['searches'];
type FoundRecord = Order | Subscription | Customer | Product;

/** The performs tests call by name, typed as their modules export them (not a list of all searches). */
export const SEARCH_PERFORMS = {
  find_order: findOrder,
  find_subscription: findSubscription,
  find_customer: findCustomer,
  find_product: findProduct,
  find_subscription_orders: findSubscriptionOrders,
  find_sales_summary: findSalesSummary,
} satisfies Partial<Record<SearchKey, (z: ZObject, bundle: Bundle) => Promise<object[]>>>;

/** The searches that find records (all but Find Sales Summary, which sums them). */
type RecordSearchKey = Exclude<SearchKey, 'find_sales_summary'>;

/** A record search's perform whatever the search, read from the app definition: the records it found. */
export function searchPerform(key: RecordSearchKey): (z: ZObject, bundle: Bundle) => Promise<FoundRecord[]> {
  return callable<FoundRecord[]>(App.searches[key]?.operation.perform, `${key}.perform`);
}

/** A module of zapier/src/searches/ that defines a search: its definition and the perform it exports. */
export interface SearchModule {
  file: string;
  search: { key: string; operation: { perform: unknown } };
  perform: unknown;
}

/** Every search module in zapier/src/searches/, read from the folder, so a new search is found. */
export function searchModules(): SearchModule[] {
  const folder = join(__dirname, '../../../zapier/src/searches');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const module = require(join(folder, file)) as { default?: SearchModule['search']; perform?: unknown };
      return { file, search: module.default, perform: module.perform };
    })
    .filter((found): found is SearchModule => typeof found.search?.key === 'string' && 'operation' in found.search);
}

type Perform<R> = (z: ZObject, bundle: Bundle) => Promise<R>;

/** What Zapier calls on one event's REST hook, as the app definition holds them. */
export interface EventHook {
  performSubscribe: Perform<{ id: string; storeUrl: string; apiRoot: string }>;
  performUnsubscribe: Perform<{ id: string; alreadyGone: boolean }>;
  perform: Perform<EventRecord[]>;
  performList: Perform<EventRecord[]>;
}

function callable<R>(fn: unknown, name: string): Perform<R> {
  if (typeof fn !== 'function') throw new Error(`${name} is not a function in the app definition`);
  return fn as Perform<R>;
}

/** The hook functions of one event's trigger, read from the app definition Zapier runs. */
export function hookByTriggerKey(key: string): EventHook {
  const trigger = App.triggers?.[key];
  if (trigger?.operation.type !== 'hook') throw new Error(`no event trigger ${key}`);
  const { operation } = trigger;
  return {
    performSubscribe: callable(operation.performSubscribe, `${key}.performSubscribe`),
    performUnsubscribe: callable(operation.performUnsubscribe, `${key}.performUnsubscribe`),
    perform: callable(operation.perform, `${key}.perform`),
    performList: callable(operation.performList, `${key}.performList`),
  };
}

/** The same, by the event (`purchased`). */
export function hookOf(event: EventKind['key']): EventHook {
  const kind = EVENTS.find((candidate) => candidate.key === event);
  if (!kind) throw new Error(`no event ${event}`);
  return hookByTriggerKey(triggerKey(kind));
}

/** The fields of a form that are plain fields (this app has no computed ones). */
export function plainInputs(fields: InputFields | undefined): PlainInputField[] {
  return (fields ?? []).filter((field) => typeof field !== 'function');
}

export function plainOutputs(fields: OutputFields | undefined): PlainOutputField[] {
  return (fields ?? []).filter((field) => typeof field !== 'function');
}
