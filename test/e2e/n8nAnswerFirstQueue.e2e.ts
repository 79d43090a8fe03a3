/**
 * n8n's queue mode (2.41.1; Postgres, Redis, main + worker + webhook processor, from
 * scripts/n8n/queue.ts; the run's shared stack, support/sharedQueueMode.ts) against the sandbox store with
 * two PHP workers: the webhook processor runs the trigger's `webhook()`, which reads nothing, and
 * answers once the execution is queued; the worker runs the execution and the check. Ten purchases,
 * two at a time: every delivery answered 200 within the store's limit, each verification read made
 * after its execution started, ten executions on the worker, each marked verified; the same with
 * verification off (no read).
 *
 * Where n8n, Postgres or Redis cannot be had, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams
 * every process' output; N8N_E2E_KEEP=1 keeps the user folders.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import type { ExecutionDetail } from '../../scripts/n8n/instance';
import { ANSWER_FIRST, PHP_WORKERS, answerFirstWorkflows, expectBurstAnsweredFirst } from './support/answerFirst';
import { describeIf, probe } from './support/probe';
import { ranOn } from './support/queueMode';
import { useSharedQueueMode } from './support/sharedQueueMode';
import type { LifecycleContext } from './support/steps';

const describeQueue = describeIf(probe(['n8n', 'postgres', 'redis']), 'queue mode answers-first end-to-end tests');

describeQueue(`n8n ${N8N_VERSION} in queue mode answers first, against a store with ${PHP_WORKERS} PHP workers`, () => {
  const n8n = useSharedQueueMode('queue mode answers-first e2e');
  let store: Sandbox;

  beforeAll(
    n8n.check(async () => {
      // Spec profile: no secret in deliveries, so each one is verified by a read.
      store = await n8n.sandbox({ profile: 'spec', phpWorkers: PHP_WORKERS });
      const credential = await n8n.addCredential(store, 'Sandbox with two PHP workers (queue mode)');
      await n8n.addWorkflows(answerFirstWorkflows(credential));
    }),
    60_000,
  );

  /** Each execution a purchase started ran on the worker, not on the webhook processor that answered. */
  const ctx: LifecycleContext = {
    session: () => n8n.session,
    hookUrl: (webhookId) => n8n.webhookUrl(webhookId, 'webhook'),
    onExecution: (execution: ExecutionDetail) => {
      const [worker, webhook] = [n8n.process('worker'), n8n.process('webhook')];
      expect({ worker: ranOn(worker, execution.id), webhook: ranOn(webhook, execution.id) }).toEqual({
        worker: { started: true, finished: true },
        webhook: { started: false, finished: false },
      });
    },
  };

  it(
    'queue mode answers first: 10 purchases, 2 at a time, each answered 200 within the store’s limit, its verification read made in the execution, 10 verified executions on the worker',
    n8n.check(async () => {
      await expectBurstAnsweredFirst(ctx, store, ANSWER_FIRST.verifyOn, n8n.timed);
    }),
  );

  it(
    'queue mode answers first with verification off too: 10 purchases answered 200 within the store’s limit, no read, 10 executions',
    n8n.check(async () => {
      await expectBurstAnsweredFirst(ctx, store, ANSWER_FIRST.verifyOff, n8n.timed);
    }),
  );
});
