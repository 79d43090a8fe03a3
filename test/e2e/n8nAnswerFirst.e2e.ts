/**
 * A real n8n (2.41.1, one process, SQLite: the run's shared n8n, support/sharedN8n.ts) against the
 * sandbox store with two PHP workers: the store's answer never waits for the trigger's check, which
 * runs in the execution. Ten purchases, two at a time (each holds one of the store's two workers while
 * its delivery is under way): every delivery answered 200 within the store's limit, each verification
 * read made after its execution started, ten executions, each marked verified; the same with
 * verification off (no read).
 * The store's waits, on and off side by side, in queue mode: `npm run bench -- burst`.
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams n8n's output.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { ANSWER_FIRST, PHP_WORKERS, answerFirstWorkflows, expectBurstAnsweredFirst } from './support/answerFirst';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';

const describeN8n = describeIf(probe(['n8n']), `n8n answers-first end-to-end tests (real n8n ${N8N_VERSION})`);

describeN8n(`n8n ${N8N_VERSION} (one process) answers first, against a store with ${PHP_WORKERS} PHP workers`, () => {
  const n8n = useSharedN8n('n8n answers-first e2e');
  let store: Sandbox;

  beforeAll(async () => {
    store = await n8n.sandbox({ profile: 'spec' }); // no secret in deliveries: each one is verified by a read
    store.setPhpWorkers(PHP_WORKERS);
    await n8n.addWorkflows(answerFirstWorkflows(await n8n.addCredential(store, 'Sandbox with two PHP workers')));
  }, 60_000);

  it(
    'answers first: 10 purchases, 2 at a time, each answered 200 within the store’s limit, its verification read made in the execution, 10 executions marked verified',
    n8n.check(async () => {
      await expectBurstAnsweredFirst(n8n.ctx, store, ANSWER_FIRST.verifyOn, n8n.timed);
    }),
  );

  it(
    'answers first with verification off too: 10 purchases answered 200 within the store’s limit, no read, 10 executions',
    n8n.check(async () => {
      await expectBurstAnsweredFirst(n8n.ctx, store, ANSWER_FIRST.verifyOff, n8n.timed);
    }),
  );
});
