/**
 * The resources a record is read, picked, linked and simplified as, each named once with its field
 * table: the picker's links and list search, Simplify, the samples, and the n8n node's Resource option
 * and list-search methods all derive from this list, so a resource left out of one of them is a type
 * error, not a picker that breaks at run time.
 */
import type { FieldTable } from './table';
import { CUSTOMER_FIELDS, ORDER_FIELDS, PRODUCT_FIELDS, SUBSCRIPTION_FIELDS } from './tables';

export interface RecordResourceSpec {
  /** As the user sees it: `Order`. */
  displayName: string;
  /** Its REST collection (docs/service/operations.md#operation-table): `orders`. */
  collection: string;
  fields: FieldTable;
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
    search: ['first_name', 'last_name', 'email'],
    reads: { list: 'listCustomers', get: 'getCustomer', id: 'customer_id' },
  },
  order: {
    displayName: 'Order',
    collection: 'orders',
    fields: ORDER_FIELDS,
    search: ['customer_name', 'customer_firstname', 'customer_lastname', 'customer_email', 'product_name'],
    reads: { list: 'listOrders', get: 'getOrder', id: 'order_id' },
  },
  product: {
    displayName: 'Product',
    collection: 'products',
    fields: PRODUCT_FIELDS,
    search: ['name'],
    reads: { list: 'listProducts', get: 'getProduct', id: 'product_id' },
  },
  subscription: {
    displayName: 'Subscription',
    collection: 'subscriptions',
    fields: SUBSCRIPTION_FIELDS,
    search: ['customer_name', 'customer_firstname', 'customer_lastname', 'customer_email', 'product_name'],
    reads: { list: 'listSubscriptions', get: 'getSubscription', id: 'subscription_id' },
  },
} as const satisfies Record<string, RecordResourceSpec>;

export type RecordResource = keyof typeof RECORD_RESOURCES;

/** Every resource, in the order of the list (alphabetical, as n8n's options are). */
export const RECORD_RESOURCE_NAMES = Object.keys(RECORD_RESOURCES) as RecordResource[];
