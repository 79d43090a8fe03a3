/**
 * A burst of purchases into a real n8n in queue mode, side by side: n8n's own Webhook node (versions 2
 * and 1) against the Commerce Service Trigger with verification on and off, on the same stack, one
 * after the other. 120
 * purchases at 20 a second from the sandbox (in this process, PHP workers unlimited), each delivery
 * waiting at most the store's 5 s; for each node: how many were answered in time, the store's wait
 * (median, p95, max), the executions, and the webhook processor's CPU from the first purchase to the
 * last execution. Twice: with n8n's default settings, and with lazy expression sandboxes on the
 * webhook processor (SETTINGS). `--build <ref>` (repeatable) measures the package at those commits
 * instead of this checkout.
 *
 * The stack is scripts/n8n/queue.ts (Postgres, Redis, main, one worker, one webhook processor), the
 * one the e2e tests use; test/e2e/queueModeBurst.e2e.ts holds the same burst to its correctness
 * (every delivery answered in time, every purchase run once), never to these figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../sandbox';
import { answerLine, BURST, treeCpuSeconds } from '../kit/burst';
import {
  runBurst,
  triggerNodeWorkflow,
  TRIGGER_NODE,
  TRIGGER_NODE_UNVERIFIED,
  webhookNodeWorkflow,
  WEBHOOK_NODE,
  WEBHOOK_NODE_V1,
  type BurstStack,
} from '../kit/burstIntoN8n';
import { ensureN8n, type N8nInstall } from '../n8n/install';
import { ensureOwner, saveCredential, saveWorkflow } from '../n8n/instance';
import { prepareQueueMode } from '../n8n/queue';
import { sandboxCredential } from '../start/examples';
import { buildAt, buildPackage, type PackageBuild } from './packageBuild';

/**
 * The webhook processor's settings a burst runs under: n8n's defaults, and lazy expression sandboxes.
 * n8n 2.41 skips the per-request sandbox for its own Webhook node only (`webhookPhaseNeedsIsolate`);
 * for any other start node it builds one per request, from a pool of 1, and holds it until
 * `webhook()` returns. Lazily, a sandbox is built only for an expression that needs one. Seen here
 * (one run): by default the trigger's answers took a median of 501 ms and the webhook processor
 * 7.8 CPU-s, the Webhook node's 34 ms and 1.9 CPU-s; lazily 11 ms and 1.9 CPU-s, the Webhook node's
 * 22 ms and 1.6 CPU-s (docs/queue-mode.md#a-burst-of-purchases).
 */
const SETTINGS: ReadonlyArray<{ label: string; webhookEnv: Record<string, string> }> = [
  // n8n's default, which the stack of scripts/n8n/queue.ts (as docs/queue-mode.md advises) changes.
  { label: "n8n's default settings", webhookEnv: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'false' } },
  {
    label: 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true on the webhook processor',
    webhookEnv: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
  },
];

/** One stack with the package at `dist`: both bursts, their figures printed as they come. */
async function burstsOn(
  install: N8nInstall,
  dist: string,
  folder: string,
  webhookEnv: Record<string, string>,
): Promise<void> {
  const qm = await prepareQueueMode({
    install,
    baseFolder: folder,
    customExtensions: dist,
    readyTimeoutMs: 240_000,
    roleEnv: { webhook: webhookEnv },
  });
  const store = await startSandbox({ port: 0, quiet: true, profile: 'spec' });
  try {
    await qm.startN8n();
    const { session } = await ensureOwner(qm.mainInstance());
    const { data, type } = sandboxCredential(store);
    const credential = await saveCredential(session, { name: 'Bench store', type, data });
    await saveWorkflow(session, webhookNodeWorkflow());
    await saveWorkflow(session, webhookNodeWorkflow(WEBHOOK_NODE_V1, 1));
    await saveWorkflow(session, triggerNodeWorkflow(credential));
    await saveWorkflow(session, triggerNodeWorkflow(credential, TRIGGER_NODE_UNVERIFIED));
    const stack: BurstStack = {
      session,
      postgres: qm.postgres,
      webhookUrl: (...parts) => qm.webhookUrl(...parts),
      webhookCpuSeconds: async () => treeCpuSeconds(qm.webhook.pid),
    };
    for (const [label, target] of [
      ["n8n's Webhook node", WEBHOOK_NODE],
      ["n8n's Webhook node, version 1", WEBHOOK_NODE_V1],
      ['Commerce Service Trigger, verification on', TRIGGER_NODE],
      ['Commerce Service Trigger, verification off', TRIGGER_NODE_UNVERIFIED],
    ] as const) {
      const outcome = await runBurst(stack, store, target);
      console.log(answerLine(label, { ...outcome, executions: outcome.executions.length }));
    }
  } finally {
    await store.close();
    await qm.stop();
  }
}

export async function burst(options: { refs?: string[] } = {}): Promise<void> {
  const builds: PackageBuild[] = options.refs?.length
    ? await Promise.all(options.refs.map(buildAt))
    : [{ label: 'the package, this checkout' }];
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-burst-'));
  try {
    const install = await ensureN8n();
    for (const build of builds) {
      const dist = await buildPackage(build, dir);
      for (const [i, settings] of SETTINGS.entries()) {
        console.log(
          `\n${BURST.purchases} purchases at ${BURST.perSecond}/s into n8n ${install.version} in queue mode (one webhook processor), the store waiting 5 s for each answer; ${build.label}; ${settings.label}:`,
        );
        await burstsOn(install, dist, path.join(dir, `stack-${build.ref ?? 'checkout'}-${i}`), settings.webhookEnv);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
