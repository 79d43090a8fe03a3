/** jest's global tear-down for the e2e run: stops the shared n8n and queue-mode stack that ./globalSetup.ts started. */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { N8nInstance } from '../../../scripts/n8n/instance';
import { PROBE_CACHE_ENV } from './probe';
import { SHARED_N8N_ENV, stopSharedN8n } from './sharedN8n';
import { SHARED_QUEUE_ENV, stopSharedQueueMode, type RunningQueueMode } from './sharedQueueMode';

export default async function globalTeardown(): Promise<void> {
  const shared = globalThis as { sharedN8n?: N8nInstance; sharedQueueMode?: RunningQueueMode };
  await Promise.all([
    shared.sharedN8n && stopSharedN8n(shared.sharedN8n),
    shared.sharedQueueMode && stopSharedQueueMode(shared.sharedQueueMode),
  ]);
  for (const variable of [SHARED_N8N_ENV, SHARED_QUEUE_ENV]) {
    const state = process.env[variable];
    if (state) rmSync(path.dirname(state), { recursive: true, force: true });
  }
  const probes = process.env[PROBE_CACHE_ENV];
  if (probes) rmSync(probes, { recursive: true, force: true });
}
