/** The shared client as the adapters will build it: Node's transport, timers for waiting, a 25 s budget. */
import {
  type CommerceServiceClient,
  type HttpRequest,
  type HttpResponse,
  type Transport,
} from '@commerce-service/shared';
import { nodeTransport } from '../kit/nodeTransport';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '../kit/client';

export interface Counted {
  transport: Transport;
  requests: () => number;
}

/** nodeTransport, counting requests. */
export function countingTransport(): Counted {
  let requests = 0;
  return {
    requests: () => requests,
    transport: {
      sendsGetBody: nodeTransport.sendsGetBody,
      async send(request: HttpRequest): Promise<HttpResponse> {
        requests += 1;
        return nodeTransport.send(request);
      },
    },
  };
}

export function benchClient(url: string, apiKey: string, transport: Transport = nodeTransport): CommerceServiceClient {
  return createClient({
    settings: { storeUrl: url, apiKey },
    transport,
    retry: { budgetMs: 25_000, sleep: (ms) => sleep(Math.max(0, ms)) },
  });
}

/** Return All of the orders, oldest first, as an adapter's Return All does it. */
export function allOrders(client: CommerceServiceClient, concurrency?: number) {
  return client.iterate(
    (page) => client.listOrders({ ...page, orderby: 'id', order: 'asc' }),
    concurrency === undefined ? {} : { concurrency },
  );
}
