/**
 * Issue #18 in n8n's queue mode (2.41.1; Postgres, Redis, main + worker + webhook processor, from
 * scripts/n8n/queue.ts) against the sandbox store with two PHP workers: the webhook processor runs the
 * trigger's `webhook()`, which answers each delivery first and verifies after; the worker runs the
 * execution. Ten purchases, two at a time: every delivery answered 200 within 1.5 s, ten executions
 * on the worker, each marked verified; the same with verification off, for comparison.
 *
 * Where n8n, Postgres or Redis cannot be had, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams
 * every process' output; N8N_E2E_KEEP=1 keeps the user folders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '../../sandbox';
import { ensureN8n, N8N_VERSION } from '../../scripts/n8n/install';
import {
  ensureOwner,
  importCredentials,
  importWorkflows,
  type ExecutionDetail,
  type RestSession,
} from '../../scripts/n8n/instance';
import { prepareQueueMode, type QueueMode } from '../../scripts/n8n/queue';
import { sandboxCredential, type CredentialRef } from '../../scripts/start/examples';
import { ANSWER_FIRST, PHP_WORKERS, answerFirstWorkflows, expectBurstAnsweredFirst } from './support/answerFirst';
import { describeIf, probe } from './support/probe';
import { ranOn } from './support/queueMode';
import { npmRun, ROOT, timer, withOutput, type LifecycleContext } from './support/steps';

const VERBOSE = Boolean(process.env.N8N_E2E_VERBOSE);
const CRED: CredentialRef = { id: 'e2eAnswerFirstQ1', name: 'Sandbox with two PHP workers (queue mode)' };

const describeQueue = describeIf(probe(['n8n', 'postgres', 'redis']), 'queue mode answers-first end-to-end tests');

describeQueue(`n8n ${N8N_VERSION} in queue mode answers first, against a store with ${PHP_WORKERS} PHP workers`, () => {
  let store: Sandbox;
  let qm: QueueMode | undefined;
  let session: RestSession;
  let baseFolder = '';
  const clock = timer('queue mode answers-first e2e');

  /** Each execution a purchase started ran on the worker, not on the webhook processor that answered. */
  const ctx: LifecycleContext = {
    session: () => session,
    hookUrl: (webhookId) => (qm as QueueMode).webhookUrl(webhookId, 'webhook'),
    onExecution: (execution: ExecutionDetail) => {
      const topology = qm as QueueMode;
      expect({
        worker: ranOn(topology.worker, execution.id),
        webhook: ranOn(topology.webhook, execution.id),
      }).toEqual({ worker: { started: true, finished: true }, webhook: { started: false, finished: false } });
    },
  };
  const check = (fn: () => Promise<void>) =>
    withOutput(() => {
      const safe = (fn: () => string) => {
        try {
          return fn();
        } catch {
          return undefined; // that process is not running
        }
      };
      return [
        ['n8n main', safe(() => qm?.main.output() ?? '')],
        ['n8n worker', safe(() => qm?.worker.output() ?? '')],
        ['n8n webhook', safe(() => qm?.webhook.output() ?? '')],
      ];
    }, fn);

  beforeAll(async () => {
    const install = await clock.timed('ensureN8n (cached)', () => ensureN8n());
    await clock.timed('npm run build:n8n', () => npmRun('build:n8n'));
    // Spec profile: no secret in deliveries, so each one is verified by a read.
    store = await startSandbox({ port: 0, profile: 'spec', phpWorkers: PHP_WORKERS });
    baseFolder = mkdtempSync(path.join(tmpdir(), 'n8n-answer-first-queue-'));
    const log = VERBOSE ? (line: string) => process.stderr.write(`${line}\n`) : undefined;
    qm = await clock.timed('Postgres + Redis start', () =>
      prepareQueueMode({
        install,
        baseFolder,
        customExtensions: path.join(ROOT, 'n8n', 'dist'),
        ...(log ? { log } : {}),
        readyTimeoutMs: 240_000,
      }),
    );
    const topology = qm;
    await clock.timed('import credential and workflows', async () => {
      await importCredentials(topology.home, [sandboxCredential(store, CRED)]);
      await importWorkflows(topology.home, answerFirstWorkflows(CRED));
    });
    await clock.timed('main, worker and webhook processor to ready', () => topology.startN8n());
    session = (await ensureOwner(topology.mainInstance())).session;
  }, 900_000);

  afterAll(async () => {
    await clock.timed('stop all', async () => qm?.stop());
    await store?.close();
    if (baseFolder && !process.env.N8N_E2E_KEEP) rmSync(baseFolder, { recursive: true, force: true });
    clock.print();
  }, 120_000);

  it(
    'queue mode answers first: 10 purchases, 2 at a time, each answered 200 within 1.5 s, 10 verified executions on the worker',
    check(async () => {
      await expectBurstAnsweredFirst(ctx, store, ANSWER_FIRST.verifyOn, clock.timed);
    }),
  );

  it(
    'queue mode answers first with verification off too (for comparison): 10 purchases answered within 1.5 s, 10 executions',
    check(async () => {
      await expectBurstAnsweredFirst(ctx, store, ANSWER_FIRST.verifyOff, clock.timed);
    }),
  );
});
