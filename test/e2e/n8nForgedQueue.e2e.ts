/**
 * n8n's queue mode (2.41.1; Postgres, Redis, main + worker + webhook processor: the run's shared stack,
 * support/sharedQueueMode.ts) against the sandbox store: the webhook processor refuses forged
 * deliveries (unknown orders without the hook's secret, a wrong secret, a body of 500 records) with no
 * execution and no store read, and drops repeats of a genuine body through the static data it saves
 * before answering; the worker runs one verified execution per genuine sale
 * (support/forgedDeliveries.ts). Also pins that n8n runs the trigger's `execute()` on what its
 * `webhook()` returned, on the worker.
 *
 * Where n8n, Postgres or Redis cannot be had, prints `SKIPPED: <reason>`.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import type { ExecutionDetail } from '../../scripts/n8n/instance';
import { expectForgeriesCostNothing, forgedWorkflow } from './support/forgedDeliveries';
import { describeIf, probe } from './support/probe';
import { ranOn } from './support/queueMode';
import { useSharedQueueMode } from './support/sharedQueueMode';
import type { LifecycleContext } from './support/steps';

const describeQueue = describeIf(probe(['n8n', 'postgres', 'redis']), 'queue mode forged-delivery end-to-end tests');

describeQueue(`n8n ${N8N_VERSION} in queue mode: a forged delivery starts nothing and costs the store nothing`, () => {
  const n8n = useSharedQueueMode('queue mode forged deliveries e2e');
  let store: Sandbox;

  beforeAll(
    n8n.check(async () => {
      store = await n8n.sandbox({ profile: 'spec' });
      await n8n.addWorkflows([forgedWorkflow(await n8n.addCredential(store, 'Sandbox for forged deliveries (queue)'))]);
    }),
    60_000,
  );

  /** Each execution ran on the worker, not on the webhook processor that answered. */
  const ctx: LifecycleContext = {
    session: () => n8n.session,
    hookUrl: (webhookId) => n8n.webhookUrl(webhookId, 'webhook'),
    onExecution: (execution: ExecutionDetail) => {
      expect(ranOn(n8n.process('worker'), execution.id)).toEqual({ started: true, finished: true });
    },
  };

  it(
    'queue mode refuses 30 unknown orders without the secret, a wrong secret and 500 records (401/413, no execution, no read); 15 genuine sales each sent 3 times: 15 verified executions, 15 reads',
    n8n.check(async () => {
      const figures = await expectForgeriesCostNothing(ctx, store, n8n.timed);
      process.stderr.write(`forged deliveries, queue mode: ${JSON.stringify(figures)}\n`);
    }),
  );
});
