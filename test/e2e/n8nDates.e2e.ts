/**
 * Dates in a real n8n (2.41.1, scripts/n8n; the run's shared n8n) against the sandbox's `real` profile (a New York store):
 * a live purchase at 23:59 in New York (04:59 UTC the next day) reaches the webhook trigger, and a
 * Get of the same order runs after it in the same execution. Both items must carry the instant that
 * matches the store's own record (docs/dates.md): `date_time_iso` is the UTC `date_time` with `Z`,
 * and that moment falls on the store's `date` in New York.
 *
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>` and skips. N8N_E2E_KEEP=1 keeps the
 * user folder.
 */
import { N8N_VERSION } from '../../scripts/n8n/install';
import { activateWorkflow, deactivateWorkflow, executionNodeOutput, listExecutions } from '../../scripts/n8n/instance';
import type { Sandbox } from '../../sandbox';
import { triggerThenGetOrder } from './n8n/workflows';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';
import { nextExecution } from './support/steps';

const WORKFLOW_ID = 'e2eDatesWf000001';
const WEBHOOK_ID = '9b2f5e1a-3c4d-4e5f-8a6b-00000000da7e';

const describeN8n = describeIf(probe(['n8n']), `n8n dates end-to-end (real n8n ${N8N_VERSION})`);

describeN8n(`dates in a real n8n ${N8N_VERSION}`, () => {
  const n8n = useSharedN8n('n8n dates e2e');
  let store: Sandbox;

  beforeAll(async () => {
    store = await n8n.sandbox({ profile: 'real' });
    await n8n.addWorkflows([
      triggerThenGetOrder({
        id: WORKFLOW_ID,
        name: 'e2e: dates of a live purchase',
        webhookId: WEBHOOK_ID,
        credential: await n8n.addCredential(store, 'Sandbox (real profile)'),
      }),
    ]);
  }, 60_000);

  it(
    'a live purchase at 23:59 in New York and a Get of it show the instant of the store record',
    n8n.check(async () => {
      store.setClock('2026-11-24T04:58:30Z');
      await activateWorkflow(n8n.session, WORKFLOW_ID);
      try {
        const seen = (await listExecutions(n8n.session, WORKFLOW_ID)).map((e) => e.id);
        const deliveries = await store.fireEvent({ type: 'purchased' });
        expect(deliveries).toEqual([expect.objectContaining({ event: 'purchased', status: 200 })]);
        const execution = await nextExecution(n8n.ctx, WORKFLOW_ID, seen);
        expect(execution.status).toBe('success');

        // The store's own record, read over plain HTTP: no connector code on this side.
        const id = String(deliveries[0]?.payload.id);
        const response = await fetch(`${store.url}${store.apiRoot}/orders/${id}`, {
          headers: { 'x-api-key': store.apiKey },
        });
        const record = (await response.json()) as { date: string; date_time: string };
        const instant = `${record.date_time.replace(' ', 'T')}Z`;
        expect(record.date).toBe('2026-11-23');
        expect(instant.startsWith('2026-11-24T04:')).toBe(true);
        expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(Date.parse(instant))).toBe(
          record.date,
        );

        const [delivered] = executionNodeOutput(execution, 'Trigger');
        const [got] = executionNodeOutput(execution, 'Get Order');
        for (const item of [delivered, got]) {
          expect(item).toMatchObject({ date: record.date, date_time: record.date_time, date_time_iso: instant });
        }
      } finally {
        await deactivateWorkflow(n8n.session, WORKFLOW_ID);
      }
    }),
    180_000,
  );
});
