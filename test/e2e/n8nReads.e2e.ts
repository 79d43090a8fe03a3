/**
 * Reads at scale in a real n8n (2.41.1, scripts/n8n; the run's shared n8n), in one manual run (the
 * editor's "Execute workflow", through the REST API) against two sandbox
 * stores of several pages (both paged with totals, so pages are fetched in parallel; the real profile
 * adds cents and the other real-store quirks): Order → Get Many with Return All (default and Parallel
 * Requests = 1) through a store that answers 429 (Retry-After: 1) to a few requests, and Customer →
 * Get by Email (found, in another letter case and with spaces; unknown: no item, or one empty item
 * with Always Output Data). 600 orders and 141 customers per store: `n8n execute` was seen to cut a
 * printed run of several thousand orders per node short.
 *
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>` and skips (fails under CI=true). N8N_E2E_KEEP=1 keeps the
 * user folder.
 */
import type { Sandbox, SandboxProfile } from '../../sandbox';
import { type Customer, type Order, collect } from '@commerce-service/shared';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { nodeOutput, type N8nRun, type N8nWorkflowJson } from '../../scripts/n8n/instance';
import { NODE_TYPES, type CredentialRef } from '../../scripts/start/examples';
import { STORE_REQUESTS } from '../../scripts/kit/requestCosts';
import { clientFor } from './n8n/expected';
import { manualStart } from '../../scripts/kit/workflows';
import { manualRun } from './support/installed';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';
import { SharedRun } from './support/steps';

const PROFILES: readonly SandboxProfile[] = ['spec', 'real'];
const WORKFLOW_ID = 'e2eReadsWf000001';
const UNKNOWN_EMAIL = 'nobody-at-all@example.invalid';

const CREDENTIAL_NAMES: Record<SandboxProfile, string> = {
  spec: 'Large sandbox (spec profile)',
  real: 'Large sandbox (real profile)',
};

/** The nodes of one store, by what each proves. */
const NODES = {
  allOrders: 'Orders: Return All',
  allOrdersOneAtATime: 'Orders: Return All, one request at a time',
  byEmail: 'Customer: Get by Email',
  unknownEmail: 'Customer: Get by Email (unknown)',
  unknownEmailAlways: 'Customer: Get by Email (unknown, Always Output Data)',
} as const;

const nodeName = (profile: SandboxProfile, node: string) => `${profile} ${node}`;

function readsWorkflow(
  emails: Record<SandboxProfile, string>,
  credentials: Record<SandboxProfile, CredentialRef>,
): N8nWorkflowJson {
  const nodes: Array<Record<string, unknown>> = [manualStart(WORKFLOW_ID)];
  for (const [p, profile] of PROFILES.entries()) {
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>?]> = [
      [
        NODES.allOrders,
        { resource: 'order', operation: 'getAll', returnAll: true, sort: { orderBy: 'id', order: 'asc' } },
      ],
      [
        NODES.allOrdersOneAtATime,
        {
          resource: 'order',
          operation: 'getAll',
          returnAll: true,
          sort: { orderBy: 'id', order: 'asc' },
          options: { parallelRequests: 1 },
        },
      ],
      [NODES.byEmail, { resource: 'customer', operation: 'getByEmail', email: emails[profile] }],
      [NODES.unknownEmail, { resource: 'customer', operation: 'getByEmail', email: UNKNOWN_EMAIL }],
      [
        NODES.unknownEmailAlways,
        { resource: 'customer', operation: 'getByEmail', email: UNKNOWN_EMAIL },
        { alwaysOutputData: true },
      ],
    ];
    for (const [i, [name, parameters, settings]] of cases.entries()) {
      nodes.push({
        id: `${WORKFLOW_ID}-${p}-${i}`,
        name: nodeName(profile, name),
        type: NODE_TYPES.action,
        typeVersion: 1,
        position: [300 + p * 300, i * 120],
        parameters,
        credentials: { commerceServiceApi: credentials[profile] },
        ...(settings ?? {}),
      });
    }
  }
  return {
    id: WORKFLOW_ID,
    name: 'e2e: reads at scale',
    nodes,
    connections: {
      Start: { main: [nodes.slice(1).map((node) => ({ node: String(node.name), type: 'main', index: 0 }))] },
    },
    settings: { executionOrder: 'v1' },
  };
}

/** Plain JSON, as records come out of an n8n run. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as Array<Record<string, unknown>>;

const describeN8n = describeIf(probe(['n8n']), `n8n reads end-to-end tests (real n8n ${N8N_VERSION})`);

describeN8n(`n8n ${N8N_VERSION}: Return All and Get by Email against sandbox stores of several pages`, () => {
  const n8n = useSharedN8n('n8n reads e2e');
  const stores = {} as Record<SandboxProfile, Sandbox>;
  const wanted = {} as Record<SandboxProfile, Customer>;
  const orders = {} as Record<SandboxProfile, Order[]>;
  const customersCount = {} as Record<SandboxProfile, number>;
  // The editor's "Execute workflow": a manual run through the REST API, its run data as `n8n execute` prints it.
  const readsRun = new SharedRun('the run succeeded, every node without an error', () =>
    n8n.timed('manual run', () => manualRun(n8n.session, WORKFLOW_ID, 300_000)),
  );

  beforeAll(async () => {
    const credentials = {} as Record<SandboxProfile, CredentialRef>;
    for (const profile of PROFILES) {
      stores[profile] = await n8n.sandbox({ profile, size: 600, seed: 11 });
      const client = clientFor(stores[profile]);
      orders[profile] = await collect(
        client.iterate((page) => client.listOrders({ ...page, orderby: 'id', order: 'asc' })),
      );
      const customers = await collect(client.iterate((page) => client.listCustomers(page)));
      // The last customer: the walk has to go through every page (spec) to find them.
      wanted[profile] = customers[customers.length - 1] as Customer;
      customersCount[profile] = customers.length;
      credentials[profile] = await n8n.addCredential(stores[profile], CREDENTIAL_NAMES[profile]);
    }
    const emails = { spec: ` ${wanted.spec.email.toUpperCase()}  `, real: `  ${wanted.real.email.toUpperCase()} ` };
    await n8n.addWorkflows([readsWorkflow(emails, credentials)]);
    // A busy store: the next two requests for orders answer 429 with Retry-After: 1.
    for (const profile of PROFILES) {
      stores[profile].setFaults({ rateLimit: { retryAfterSeconds: 1 }, onlyPaths: 'orders', times: 2 });
    }
  }, 300_000);

  it(readsRun.owner, async () => {
    const result = await readsRun.run();
    const errors = Object.entries(result.data.resultData.runData)
      .map(([node, runs]) => [node, runs[0]?.error ?? null] as const)
      .filter(([, error]) => error !== null);
    expect({ status: result.status, error: result.data.resultData.error ?? null, errors }).toEqual({
      status: 'success',
      error: null,
      errors: [],
    });
  });

  describe.each(PROFILES)('%s profile', (profile) => {
    it('the store has several pages of orders and customers', () => {
      expect(orders[profile].length).toBeGreaterThan(300);
      expect(customersCount[profile]).toBeGreaterThan(100);
      expect(wanted[profile].email).toMatch(/@/);
    });

    it.each([NODES.allOrders, NODES.allOrdersOneAtATime])(
      '%s returns every order exactly once, in order, through the 429s',
      async (node) => {
        const output = nodeOutput(await readsRun.read(), nodeName(profile, node));
        expect(output.length).toBe(orders[profile].length);
        expect(new Set(output.map((record) => record.id)).size).toBe(output.length);
        expect(output).toEqual(plain(orders[profile]));
      },
    );

    it('Get by Email finds the last customer, email given in capitals with spaces around', async () => {
      expect(nodeOutput(await readsRun.read(), nodeName(profile, NODES.byEmail))).toEqual(plain([wanted[profile]]));
    });

    it('Get by Email with an unknown email outputs no item, or one empty item with Always Output Data', async () => {
      const result = await readsRun.read();
      expect(nodeOutput(result, nodeName(profile, NODES.unknownEmail))).toEqual([]);
      expect(nodeOutput(result, nodeName(profile, NODES.unknownEmailAlways))).toEqual([{}]);
    });
  });

  describe('a Get in two executions of one workflow', () => {
    const GET_WORKFLOW_ID = 'e2eReadsGetTwice1';
    const GET_NODE = 'Order: Get';
    let store: Sandbox;
    let orderId: number;
    const requests: string[][] = [];
    const runs: N8nRun[] = [];

    beforeAll(async () => {
      // Its own store (real profile: cents, so the unit of amounts must be told), so nothing is kept of it yet.
      store = await n8n.sandbox({ profile: 'real', size: 40, seed: 12 });
      const [order] = (await clientFor(store).listOrders({ per_page: 1 })).items;
      orderId = order!.id;
      const credential = await n8n.addCredential(store, 'Get twice (real profile)');
      const getNode = {
        id: `${GET_WORKFLOW_ID}-get`,
        name: GET_NODE,
        type: NODE_TYPES.action,
        typeVersion: 1,
        position: [300, 0],
        parameters: { resource: 'order', operation: 'get', orderId: String(orderId) },
        credentials: { commerceServiceApi: credential },
      };
      await n8n.addWorkflows([
        {
          id: GET_WORKFLOW_ID,
          name: 'e2e: a Get, twice',
          nodes: [manualStart(GET_WORKFLOW_ID), getNode],
          connections: { Start: { main: [[{ node: GET_NODE, type: 'main', index: 0 }]] } },
          settings: { executionOrder: 'v1' },
        },
      ]);
      for (let i = 0; i < 2; i += 1) {
        store.clearRequests();
        runs.push(await n8n.timed(`Get, execution ${i + 1}`, () => manualRun(n8n.session, GET_WORKFLOW_ID, 120_000)));
        requests.push(store.requests());
      }
    }, 300_000);

    it('both executions give the order', () => {
      for (const run of runs) expect(nodeOutput(run, GET_NODE).map((record) => record.id)).toEqual([orderId]);
    });

    it("the second execution's Get makes one request to the store (the sandbox's request log)", () => {
      // The first: the order, and latest-orders for the unit of amounts (an order's times need no zone).
      expect(requests[0]).toHaveLength(STORE_REQUESTS.get.cold);
      expect(requests[1]).toEqual([expect.stringMatching(new RegExp(`^GET /wp-json/sc/v1/orders/${orderId}(\\?|$)`))]);
    });
  });

  it('the faults were used up: the 429s were really answered', async () => {
    await readsRun.read();
    for (const profile of PROFILES) {
      const config = (await fetch(`${stores[profile].url}/sandbox/v1/config`).then((response) => response.json())) as {
        faults: unknown;
      };
      expect(config.faults).toBeNull();
    }
  });
});
