/**
 * The app's perform functions as their modules export them, typed, for the unit and integration
 * tests (the app definition types each as "function or request template"; tests check the app runs these).
 */
import type {
  Bundle,
  InputFields,
  OutputFields,
  PlainInputField,
  PlainOutputField,
  ZObject,
} from 'zapier-platform-core';
import { type Customer, type EventKey, type Order, type Product, type Subscription, EVENTS } from '../../../shared/src';
import type App from '../../../zapier/src';
import { perform as findCustomer } from '../../../zapier/src/searches/customer';
import { perform as findOrder } from '../../../zapier/src/searches/order';
import { perform as findProduct } from '../../../zapier/src/searches/product';
import { perform as findSubscription } from '../../../zapier/src/searches/subscription';
import { perform as findSubscriptionOrders } from '../../../zapier/src/searches/subscriptionOrders';
import { type EventHook, triggerKey } from '../../../zapier/src/triggers/event';
import { EVENT_HOOKS } from '../../../zapier/src/triggers/events';

export type SearchKey = keyof (typeof App)['searches'];
type FoundRecord = Order | Subscription | Customer | Product;

export const SEARCH_PERFORMS = {
  find_order: findOrder,
  find_subscription: findSubscription,
  find_customer: findCustomer,
  find_product: findProduct,
  find_subscription_orders: findSubscriptionOrders,
} satisfies Record<SearchKey, (z: ZObject, bundle: Bundle) => Promise<FoundRecord[]>>;

/** A search's perform whatever the search: returns the records it found. */
export function searchPerform(key: SearchKey): (z: ZObject, bundle: Bundle) => Promise<FoundRecord[]> {
  return SEARCH_PERFORMS[key];
}

/** The hook functions of one event's trigger (the same functions the app's trigger runs). */
export function hookOf(event: EventKey): EventHook {
  const found = EVENT_HOOKS.get(event);
  if (!found) throw new Error(`no hook for ${event}`);
  return found;
}

/** The same, by the trigger's key (`product_purchased`). */
export function hookByTriggerKey(key: string): EventHook {
  const kind = EVENTS.find((event) => triggerKey(event) === key);
  if (!kind) throw new Error(`no event trigger ${key}`);
  return hookOf(kind.key);
}

/** The fields of a form that are plain fields (this app has no computed ones). */
export function plainInputs(fields: InputFields | undefined): PlainInputField[] {
  return (fields ?? []).filter((field) => typeof field !== 'function');
}

export function plainOutputs(fields: OutputFields | undefined): PlainOutputField[] {
  return (fields ?? []).filter((field) => typeof field !== 'function');
}
