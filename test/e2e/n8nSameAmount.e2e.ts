/**
 * One order, one amount, in a real n8n (2.41.1, scripts/n8n; the run's shared n8n, support/sharedN8n.ts)
 * against the sandbox's `real` profile (REST amounts in cents, deliveries in decimals): a live purchase
 * reaches the webhook trigger, a Get of it runs in the same execution, and the polling trigger emits it
 * (a poll by n8n's own means, support/polling.ts `pollNow`). All three items show the same
 * `order_amount` and item prices, in decimals, with `amount_unit: "decimal"`; the REST items keep the
 * store's cents as `order_amount_sent` (docs/amounts.md).
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>` (fails under CI=true).
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { activateWorkflow, deactivateWorkflow, executionNodeOutput, listExecutions } from '../../scripts/n8n/instance';
import { triggerThenGetOrder } from './n8n/workflows';
import { pollingWorkflow, pollNow } from './support/polling';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';
import { nextExecution } from './support/steps';

const WEBHOOK_WORKFLOW = 'e2eAmountWf00001';
const POLLING_WORKFLOW = 'e2eAmountPoll001';
const WEBHOOK_ID = '9b2f5e1a-3c4d-4e5f-8a6b-0000000a3075';

type Row = Record<string, unknown>;

/** What a sheet or a Filter reads: the order's amount, its items' prices, and their unit. */
const amountsOf = (record: Row | undefined) => ({
  order_amount: record?.order_amount,
  unit_prices: ((record?.items as Row[] | undefined) ?? []).map((item) => item.unit_price),
  amount_unit: record?.amount_unit,
});

const describeN8n = describeIf(probe(['n8n']), `n8n same amount end-to-end (real n8n ${N8N_VERSION})`);

describeN8n(`one amount on every path in a real n8n ${N8N_VERSION}`, () => {
  const n8n = useSharedN8n('n8n same amount e2e');
  let store: Sandbox;

  beforeAll(async () => {
    store = await n8n.sandbox({ profile: 'real' });
    const credential = await n8n.addCredential(store, 'Sandbox for the same amount');
    await n8n.addWorkflows([
      triggerThenGetOrder({
        id: WEBHOOK_WORKFLOW,
        name: 'e2e: the amount of a live purchase',
        webhookId: WEBHOOK_ID,
        credential,
      }),
      pollingWorkflow(POLLING_WORKFLOW, 'purchased', credential, 'e2e: polling purchases (same amount)'),
    ]);
  }, 60_000);

  it(
    'the same amount for one order through the webhook trigger, the polling trigger and a Get',
    n8n.check(async () => {
      // The polling trigger's first poll, at activation, remembers the store and emits nothing.
      await activateWorkflow(n8n.session, POLLING_WORKFLOW);
      await activateWorkflow(n8n.session, WEBHOOK_WORKFLOW);
      try {
        const seen = (await listExecutions(n8n.session, WEBHOOK_WORKFLOW)).map((e) => e.id);
        const deliveries = await store.fireEvent({ type: 'purchased' });
        expect(deliveries).toEqual([expect.objectContaining({ event: 'purchased', status: 200 })]);
        const id = Number(deliveries[0]?.payload.id);
        const execution = await nextExecution(n8n.ctx, WEBHOOK_WORKFLOW, seen);
        expect(execution.status).toBe('success');
        const [delivered] = executionNodeOutput(execution, 'Trigger');
        const [got] = executionNodeOutput(execution, 'Get Order');

        const emitted = (await pollNow(n8n.session, POLLING_WORKFLOW, 1)).flatMap((e) => e.items);
        const polled = emitted.find((item) => item.id === id);
        expect(polled).toBeDefined();

        // The store's own record, read over plain HTTP (no connector code): cents on a real store.
        const response = await fetch(`${store.url}${store.apiRoot}/orders/${id}`, {
          headers: { 'x-api-key': store.apiKey },
        });
        const record = (await response.json()) as { order_amount: number; items: Row[] };
        const decimals = {
          order_amount: record.order_amount / 100,
          unit_prices: record.items.map((item) => Number(item.unit_price) / 100),
          amount_unit: 'decimal',
        };
        expect(decimals.order_amount).toBeGreaterThan(0);
        for (const item of [delivered, got, polled]) expect(amountsOf(item)).toEqual(decimals);
        // The store's own number stays next to the amount in REST items.
        for (const item of [got, polled]) expect(item?.order_amount_sent).toBe(record.order_amount);
      } finally {
        await deactivateWorkflow(n8n.session, WEBHOOK_WORKFLOW);
        await deactivateWorkflow(n8n.session, POLLING_WORKFLOW);
      }
    }),
    300_000,
  );
});
