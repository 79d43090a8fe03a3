/** Field labels and descriptions cover every field of the resources (docs/service/shapes.md), nested lists included. */
import { FIELDS, type FieldDescription } from '@commerce-service/shared';
import type { FieldTable } from '../../../shared/src/resources/table';
import * as TABLES from '../../../shared/src/resources/tables';
import { CUSTOMER_FIELDS } from '../../../shared/src/resources/tables/customer';
import { ORDER_FIELDS } from '../../../shared/src/resources/tables/order';
import { PRODUCT_FIELDS } from '../../../shared/src/resources/tables/product';
import { SUBSCRIPTION_FIELDS } from '../../../shared/src/resources/tables/subscription';

// Field lists of docs/service/shapes.md (Customer, Order, Order item, Subscription, Invoice, Product, Plan).
const CUSTOMER = [
  'id',
  'first_name',
  'last_name',
  'email',
  'date_created',
  'lifetime_value',
  'total_orders',
  'last_order_date',
];
/** Who bought what: a purchase's fields and a lead's. */
const BUYER_AND_PRODUCT = [
  'customer_firstname',
  'customer_lastname',
  'customer_name',
  'customer_email',
  'product_id',
  'product_name',
];
const PURCHASE = [
  'id',
  ...BUYER_AND_PRODUCT,
  'gateway',
  'date',
  'date_time',
  'payment_plan',
  'payment_plan_id',
  'order_amount',
  'tax_amount',
  'tax_rate',
  'tax_type',
  'currency',
  'status',
  'website_url',
  'order_url',
  'link',
];
const ORDER = [
  ...PURCHASE,
  'shipping_amount',
  'pre_tax_amount',
  'transaction_id',
  'items',
  'invoice_total',
  'invoice_subtotal',
];
const ORDER_ITEM = ['product_name', 'quantity', 'subtotal', 'total_amount', 'tax_amount', 'unit_price', 'sub_summary'];
const SUBSCRIPTION = [
  ...PURCHASE,
  'subscription_id',
  'amount',
  'interval',
  'frequency',
  'trial_days',
  'sign_up_fee',
  'next_bill_date',
  'next_bill_date_time',
  'invoices',
];
const INVOICE = ['id', 'status', 'order_amount', 'date', 'date_time', 'link'];
const PRODUCT = [
  'id',
  'name',
  'status',
  'description',
  'date_created',
  'date_updated',
  'url',
  'image_url',
  'is_on_sale',
  'plans',
];
const PLAN = ['id', 'name', 'price_type', 'price', 'installments', 'interval', 'frequency', 'trial_days', 'signup_fee'];
const LATEST_ORDER = [
  'order_id',
  'product_name',
  'customer_email',
  'customer_firstname',
  'customer_lastname',
  'customer_name',
  'order_status',
  'product_id',
  'order_amount',
  'currency',
];

/** Each timestamp of a list with the ISO 8601 instant the connector adds after it (docs/dates.md). */
const TIMESTAMPS = ['date_time', 'next_bill_date_time', 'date_created', 'date_updated', 'last_order_date'];
const withInstants = (fields: readonly string[]) =>
  fields.flatMap((field) => (TIMESTAMPS.includes(field) ? [field, `${field}_iso`] : [field]));

// The amounts of docs/service/shapes.md: in a REST record each keeps the store's own value next to it,
// and the record says their unit (docs/amounts.md).
const AMOUNTS = [
  'order_amount',
  'tax_amount',
  'shipping_amount',
  'pre_tax_amount',
  'invoice_total',
  'invoice_subtotal',
  'subtotal',
  'total_amount',
  'unit_price',
  'amount',
  'sign_up_fee',
  'lifetime_value',
  'price',
  'signup_fee',
];
const withSent = (fields: readonly string[]) =>
  fields.flatMap((field) => (AMOUNTS.includes(field) ? [field, `${field}_sent`] : [field]));
const restRecord = (fields: readonly string[]) => [...withSent(withInstants(fields)), 'amount_unit'];

const keys = (fields: readonly FieldDescription[]) => fields.map((f) => f.key).sort();
const child = (fields: readonly FieldDescription[], key: string) => fields.find((f) => f.key === key)?.children ?? [];
const typeOf = (fields: readonly FieldDescription[], key: string) => fields.find((f) => f.key === key)?.type;

describe('the field tables label every field', () => {
  it.each<[string, readonly string[], FieldTable]>([
    ['Customer', CUSTOMER, CUSTOMER_FIELDS],
    ['Order', ORDER, ORDER_FIELDS],
    ['Order item', ORDER_ITEM, ORDER_FIELDS.items.type.list],
    ['Subscription', SUBSCRIPTION, SUBSCRIPTION_FIELDS],
    ['Invoice', INVOICE, SUBSCRIPTION_FIELDS.invoices.type.list],
    ['Product', PRODUCT, PRODUCT_FIELDS],
    ['Plan', PLAN, PRODUCT_FIELDS.plans.type.list],
    ['Latest-order record', LATEST_ORDER, TABLES.WEBHOOK_FIELDS.latestOrder],
    ['Webhook product entries', ['id', 'name'], TABLES.WEBHOOK_FIELDS.product],
    ['Webhook plan entries', ['id', 'name'], TABLES.WEBHOOK_FIELDS.plan],
  ])('labels every field of %s', (_, fields, table) => {
    for (const field of fields) {
      expect([field, table[field]?.label.trim() || undefined]).toEqual([field, expect.any(String)]);
    }
  });

  it('names ids and URLs as people write them', () => {
    expect(CUSTOMER_FIELDS.id.label).toBe('ID');
    expect(ORDER_FIELDS.product_id.label).toBe('Product ID');
    expect(ORDER_FIELDS.website_url.label).toBe('Website URL');
    expect(TABLES.EVENT_FIELDS.order.trigger.label).toBe('Event');
  });
});

describe('FIELDS', () => {
  it('customer, order, subscription and product describe exactly the spec fields', () => {
    expect(keys(FIELDS.customer)).toEqual(restRecord(CUSTOMER).sort());
    expect(keys(FIELDS.order)).toEqual(restRecord(ORDER).sort());
    expect(keys(FIELDS.subscription)).toEqual(restRecord(SUBSCRIPTION).sort());
    expect(keys(FIELDS.product)).toEqual(restRecord(PRODUCT).sort());
  });

  it('names one entry of each nested list, for line-item labels ("Item Quantity")', () => {
    const entryOf = (fields: readonly FieldDescription[], key: string) => fields.find((f) => f.key === key)?.entry;
    expect(entryOf(FIELDS.order, 'items')).toBe('Item');
    expect(entryOf(FIELDS.orderEvent, 'items')).toBe('Item');
    expect(entryOf(FIELDS.subscription, 'invoices')).toBe('Invoice');
    expect(entryOf(FIELDS.product, 'plans')).toBe('Plan');
  });

  it('describes nested items, invoices and plans with their own fields', () => {
    expect(keys(child(FIELDS.order, 'items'))).toEqual(withSent(ORDER_ITEM).sort());
    expect(keys(child(FIELDS.subscription, 'invoices'))).toEqual(withSent(withInstants(INVOICE)).sort());
    expect(keys(child(FIELDS.product, 'plans'))).toEqual(withSent(PLAN).sort());
    // A delivery is handed on in the unit it came in: no store value to keep beside its amounts.
    expect(keys(child(FIELDS.orderEvent, 'items')).filter((key) => key.endsWith('_sent'))).toEqual([]);
  });

  it("every description, nested ones included, has a non-empty label from its table; an instant, its time's", () => {
    const walk = (fields: readonly FieldDescription[], table: FieldTable): void => {
      for (const field of fields) {
        const time = field.key.replace(/_iso$/, '');
        const amount = field.key.replace(/_sent$/, '');
        const label =
          field.key === 'amount_unit'
            ? 'Amount Unit'
            : (table[field.key]?.label ??
              (field.key.endsWith('_sent')
                ? `${table[amount]?.label ?? '?'} as the Store Sent It`
                : `${table[time]?.label ?? '?'} (ISO 8601)`));
        expect(field.label).toBe(label);
        expect(field.label.length).toBeGreaterThan(0);
        const entries = table[field.key]?.type;
        if (field.children && typeof entries === 'object') walk(field.children, entries.list);
        else expect(field.children).toBeUndefined();
      }
    };
    walk(FIELDS.customer, CUSTOMER_FIELDS);
    walk(FIELDS.order, ORDER_FIELDS);
    walk(FIELDS.subscription, SUBSCRIPTION_FIELDS);
    walk(FIELDS.product, PRODUCT_FIELDS);
    walk(FIELDS.orderEvent, TABLES.EVENT_FIELDS.order);
    walk(FIELDS.subscriptionEvent, TABLES.EVENT_FIELDS.subscription);
    walk(FIELDS.leadEvent, TABLES.EVENT_FIELDS.lead);
  });

  it('labels are unique within each resource', () => {
    for (const list of Object.values(FIELDS)) {
      const labels = list.map((f) => f.label);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('types follow the spec: integers, numbers and strings', () => {
    expect(typeOf(FIELDS.customer, 'id')).toBe('integer');
    expect(typeOf(FIELDS.customer, 'lifetime_value')).toBe('number');
    expect(typeOf(FIELDS.customer, 'total_orders')).toBe('integer');
    expect(typeOf(FIELDS.order, 'order_amount')).toBe('number');
    expect(typeOf(FIELDS.order, 'product_id')).toBe('string');
    expect(typeOf(FIELDS.subscription, 'frequency')).toBe('string');
    expect(typeOf(FIELDS.subscription, 'trial_days')).toBe('integer');
    expect(typeOf(child(FIELDS.product, 'plans'), 'frequency')).toBe('integer');
    expect(typeOf(child(FIELDS.product, 'plans'), 'trial_days')).toBe('integer');
    expect(typeOf(child(FIELDS.product, 'plans'), 'id')).toBe('string');
    expect(typeOf(child(FIELDS.order, 'items'), 'quantity')).toBe('integer');
    expect(typeOf(FIELDS.product, 'is_on_sale')).toBe('integer');
  });

  it('event descriptions are the resource plus the trigger and the payload extras; a lead has no amounts', () => {
    const contact = [
      'customer_phone',
      'customer_address',
      'customer_address_2',
      'customer_city',
      'customer_state',
      'customer_zip',
      'customer_country',
      'ip_address',
    ];
    expect(FIELDS.orderEvent[0]).toEqual({ key: 'trigger', label: 'Event', type: 'string' });
    // Plus the unit of their amounts; a delivery keeps no `_sent` values (docs/amounts.md).
    expect(keys(FIELDS.orderEvent)).toEqual(
      [...withInstants(['trigger', ...ORDER, 'order_type', ...contact]), 'amount_unit'].sort(),
    );
    expect(keys(FIELDS.subscriptionEvent)).toEqual(
      [...withInstants(['trigger', ...SUBSCRIPTION, ...contact]), 'amount_unit'].sort(),
    );
    const items = FIELDS.orderEvent.find((field) => field.key === 'items');
    expect(items?.children?.map((field) => field.key)).toEqual(
      expect.arrayContaining(['product_id', 'price_id', 'item_type']),
    );
    expect(FIELDS.orderEvent.find((field) => field.key === 'order_type')?.label).toBe('Purchase Type');
    expect(keys(FIELDS.leadEvent)).toEqual(
      ['trigger', ...BUYER_AND_PRODUCT, 'date', 'date_time', 'date_time_iso'].sort(),
    );
  });

  it('each timestamp is followed by its instant, typed datetime for Zapier date fields', () => {
    const index = FIELDS.order.findIndex((field) => field.key === 'date_time');
    expect(FIELDS.order[index + 1]).toEqual({
      key: 'date_time_iso',
      label: 'Date and Time (ISO 8601)',
      type: 'datetime',
    });
    expect(typeOf(child(FIELDS.subscription, 'invoices'), 'date_time_iso')).toBe('datetime');
    expect(typeOf(FIELDS.customer, 'last_order_date_iso')).toBe('datetime');
    // Days are not moments: no instant for `date` or `next_bill_date`.
    expect(typeOf(FIELDS.subscription, 'next_bill_date_iso')).toBeUndefined();
    expect(typeOf(FIELDS.order, 'date_iso')).toBeUndefined();
  });
});
