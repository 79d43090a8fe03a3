/**
 * The resources a record is read, picked, linked and simplified as, each named once with its field
 * table and its sample (`tables/<resource>.ts`): the picker's links and list search, Simplify, the
 * samples, and the n8n node's Resource option and list-search methods all derive from this list, so a
 * resource left out of one of them is a type error, not a picker that breaks at run time.
 */
import type { FieldTable } from './table';
import { CUSTOMER_FIELDS, CUSTOMER_SAMPLE } from './tables/customer';
import { ORDER_FIELDS, ORDER_SAMPLE } from './tables/order';
import { PRODUCT_FIELDS, PRODUCT_SAMPLE } from './tables/product';
import { SUBSCRIPTION_FIELDS, SUBSCRIPTION_SAMPLE } from './tables/subscription';

export type { Customer } from './tables/customer';
export type { Order } from './tables/order';
export type { Product } from './tables/product';
export type { Subscription } from './tables/subscription';

export interface RecordResourceSpec {
  /** As the user sees it: `Order`. */
  displayName: string;
  /** Its REST collection (docs/service/operations.md#operation-table): `orders`. */
  collection: string;
  fields: FieldTable;
  /** One record of the sample store, as it holds it: what searches, actions and pickers show as a sample. */
  sample: Readonly<Record<string, unknown>>;
  /**
   * The fields a picker's search text is looked for in (any letter case), and in all of them together;
   * a resource with no label of its own (`locators/labels.ts`) is shown by them and its id.
   */
  search: readonly string[];
  /**
   * Its list and its read in the operation catalogue (`listOrders`, `getOrder`) and the read's id
   * parameter: what a picker lists and looks up (`locators/search.ts`; a name not in the catalogue
   * fails the typecheck there).
   */
  reads: { list: string; get: string; id: string };
}

export const RECORD_RESOURCES = {
  customer: {
    displayName: 'Customer',
    collection: 'customers',
    fields: CUSTOMER_FIELDS,
    sample: CUSTOMER_SAMPLE,
    search: ['first_name', 'last_name', 'email'],
    reads: { list: 'listCustomers', get: 'getCustomer', id: 'customer_id' },
  },
  order: {
    displayName: 'Order',
    collection: 'orders',
    fields: ORDER_FIELDS,
    sample: ORDER_SAMPLE,
    search: ['customer_name', 'customer_firstname', 'customer_lastname', 'customer_email', 'product_name'],
    reads: { list: 'listOrders', get: 'getOrder', id: 'order_id' },
  },
  product: {
    displayName: 'Product',
    collection: 'products',
    fields: PRODUCT_FIELDS,
    sample: PRODUCT_SAMPLE,
    search: ['name'],
    reads: { list: 'listProducts', get: 'getProduct', id: 'product_id' },
  },
  subscription: {
    displayName: 'Subscription',
    collection: 'subscriptions',
    fields: SUBSCRIPTION_FIELDS,
    sample: SUBSCRIPTION_SAMPLE,
    search: ['customer_name', 'customer_firstname', 'customer_lastname', 'customer_email', 'product_name'],
    reads: { list: 'listSubscriptions', get: 'getSubscription', id: 'subscription_id' },
  },
} as const satisfies Record<string, RecordResourceSpec>;

export type RecordResource = keyof typeof RECORD_RESOURCES;

/** Every resource, in the order of the list (alphabetical, as n8n's options are). */
export const RECORD_RESOURCE_NAMES = Object.keys(RECORD_RESOURCES) as RecordResource[];
