import type { Lead, Order, Subscription } from '../store/types';
import { amount, customerNames, invoicesOf, related, taxType, type RenderContext } from './context';
import { money } from './money';
import { paymentTerms } from './planText';
import { formatDate, formatLocalDate, formatTimestamp } from './time';

/**
 * Event payloads as Studiocart's sc_webhook_order_body builds them: the Order or Subscription shape
 * plus `trigger`, address fields, empty fields left out, amounts in cents when the hook asked.
 * Real stores also answer latest-orders with this shape (without `trigger`).
 */
type Payload = Record<string, unknown>;

/** PHP's array_filter in that function drops '' and null (zeros stay). */
function withoutEmpty(body: Payload): Payload {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== '' && value !== null && value !== undefined),
  );
}

function contact(person: Omit<Lead, 'createdAt' | 'productId' | 'planId' | 'ipAddress'>): Payload {
  return {
    ...customerNames(person),
    customer_phone: person.phone,
    customer_address: person.address1,
    customer_address_2: '',
    customer_city: person.city,
    customer_state: person.state,
    customer_zip: person.zip,
    customer_country: person.country,
  };
}

export function orderPayload(order: Order, ctx: RenderContext, trigger: string | null): Payload {
  const { customer, product, plan } = related(ctx, order);
  const subscription = order.subscriptionId === null ? undefined : ctx.store.subscription(order.subscriptionId);
  return withoutEmpty({
    trigger,
    id: order.id,
    ...contact(customer),
    product_id: String(product.id),
    product_name: product.name,
    gateway: order.gateway,
    shipping_amount: amount(ctx, order.shippingCents),
    ip_address: order.ipAddress,
    date: formatLocalDate(order.createdAt, ctx.store.zone),
    date_time: formatTimestamp(order.createdAt),
    payment_plan: plan.name,
    payment_plan_id: plan.id,
    order_amount: amount(ctx, order.totalCents),
    tax_amount: amount(ctx, order.taxCents),
    pre_tax_amount: amount(ctx, order.preTaxCents),
    tax_rate: order.taxRate,
    tax_type: taxType(order.taxRate),
    tax_desc: order.taxRate > 0 ? 'Sales Tax' : '',
    currency: ctx.store.currency,
    transaction_id: order.transactionId,
    subscription_id: order.subscriptionId,
    status: order.status,
    order_status: order.status,
    order_id: order.id,
    // Studiocart keeps how an order was bought (main, upsell, downsell) in its order_type.
    order_type: order.orderType,
    items: order.items.map((item) => {
      const itemPlan = ctx.store.plan(item.productId, item.planId);
      return {
        id: item.id,
        order_id: order.id,
        product_id: item.productId,
        price_id: item.planId,
        item_type: item.type,
        product_name: ctx.store.product(item.productId)?.name ?? '',
        price_name: itemPlan?.name ?? '',
        quantity: item.quantity,
        unit_price: amount(ctx, item.unitPriceCents),
        subtotal: amount(ctx, item.subtotalCents),
        discount_amount: amount(ctx, 0),
        tax_amount: amount(ctx, item.taxCents),
        total_amount: amount(ctx, item.totalCents),
        sign_up_fee: amount(ctx, item.signupFeeCents),
        tax_rate: order.taxRate > 0 ? String(order.taxRate) : '',
        ...(item.subscriptionId !== null && itemPlan && subscription
          ? {
              subscription_id: item.subscriptionId,
              sub_summary: paymentTerms(itemPlan, subscription.amountCents, ctx.store.currency),
            }
          : {}),
      };
    }),
    invoice_total: amount(ctx, order.totalCents),
    invoice_subtotal: amount(ctx, order.preTaxCents),
    website_url: ctx.links.site,
    order_url: ctx.links.productPath(product.slug),
  });
}

export function subscriptionPayload(subscription: Subscription, ctx: RenderContext, trigger: string | null): Payload {
  const { customer, product, plan } = related(ctx, subscription);
  const first = ctx.store.order(subscription.orderIds[0] ?? -1);
  const optionalDate = (at: number | null, name: string): Payload =>
    at === null ? {} : { [name]: formatDate(at), [`${name}_time`]: formatTimestamp(at) };
  return withoutEmpty({
    trigger,
    id: subscription.id,
    ...contact(customer),
    product_id: String(product.id),
    product_name: product.name,
    gateway: subscription.gateway,
    ip_address: subscription.ipAddress,
    date: formatLocalDate(subscription.createdAt, ctx.store.zone),
    date_time: formatTimestamp(subscription.createdAt),
    payment_plan: plan.name,
    payment_plan_id: plan.id,
    order_amount: amount(ctx, first?.totalCents ?? 0),
    tax_amount: amount(ctx, first?.taxCents ?? 0),
    pre_tax_amount: amount(ctx, first?.preTaxCents ?? 0),
    tax_rate: subscription.taxRate,
    tax_type: taxType(subscription.taxRate),
    currency: ctx.store.currency,
    // Studiocart leaves sub_amount out of its cents conversion: it stays a decimal.
    sub_amount: money(subscription.amountCents, ctx.store.currency, 'decimal'),
    subscription_id: subscription.gatewayRef,
    status: subscription.status,
    amount: amount(ctx, subscription.amountCents),
    installments: plan.installments > 1 ? plan.installments : null,
    interval: plan.interval,
    frequency: plan.frequency,
    trial_days: subscription.trialDays,
    sign_up_fee: amount(ctx, subscription.signupFeeCents),
    ...optionalDate(subscription.nextBillAt, 'next_bill_date'),
    ...optionalDate(subscription.endAt, 'end_date'),
    ...optionalDate(subscription.cancelAt, 'cancel_date'),
    website_url: ctx.links.site,
    order_url: ctx.links.productPath(product.slug),
    // Event payloads carry no invoice links.
    invoices: invoicesOf(subscription, ctx).map(({ link: _link, ...invoice }) => invoice),
  });
}

/** Lead events carry the person and the product of the form: no id, no plan, no amounts. */
export function leadPayload(lead: Lead, ctx: RenderContext): Payload {
  const product = ctx.store.product(lead.productId);
  return withoutEmpty({
    trigger: 'lead',
    ...contact(lead),
    product_id: String(lead.productId),
    product_name: product?.name ?? '',
    ip_address: lead.ipAddress,
    date: formatDate(lead.createdAt),
    date_time: formatTimestamp(lead.createdAt),
    website_url: ctx.links.site,
    order_url: product ? ctx.links.productPath(product.slug) : '',
  });
}
