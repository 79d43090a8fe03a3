/** Times the seed: `npx tsx sandbox/tools/measureSeed.ts [size] [seed]` (default 100000 orders). */
import { seedStore } from '../store/seed';

const size = Number(process.argv[2] ?? 100_000);
const seed = Number(process.argv[3] ?? 1);
const started = process.hrtime.bigint();
const store = seedStore({ size, seed });
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const bySubStatus = new Map<string, number>();
for (const sub of store.subscriptions) bySubStatus.set(sub.status, (bySubStatus.get(sub.status) ?? 0) + 1);
const byOrderStatus = new Map<string, number>();
for (const order of store.orders) byOrderStatus.set(order.status, (byOrderStatus.get(order.status) ?? 0) + 1);
console.log(
  JSON.stringify(
    {
      size,
      seed,
      ms: Math.round(ms),
      orders: store.orders.length,
      customers: store.customers.length,
      subscriptions: store.subscriptions.length,
      orderStatuses: Object.fromEntries(byOrderStatus),
      subscriptionStatuses: Object.fromEntries(bySubStatus),
      firstOrder: new Date(store.orders[0]?.createdAt * 1000).toISOString(),
      lastOrder: new Date(store.now * 1000).toISOString(),
    },
    null,
    2,
  ),
);
