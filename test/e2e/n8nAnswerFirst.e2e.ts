/**
 * Issue #18 in a real n8n (2.41.1, one process, SQLite) against the sandbox store with two PHP workers:
 * the webhook trigger answers every delivery first and verifies after. Ten purchases, two at a time
 * (each holds one of the store's two workers while its delivery is under way): every delivery answered
 * 200 within 1.5 s, ten executions, each marked verified; the same with verification off, for
 * comparison (the store's waits are printed side by side).
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams n8n's output.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { ensureOwner, startN8n, type N8nInstance, type RestSession } from '../../scripts/n8n/instance';
import type { CredentialRef } from '../../scripts/start/examples';
import { ANSWER_FIRST, PHP_WORKERS, answerFirstWorkflows, expectBurstAnsweredFirst } from './support/answerFirst';
import { describeIf, probe } from './support/probe';
import { prepareSandboxedN8n, type SandboxedN8n } from './support/sandboxedN8n';
import { timer, withOutput, type LifecycleContext } from './support/steps';

const CRED: CredentialRef = { id: 'e2eAnswerFirst01', name: 'Sandbox with two PHP workers' };

const describeN8n = describeIf(probe(['n8n']), `n8n answers-first end-to-end tests (real n8n ${N8N_VERSION})`);

describeN8n(`n8n ${N8N_VERSION} (one process) answers first, against a store with ${PHP_WORKERS} PHP workers`, () => {
  let setup: SandboxedN8n;
  let store: Sandbox;
  let server: N8nInstance | undefined;
  let session: RestSession;
  const clock = timer('n8n answers-first e2e');
  const ctx: LifecycleContext = {
    session: () => session,
    hookUrl: (webhookId) => (server as N8nInstance).webhookUrl(webhookId, 'webhook'),
  };

  beforeAll(async () => {
    setup = await prepareSandboxedN8n({
      profile: 'spec', // no secret in deliveries: each one is verified by a read
      folderPrefix: 'n8n-answer-first-e2e-',
      credential: CRED,
      workflows: answerFirstWorkflows(CRED),
      clock,
    });
    store = setup.store;
    store.setPhpWorkers(PHP_WORKERS);
    server = await clock.timed('n8n start to ready', () => startN8n({ ...setup.home, readyTimeoutMs: 180_000 }));
    session = (await ensureOwner(server)).session;
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await setup?.close();
    clock.print();
  });

  const check = (fn: () => Promise<void>) => withOutput(() => [['n8n', server?.output()]], fn);

  it(
    'answers first: 10 purchases, 2 at a time, each answered 200 within 1.5 s, 10 executions marked verified',
    check(async () => {
      await expectBurstAnsweredFirst(ctx, store, ANSWER_FIRST.verifyOn, clock.timed);
    }),
  );

  it(
    'answers first with verification off too (for comparison): 10 purchases answered within 1.5 s, 10 executions',
    check(async () => {
      await expectBurstAnsweredFirst(ctx, store, ANSWER_FIRST.verifyOff, clock.timed);
    }),
  );
});
