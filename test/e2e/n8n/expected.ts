/**
 * What each action case should return, read from the sandbox in two independent ways: the records
 * through the shared client (the node must output exactly these), and the record ids straight from
 * the sandbox's REST answers (plain HTTP, no client code).
 */
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { collect, planChoices, type CommerceServiceClient, type Page, type PageParams } from '@commerce-service/shared';
import type { ActionCase, ActionInputs } from './workflows';
import { createClient } from '../../../scripts/kit/client';

export interface StoreAccess {
  url: string;
  apiRoot: string;
  apiKey: string;
}

export function clientFor(store: StoreAccess): CommerceServiceClient {
  return createClient({
    settings: { storeUrl: store.url, apiKey: store.apiKey, apiRoot: store.apiRoot },
    transport: nodeTransport,
  });
}

/** Plain JSON, as records come out of an n8n run. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as Array<Record<string, unknown>>;

/** The records the node should output for a case, via the shared client with the same parameters. */
export async function expectedRecords(
  client: CommerceServiceClient,
  c: ActionCase,
  inputs: ActionInputs,
): Promise<Array<Record<string, unknown>>> {
  const all = <T>(list: (page: PageParams) => Promise<Page<T>>, limit?: number) =>
    collect(client.iterate(list, limit ? { limit } : {}));
  const p = c.params(inputs);
  switch (`${c.resource}.${c.operation}`) {
    case 'customer.get':
      return plain([await client.getCustomer(inputs.customerId)]);
    case 'customer.getAll':
      return plain(await all((page) => client.listCustomers(page), p.returnAll ? undefined : Number(p.limit)));
    case 'customer.getByEmail': {
      const found = await client.findCustomerByEmail(inputs.customerEmail);
      return plain(found ? [found] : []);
    }
    case 'order.get':
      return plain([await client.getOrder(inputs.orderId)]);
    case 'order.getAll': {
      const sort = (p.sort ?? {}) as { orderBy?: 'id'; order?: 'asc' | 'desc' };
      const filters = (p.filters ?? {}) as { dateAfter?: string };
      const params = {
        ...(filters.dateAfter ? { date_after: filters.dateAfter } : {}),
        ...(sort.orderBy ? { orderby: sort.orderBy } : {}),
        ...(sort.order ? { order: sort.order } : {}),
      };
      return plain(
        await all((page) => client.listOrders({ ...params, ...page }), p.returnAll ? undefined : Number(p.limit)),
      );
    }
    case 'order.getAllForSubscription':
      return plain(
        await all((page) =>
          client.listSubscriptionOrders(inputs.subscriptionId, { orderby: 'date_created', order: 'asc', ...page }),
        ),
      );
    case 'order.getLatest':
      return plain(
        await client.latestOrders({ product_id: String(inputs.productId), plan_id: [inputs.planId], status: 'paid' }),
      );
    case 'product.get':
      return plain([await client.getProduct(inputs.productId)]);
    case 'product.getAll':
      return plain(await all((page) => client.listProducts({ orderby: 'product_name', order: 'asc', ...page })));
    case 'product.getPlans':
      // Include Bump, Upsell and Downsell is on: the shared plan choices append the kinds a store leaves out.
      return plain(planChoices(await client.listWebhookPlans(inputs.productId), { purchaseKinds: true }));
    case 'product.getPublished':
      return plain(await client.listWebhookProducts());
    case 'subscription.get':
      return plain([await client.getSubscription(inputs.subscriptionId)]);
    case 'subscription.getAll':
      return plain(
        await all(
          (page) => client.listSubscriptions({ date_after: inputs.dateAfter, orderby: 'id', order: 'desc', ...page }),
          Number(p.limit),
        ),
      );
    default:
      throw new Error(`no expectation for ${c.resource}.${c.operation}`);
  }
}

/** GET on the sandbox's REST API with plain fetch; returns the parsed body. */
async function rawGet(
  store: StoreAccess,
  route: string,
  query: Record<string, string | number> = {},
): Promise<unknown> {
  const url = new URL(`${store.url}${store.apiRoot}/${route}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const res = await fetch(url, { headers: { 'x-api-key': store.apiKey, accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
  return res.json();
}

/** Every page of a REST list (100 a page), as the store serves it. */
async function rawIds(
  store: StoreAccess,
  route: string,
  query: Record<string, string | number>,
  limit?: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page < 100; page++) {
    const batch = (await rawGet(store, route, { ...query, per_page: 100, page })) as Array<{ id: number }> | null;
    if (!Array.isArray(batch) || batch.length === 0) break;
    ids.push(...batch.map((record) => Number(record.id)));
    if (batch.length < 100) break;
  }
  return limit === undefined ? ids : ids.slice(0, limit);
}

/** Every customer the store lists, page by page (100 a page). */
async function rawCustomers(store: StoreAccess): Promise<Array<{ id: number; email?: string }>> {
  const all: Array<{ id: number; email?: string }> = [];
  for (let page = 1; page < 100; page++) {
    const batch = (await rawGet(store, 'customers', { per_page: 100, page })) as Array<{
      id: number;
      email?: string;
    }> | null;
    if (!Array.isArray(batch) || batch.length === 0) break;
    all.push(...batch);
    if (batch.length < 100) break;
  }
  return all;
}

/**
 * Record ids of the REST cases straight from the sandbox (undefined for the webhook/* operations,
 * which the raw check leaves to the client comparison).
 */
export async function rawExpectedIds(
  store: StoreAccess,
  c: ActionCase,
  inputs: ActionInputs,
): Promise<number[] | undefined> {
  const p = c.params(inputs);
  const limit = p.returnAll === false ? Number(p.limit) : undefined;
  switch (`${c.resource}.${c.operation}`) {
    case 'customer.get':
      return [Number(((await rawGet(store, `customers/${inputs.customerId}`)) as { id: number }).id)];
    case 'customer.getAll':
      return rawIds(store, 'customers', {}, limit);
    case 'customer.getByEmail': {
      // The store has no email filter: every customer it lists, compared as a person would (case, spaces).
      const wanted = inputs.customerEmail.trim().toLowerCase();
      const customers = (await rawGet(store, 'customers', { per_page: 100 })) as Array<{ id: number; email?: string }>;
      const all = customers.length < 100 ? customers : await rawCustomers(store);
      const match = all.find(
        (customer) =>
          String(customer.email ?? '')
            .trim()
            .toLowerCase() === wanted,
      );
      return match ? [Number(match.id)] : [];
    }
    case 'order.get':
      return [Number(((await rawGet(store, `orders/${inputs.orderId}`)) as { id: number }).id)];
    case 'order.getAll': {
      const query: Record<string, string> = p.returnAll
        ? {}
        : { date_after: inputs.dateAfter, orderby: 'id', order: 'asc' };
      return rawIds(store, 'orders', query, limit);
    }
    case 'order.getAllForSubscription':
      return rawIds(store, `orders/subscription/${inputs.subscriptionId}`, { orderby: 'date_created', order: 'asc' });
    case 'product.get':
      return [Number(((await rawGet(store, `products/${inputs.productId}`)) as { id: number }).id)];
    case 'product.getAll':
      return rawIds(store, 'products', { orderby: 'product_name', order: 'asc' });
    case 'subscription.get':
      return [Number(((await rawGet(store, `subscriptions/${inputs.subscriptionId}`)) as { id: number }).id)];
    case 'subscription.getAll':
      return rawIds(store, 'subscriptions', { date_after: inputs.dateAfter, orderby: 'id', order: 'desc' }, limit);
    default:
      return undefined;
  }
}

/**
 * Ids and filter values that make every case return records, chosen from the store itself (a
 * subscription with renewals, a plan with paid orders, a day in the middle of the order history).
 */
export async function pickInputs(client: CommerceServiceClient): Promise<ActionInputs> {
  const orders = await collect(client.iterate((page) => client.listOrders(page)));
  const customer = (await client.listCustomers({ per_page: 1 })).items[0];
  const customers = await collect(client.iterate((page) => client.listCustomers(page)));
  const lastCustomer = customers[customers.length - 1];
  const subscriptions = await collect(client.iterate((page) => client.listSubscriptions(page)));
  let subscriptionId = subscriptions[0]?.id;
  for (const subscription of subscriptions) {
    if ((await client.listSubscriptionOrders(subscription.id, { per_page: 2 })).items.length > 1) {
      subscriptionId = subscription.id;
      break;
    }
  }
  const products = await client.listWebhookProducts();
  for (const product of products) {
    for (const plan of await client.listWebhookPlans(product.id)) {
      if (['bump', 'upsell', 'downsell'].includes(plan.id)) continue;
      const paid = await client.latestOrders({ product_id: String(product.id), plan_id: [plan.id], status: 'paid' });
      if (paid.length > 1 && customer && lastCustomer?.email && subscriptionId !== undefined) {
        const middle = orders[Math.floor(orders.length / 2)] as { date?: string } | undefined;
        const dateAfter = String(middle?.date ?? '').slice(0, 10);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(dateAfter)) throw new Error(`order without a date: ${JSON.stringify(middle)}`);
        return {
          customerId: Number(customer.id),
          customerEmail: `  ${lastCustomer.email.toUpperCase()} `,
          orderId: Number(orders[0]?.id),
          subscriptionId: Number(subscriptionId),
          productId: Number(product.id),
          planId: plan.id,
          dateAfter,
        };
      }
    }
  }
  throw new Error('the sandbox has no plan with paid orders, or no customer or subscription');
}
