/**
 * The Commerce Service Polling Trigger in a real n8n (2.41.1, scripts/n8n) against the sandbox store
 * (real profile: amounts in cents), issue #10. Two workflows, activated with a one-minute Poll Time:
 * purchases, and refunds. Purchases made in the sandbox are emitted once each (n8n emits one execution
 * per poll, with one item per event); n8n stopped, purchases and a refund of an older order made,
 * n8n started again: each is emitted once, nothing twice, across every execution. (A manual "Fetch
 * Test Event" runs only from the editor, in n8n's manual mode: `n8n execute` runs in cli mode, where a
 * polling node passes nothing through; the unit tests cover it.)
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>` (fails under CI=true). N8N_E2E_VERBOSE=1 streams n8n's output.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  ensureOwner,
  startN8n,
  type N8nInstance,
  type RestSession,
} from '../../scripts/n8n/instance';
import type { CredentialRef } from '../../scripts/start/examples';
import { clientFor } from './n8n/expected';
import { describeIf, probe } from './support/probe';
import { emissions, newestOrderId, ordersAfter, pollingWorkflow, waitForEmissions } from './support/polling';
import { prepareSandboxedN8n, type SandboxedN8n } from './support/sandboxedN8n';
import { sleep, timer, withOutput } from './support/steps';

const CRED: CredentialRef = { id: 'e2ePollStore0001', name: 'Sandbox for polling' };
const WF = { purchases: 'e2ePollPurchase1', refunds: 'e2ePollRefunds01' };

const describeN8n = describeIf(probe(['n8n']), `n8n polling end-to-end tests (real n8n ${N8N_VERSION})`);

describeN8n(`Commerce Service Polling Trigger in n8n ${N8N_VERSION}, against the sandbox`, () => {
  let setup: SandboxedN8n;
  let store: Sandbox;
  let server: N8nInstance | undefined;
  let session: RestSession;
  const clock = timer('n8n polling e2e');

  beforeAll(async () => {
    setup = await prepareSandboxedN8n({
      profile: 'real',
      folderPrefix: 'n8n-poll-e2e-',
      credential: CRED,
      workflows: [pollingWorkflow(WF.purchases, 'purchased', CRED), pollingWorkflow(WF.refunds, 'refunded', CRED)],
      clock,
    });
    store = setup.store;
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await setup?.close();
    clock.print();
  });

  const withN8nOutput = (fn: () => Promise<void>) => withOutput(() => [['n8n', server?.output()]], fn);

  async function start(port?: number): Promise<void> {
    server = await clock.timed(port ? 'n8n restart to ready' : 'n8n start to ready', () =>
      startN8n({ ...setup.home, ...(port ? { port } : {}), readyTimeoutMs: 180_000 }),
    );
    session = (await ensureOwner(server)).session;
  }

  /** Every item the workflow's executions emitted, oldest first; each poll is one successful trigger execution. */
  async function emitted(workflowId: string): Promise<Array<Record<string, unknown>>> {
    const found = await emissions(session, workflowId);
    for (const { execution } of found) {
      expect({ id: execution.id, status: execution.status, mode: execution.mode }).toEqual({
        id: execution.id,
        status: 'success',
        mode: 'trigger',
      });
    }
    return found.flatMap((emission) => emission.items);
  }

  /** Waits until the workflow has emitted at least `count` items in all (polls run on the minute). */
  async function waitForEmitted(workflowId: string, count: number): Promise<Array<Record<string, unknown>>> {
    await waitForEmissions(session, workflowId, count);
    return emitted(workflowId);
  }

  let firstPurchases: number[] = [];

  it(
    'activated with a one-minute Poll Time: nothing from before, then each purchase emitted once',
    withN8nOutput(async () => {
      await start();
      const before = await newestOrderId(store);
      await clock.timed('activate both polling workflows (first polls)', async () => {
        await activateWorkflow(session, WF.purchases);
        await activateWorkflow(session, WF.refunds);
      });
      // The first poll (at activation) emits nothing from before it.
      expect(await emitted(WF.purchases)).toEqual([]);

      for (let n = 0; n < 3; n += 1) await store.fireEvent({ type: 'purchased' });
      firstPurchases = await ordersAfter(store, before);
      expect(firstPurchases.length).toBeGreaterThanOrEqual(3);

      const items = await clock.timed('purchases to emitted (next minute poll)', () =>
        waitForEmitted(WF.purchases, firstPurchases.length),
      );
      expect(items.map((item) => item.id)).toEqual(firstPurchases);
      expect(items.every((item) => item.trigger === 'purchased')).toBe(true);
      // REST amounts on a real-profile store are whole cents, handed on in decimals (docs/amounts.md).
      for (const item of items) {
        expect(item.amount_unit).toBe('decimal');
        expect(item.order_amount_sent).toBe(Math.round(Number(item.order_amount) * 100));
      }
      expect(await emitted(WF.refunds)).toEqual([]);
    }),
  );

  it(
    'n8n stopped, purchases and a refund of an older order made, n8n started: each emitted once, nothing twice',
    withN8nOutput(async () => {
      const port = server?.port;
      await clock.timed('n8n stop', () => (server as N8nInstance).stop());
      server = undefined;

      // While n8n is down: a refund of the first purchase (older than the second batch), then purchases.
      const refundedId = firstPurchases[0]!;
      const refundTarget = await clientFor(store).getOrder(String(refundedId));
      await store.fireEvent({ type: 'refunded', product_id: Number(refundTarget.product_id) });
      const refunded = (await clientFor(store).listOrders({ orderby: 'date_modified', order: 'desc', per_page: 1 }))
        .items[0];
      expect(refunded?.status).toBe('refunded');
      const before = await newestOrderId(store);
      for (let n = 0; n < 2; n += 1) await store.fireEvent({ type: 'purchased' });
      const secondPurchases = await ordersAfter(store, before);
      expect(secondPurchases.length).toBeGreaterThanOrEqual(2);

      await start(port);
      const all = [...firstPurchases, ...secondPurchases];
      const purchases = await clock.timed('restart to emitted', () => waitForEmitted(WF.purchases, all.length));
      const refunds = await waitForEmitted(WF.refunds, 1);
      // One more minute poll: nothing new, nothing twice.
      await clock.timed('one more poll (nothing new)', () => sleep(65_000));
      const purchasesAfter = await emitted(WF.purchases);
      const refundsAfter = await emitted(WF.refunds);

      expect(purchasesAfter).toHaveLength(purchases.length);
      expect(purchasesAfter.map((item) => item.id)).toEqual(all);
      expect(new Set(purchasesAfter.map((item) => item.id)).size).toBe(all.length);
      expect(refundsAfter).toEqual(refunds);
      expect(refundsAfter.map((item) => [item.id, item.trigger, item.status])).toEqual([
        [refunded?.id, 'refunded', 'refunded'],
      ]);
    }),
  );
});
