/** jest's global tear-down for the e2e run: stops the shared n8n that ./globalSetup.ts started. */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { N8nInstance } from '../../../scripts/n8n/instance';
import { PROBE_CACHE_ENV } from './probe';
import { SHARED_N8N_ENV, stopSharedN8n } from './sharedN8n';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { sharedN8n?: N8nInstance }).sharedN8n;
  if (server) await stopSharedN8n(server);
  const state = process.env[SHARED_N8N_ENV];
  if (state) rmSync(path.dirname(state), { recursive: true, force: true });
  const probes = process.env[PROBE_CACHE_ENV];
  if (probes) rmSync(probes, { recursive: true, force: true });
}
