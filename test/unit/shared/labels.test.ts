/** Field labels and descriptions cover every field of the resources (docs/service/shapes.md), nested lists included. */
import { FIELDS, type FieldDescription } from '../../../shared/src';
import { FIELD_LABELS } from '../../../shared/src/resources/labels';

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
const PURCHASE = [
  'id',
  'customer_firstname',
  'customer_lastname',
  'customer_name',
  'customer_email',
  'product_id',
  'product_name',
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

const keys = (fields: readonly FieldDescription[]) => fields.map((f) => f.key).sort();
const child = (fields: readonly FieldDescription[], key: string) => fields.find((f) => f.key === key)?.children ?? [];
const typeOf = (fields: readonly FieldDescription[], key: string) => fields.find((f) => f.key === key)?.type;

describe('FIELD_LABELS', () => {
  it.each([
    ['Customer', CUSTOMER],
    ['Order', ORDER],
    ['Order item', ORDER_ITEM],
    ['Subscription', SUBSCRIPTION],
    ['Invoice', INVOICE],
    ['Product', PRODUCT],
    ['Plan', PLAN],
    ['Latest-order record', LATEST_ORDER],
    ['Webhook product and plan entries', ['id', 'name']],
  ])('labels every field of %s', (_, fields) => {
    for (const field of fields) {
      expect([field, FIELD_LABELS[field]?.trim() || undefined]).toEqual([field, expect.any(String)]);
    }
  });

  it('names ids and URLs as people write them', () => {
    expect(FIELD_LABELS.id).toBe('ID');
    expect(FIELD_LABELS.product_id).toBe('Product ID');
    expect(FIELD_LABELS.website_url).toBe('Website URL');
    expect(FIELD_LABELS.trigger).toBe('Event');
  });
});

describe('FIELDS', () => {
  it('customer, order, subscription and product describe exactly the spec fields', () => {
    expect(keys(FIELDS.customer)).toEqual(withInstants(CUSTOMER).sort());
    expect(keys(FIELDS.order)).toEqual(withInstants(ORDER).sort());
    expect(keys(FIELDS.subscription)).toEqual(withInstants(SUBSCRIPTION).sort());
    expect(keys(FIELDS.product)).toEqual(withInstants(PRODUCT).sort());
  });

  it('describes nested items, invoices and plans with their own fields', () => {
    expect(keys(child(FIELDS.order, 'items'))).toEqual([...ORDER_ITEM].sort());
    expect(keys(child(FIELDS.subscription, 'invoices'))).toEqual(withInstants(INVOICE).sort());
    expect(keys(child(FIELDS.product, 'plans'))).toEqual([...PLAN].sort());
  });

  it('every description, nested ones included, has a non-empty label from FIELD_LABELS', () => {
    const walk = (fields: readonly FieldDescription[]): void => {
      for (const field of fields) {
        expect(field.label).toBe(FIELD_LABELS[field.key]);
        expect(field.label.length).toBeGreaterThan(0);
        if (field.children) walk(field.children);
      }
    };
    for (const list of Object.values(FIELDS)) walk(list);
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
    expect(keys(FIELDS.orderEvent)).toEqual(withInstants(['trigger', ...ORDER, 'order_type', ...contact]).sort());
    expect(keys(FIELDS.subscriptionEvent)).toEqual(withInstants(['trigger', ...SUBSCRIPTION, ...contact]).sort());
    const items = FIELDS.orderEvent.find((field) => field.key === 'items');
    expect(items?.children?.map((field) => field.key)).toEqual(
      expect.arrayContaining(['product_id', 'price_id', 'item_type']),
    );
    expect(FIELDS.orderEvent.find((field) => field.key === 'order_type')?.label).toBe('Purchase Type');
    expect(keys(FIELDS.leadEvent)).toEqual(
      [
        'trigger',
        'customer_firstname',
        'customer_lastname',
        'customer_name',
        'customer_email',
        'product_id',
        'product_name',
        'date',
        'date_time',
        'date_time_iso',
      ].sort(),
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
