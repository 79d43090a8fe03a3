/**
 * What instants cost (docs/dates.md): requests of one client's life (an execution, a poll, a delivery)
 * with the zone read counted apart from the store's own reads, side by side, and the CPU time of adding
 * instants to many records. The goal: at most one extra request per client, none per record.
 */
import { performance } from 'node:perf_hooks';
import {
  type HttpRequest,
  type HttpResponse,
  type SiteZone,
  type Transport,
  collect,
  pollEvents,
  withInstants,
  withoutInstants,
} from '@commerce-service/shared';
import { CUSTOMER_FIELDS } from '../../shared/src/resources/tables/customer';
import { nodeTransport } from '../kit/nodeTransport';
import { startSandbox } from '../../sandbox';
import { benchClient } from './sharedClient';

const RECORDS = 100_000;

/** nodeTransport, counting the REST index (the zone) apart from every other request. */
function splitCounter(): { transport: Transport; zone: () => number; store: () => number; reset: () => void } {
  let zone = 0;
  let store = 0;
  return {
    zone: () => zone,
    store: () => store,
    reset: () => {
      zone = 0;
      store = 0;
    },
    transport: {
      sendsGetBody: nodeTransport.sendsGetBody,
      async send(request: HttpRequest): Promise<HttpResponse> {
        if (request.query.rest_route === '/' || /\/wp-json\/$/.test(request.url)) zone += 1;
        else store += 1;
        return nodeTransport.send(request);
      },
    },
  };
}

export async function dateCosts(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, size: 2_000, seed: 5, profile: 'real', quiet: true });
  try {
    const counter = splitCounter();
    const fresh = () => benchClient(sandbox.url, sandbox.apiKey, counter.transport);
    console.log('\ndates you can trust (sandbox, real profile, America/New_York):');
    const line = (what: string, records: number) =>
      console.log(
        `  ${what}: ${counter.store()} store request(s) + ${counter.zone()} zone read = ${counter.store() + counter.zone()} in all, ${records} records`,
      );

    counter.reset();
    let client = fresh();
    const orders = await collect(client.iterate((page) => client.listOrders(page)));
    line('Get Many orders, Return All (one execution)', orders.length);

    counter.reset();
    client = fresh();
    const one = await client.getOrder(orders[0]?.id ?? 1);
    await client.getSubscription((await client.listSubscriptions({ per_page: 1 })).items[0]?.id ?? 1);
    line('Get an order, then a subscription (one execution)', one ? 2 : 0);

    client = fresh();
    const first = await pollEvents({ client, filters: { event: 'purchased' }, state: undefined });
    counter.reset();
    client = fresh();
    const quiet = await pollEvents({ client, filters: { event: 'purchased' }, state: first.state });
    line('poll for "purchased" with nothing new (one poll)', quiet.events.length);

    counter.reset();
    client = fresh();
    const delivered = await client.stampInstants(orders.slice(0, 1));
    line('a webhook delivery, verification off', delivered.length);

    // CPU, side by side with a plain copy of the same records (what any adapter does with them anyway).
    const zone: SiteZone = { kind: 'named', name: 'America/New_York' };
    const many = Array.from({ length: RECORDS }, (_, i) => withoutInstants(orders[i % orders.length] ?? {}) as object);
    let started = performance.now();
    many.map((record) => ({ ...record }));
    const copied = performance.now() - started;
    started = performance.now();
    withInstants(many, zone);
    const took = performance.now() - started;
    const perRecord = (total: number) => `${((total * 1000) / RECORDS).toFixed(2)} µs per record`;
    console.log(
      `  ${RECORDS.toLocaleString('en-US')} orders (no request): add instants ${took.toFixed(0)} ms (${perRecord(took)}) | copy them ${copied.toFixed(0)} ms (${perRecord(copied)})`,
    );

    // Site-local times (customers' dates): each takes the zone's offset at its moment (dates/instant.ts).
    client = fresh();
    const customers = (await client.listCustomers({ per_page: 100 })).items;
    const local = Array.from(
      { length: RECORDS },
      (_, i) => withoutInstants(customers[i % customers.length] ?? {}) as object,
    );
    started = performance.now();
    local.map((record) => ({ ...record }));
    const copiedLocal = performance.now() - started;
    started = performance.now();
    withInstants(local, zone, { table: CUSTOMER_FIELDS });
    const tookLocal = performance.now() - started;
    console.log(
      `  ${RECORDS.toLocaleString('en-US')} customers, site-local dates (no request): add instants ${tookLocal.toFixed(0)} ms (${perRecord(tookLocal)}) | copy them ${copiedLocal.toFixed(0)} ms (${perRecord(copiedLocal)})`,
    );
  } finally {
    await sandbox.close();
  }
}
