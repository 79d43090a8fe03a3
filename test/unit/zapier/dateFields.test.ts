/** Every instant the app returns is a labelled datetime output field, so Zapier's date tools read it (docs/dates.md). */
import { eventOutputFields, outputFields } from '../../../zapier/src/fields';
import { FIELDS } from '@commerce-service/shared';

describe('date-time output fields', () => {
  it('an order event: the UTC time as a datetime field right after the store string', () => {
    const fields = eventOutputFields('order');
    const index = fields.findIndex((field) => field.key === 'date_time');
    expect(fields[index]).toEqual({ key: 'date_time', label: 'Date and Time', type: 'string' });
    expect(fields[index + 1]).toEqual({ key: 'date_time_iso', label: 'Date and Time (ISO 8601)', type: 'datetime' });
  });

  it('nested invoices, next bill, customer and product times are datetime line-item or top fields', () => {
    const subscription = eventOutputFields('subscription');
    expect(subscription).toContainEqual({
      key: 'invoices[]date_time_iso',
      label: 'Invoice Date and Time (ISO 8601)',
      type: 'datetime',
    });
    expect(subscription).toContainEqual({
      key: 'next_bill_date_time_iso',
      label: 'Next Bill Date and Time (ISO 8601)',
      type: 'datetime',
    });
    expect(outputFields(FIELDS.customer)).toContainEqual({
      key: 'last_order_date_iso',
      label: 'Last Order Date (ISO 8601)',
      type: 'datetime',
    });
    expect(
      outputFields(FIELDS.product)
        .filter((field) => field.type === 'datetime')
        .map((field) => field.key),
    ).toEqual(['date_created_iso', 'date_updated_iso']);
    expect(eventOutputFields('lead')).toContainEqual({
      key: 'date_time_iso',
      label: 'Date and Time (ISO 8601)',
      type: 'datetime',
    });
  });
});
