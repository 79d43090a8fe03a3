import type { Customer, Order, Product, Subscription } from '../store/types';
import { amount, customerNames, invoicesOf, related, taxType, type RenderContext } from './context';
import { paymentTerms } from './planText';
import { formatPrice } from './money';
import {
  formatLocalDate,
  formatLocalTimestamp,
  formatOptionalDate,
  formatOptionalLocalTimestamp,
  formatOptionalTimestamp,
  formatTimestamp,
} from './time';

/** The REST resources of docs/service/shapes.md, field for field. */

const COUNTED: ReadonlySet<string> = new Set(['paid', 'completed']);

export function customerResource(customer: Customer, ctx: RenderContext): Record<string, unknown> {
  let lifetime = 0;
  let counted = 0;
  let lastOrder: number | null = null;
  for (const id of customer.orderIds) {
    const order = ctx.store.order(id);
    if (!order) continue;
    if (COUNTED.has(order.status)) {
      lifetime += order.totalCents;
      counted += 1;
    }
    if (lastOrder === null || order.createdAt > lastOrder) lastOrder = order.createdAt;
  }
  return {
    id: customer.id,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    date_created: formatLocalTimestamp(customer.createdAt, ctx.store.zone),
    lifetime_value: amount(ctx, lifetime),
    total_orders: counted,
    last_order_date: formatOptionalLocalTimestamp(lastOrder, ctx.store.zone),
  };
}

export function orderResource(order: Order, ctx: RenderContext): Record<string, unknown> {
  const { customer, product, plan } = related(ctx, order);
  const subscription = order.subscriptionId === null ? undefined : ctx.store.subscription(order.subscriptionId);
  return {
    id: order.id,
    ...customerNames(customer),
    product_id: String(product.id),
    product_name: product.name,
    gateway: order.gateway,
    shipping_amount: amount(ctx, order.shippingCents),
    date: formatLocalDate(order.createdAt, ctx.store.zone),
    date_time: formatTimestamp(order.createdAt),
    payment_plan: plan.name,
    payment_plan_id: plan.id,
    order_amount: amount(ctx, order.totalCents),
    tax_amount: amount(ctx, order.taxCents),
    pre_tax_amount: amount(ctx, order.preTaxCents),
    tax_rate: order.taxRate,
    tax_type: taxType(order.taxRate),
    currency: ctx.store.currency,
    transaction_id: order.transactionId,
    status: order.status,
    items: order.items.map((item) => {
      const itemProduct = ctx.store.product(item.productId);
      const itemPlan = ctx.store.plan(item.productId, item.planId);
      // The contract's "human-readable price and interval text": a one-off price is the price alone.
      const summary =
        item.subscriptionId !== null && itemPlan && subscription
          ? paymentTerms(itemPlan, subscription.amountCents, ctx.store.currency)
          : formatPrice(item.unitPriceCents, ctx.store.currency);
      return {
        product_name: itemProduct?.name ?? '',
        quantity: item.quantity,
        subtotal: amount(ctx, item.subtotalCents),
        total_amount: amount(ctx, item.totalCents),
        tax_amount: amount(ctx, item.taxCents),
        unit_price: amount(ctx, item.unitPriceCents),
        sub_summary: summary,
      };
    }),
    invoice_total: amount(ctx, order.totalCents),
    invoice_subtotal: amount(ctx, order.preTaxCents),
    website_url: ctx.links.site,
    order_url: ctx.links.productPath(product.slug),
    link: ctx.links.rest(`/orders/${order.id}`),
  };
}

export function subscriptionResource(subscription: Subscription, ctx: RenderContext): Record<string, unknown> {
  const { customer, product, plan } = related(ctx, subscription);
  const first = ctx.store.order(subscription.orderIds[0] ?? -1);
  return {
    id: subscription.id,
    ...customerNames(customer),
    product_id: String(product.id),
    product_name: product.name,
    gateway: subscription.gateway,
    date: formatLocalDate(subscription.createdAt, ctx.store.zone),
    date_time: formatTimestamp(subscription.createdAt),
    payment_plan: plan.name,
    payment_plan_id: plan.id,
    order_amount: amount(ctx, first?.totalCents ?? 0),
    tax_amount: amount(ctx, first?.taxCents ?? 0),
    tax_rate: subscription.taxRate,
    tax_type: taxType(subscription.taxRate),
    currency: ctx.store.currency,
    subscription_id: subscription.gatewayRef,
    status: subscription.status,
    amount: amount(ctx, subscription.amountCents),
    interval: plan.interval,
    frequency: String(plan.frequency),
    trial_days: subscription.trialDays,
    sign_up_fee: amount(ctx, subscription.signupFeeCents),
    next_bill_date: formatOptionalDate(subscription.nextBillAt),
    next_bill_date_time: formatOptionalTimestamp(subscription.nextBillAt),
    website_url: ctx.links.site,
    order_url: ctx.links.productPath(product.slug),
    invoices: invoicesOf(subscription, ctx),
    link: ctx.links.rest(`/subscriptions/${subscription.id}`),
  };
}

export function productResource(product: Product, ctx: RenderContext): Record<string, unknown> {
  return {
    id: product.id,
    name: product.name,
    status: product.status,
    description: product.description,
    date_created: formatLocalTimestamp(product.createdAt, ctx.store.zone),
    date_updated: formatLocalTimestamp(product.updatedAt, ctx.store.zone),
    url: ctx.links.productUrl(product.slug),
    image_url: product.hasImage ? ctx.links.imageUrl(product.slug) : '',
    is_on_sale: product.onSale ? 1 : 0,
    plans: product.plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      price_type: plan.priceType,
      price: amount(ctx, plan.priceCents),
      installments: String(plan.installments),
      interval: plan.interval,
      frequency: plan.frequency,
      trial_days: plan.trialDays,
      signup_fee: amount(ctx, plan.signupFeeCents),
    })),
  };
}
