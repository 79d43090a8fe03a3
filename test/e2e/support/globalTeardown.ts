/** jest's global tear-down for the e2e run: stops the shared n8n that ./globalSetup.ts started. */
import type { N8nInstance } from '../../../scripts/n8n/instance';
import { stopSharedN8n } from './sharedN8n';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { sharedN8n?: N8nInstance }).sharedN8n;
  if (server) await stopSharedN8n(server);
}
