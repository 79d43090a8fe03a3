/**
 * Hook deliveries (docs/service/events.md#delivery-shape): an order or a subscription plus `trigger`
 * and the contact fields real stores add; a lead carries the buyer and the product only.
 */
import type { FieldTable } from '../table';
import { ORDER_FIELDS } from './order';
import { LEAD_PURCHASE_FIELDS, PURCHASE_FIELDS } from './purchase';
import { SUBSCRIPTION_FIELDS } from './subscription';

const TRIGGER_FIELD = { trigger: { type: 'string', label: 'Event' } } as const satisfies FieldTable;

/** Customer contact fields real stores add to event payloads. */
const CONTACT_FIELDS = {
  customer_phone: { type: 'string', label: 'Customer Phone' },
  customer_address: { type: 'string', label: 'Customer Address' },
  customer_address_2: { type: 'string', label: 'Customer Address Line 2' },
  customer_city: { type: 'string', label: 'Customer City' },
  customer_state: { type: 'string', label: 'Customer State' },
  customer_zip: { type: 'string', label: 'Customer ZIP or Postal Code' },
  customer_country: { type: 'string', label: 'Customer Country' },
  ip_address: { type: 'string', label: 'Customer IP Address' },
} as const satisfies FieldTable;

/** An order item in a delivery: the REST item plus what was bought and how (main or bump). */
const PAYLOAD_ITEM_FIELDS = {
  ...ORDER_FIELDS.items.type.list,
  // The same product id as a purchase's: a string of digits.
  product_id: PURCHASE_FIELDS.product_id,
  price_id: { type: 'string', label: 'Plan ID' },
  price_name: { type: 'string', label: 'Plan Name' },
  item_type: { type: 'string', label: 'Item Type' },
} as const satisfies FieldTable;

const ORDER_EVENT_FIELDS = {
  ...TRIGGER_FIELD,
  ...ORDER_FIELDS,
  items: { type: { list: PAYLOAD_ITEM_FIELDS }, label: 'Items', entry: 'Item' },
  order_type: { type: 'string', label: 'Purchase Type' },
  ...CONTACT_FIELDS,
} as const satisfies FieldTable;

const SUBSCRIPTION_EVENT_FIELDS = {
  ...TRIGGER_FIELD,
  ...SUBSCRIPTION_FIELDS,
  ...CONTACT_FIELDS,
} as const satisfies FieldTable;

/** Both times UTC on a lead (docs/dates.md). */
const LEAD_FIELDS = { ...TRIGGER_FIELD, ...LEAD_PURCHASE_FIELDS } as const satisfies FieldTable;

/** The payload of each event noun's deliveries (`EventKind['noun']` in `events/catalogue.ts`). */
export const EVENT_FIELDS = {
  order: ORDER_EVENT_FIELDS,
  subscription: SUBSCRIPTION_EVENT_FIELDS,
  lead: LEAD_FIELDS,
} as const;

/**
 * Any delivery, of whichever event (only the fields that came are coerced: a lead has no amounts).
 * Rich latest-order records (docs/service/real-stores.md#latest-orders) are read with it too.
 */
export const DELIVERY_FIELDS = {
  ...ORDER_EVENT_FIELDS,
  ...SUBSCRIPTION_EVENT_FIELDS,
  discount: { type: 'number', label: 'Discount', money: true },
  discount_amount: { type: 'number', label: 'Discount Amount', money: true },
  subscription_amount: { type: 'number', label: 'Subscription Amount', money: true },
} as const satisfies FieldTable;
