/**
 * What a Custom sales summary must say of a store's orders, summed here from the orders the store
 * itself serves, for the e2e tests of both platforms (docs/sales-summary.md): it counts the orders of
 * its site-local days; its sales are the paid, completed and refunded ones, its refunds the refunded
 * ones; one currency, USD.
 */
import type { Order } from '@commerce-service/shared';

export function expectedCustomSummary(orders: Order[], from: string, to: string) {
  const inPeriod = orders.filter((order) => order.date >= from && order.date <= to);
  const sales = inPeriod.filter((order) => ['paid', 'completed', 'refunded'].includes(order.status));
  const refunded = sales.filter((order) => order.status === 'refunded');
  const cents = (records: Order[]) => records.reduce((total, order) => total + Math.round(order.order_amount * 100), 0);
  return {
    period: 'custom',
    first_day: from,
    last_day: to,
    orders: sales.length,
    refunded_orders: refunded.length,
    currencies: [
      {
        currency: 'USD',
        gross: cents(sales) / 100,
        refunds: cents(refunded) / 100,
        net: (cents(sales) - cents(refunded)) / 100,
      },
    ],
  };
}
