/**
 * `npx tsx scripts/registry/cli.ts`: builds and packs the n8n package, starts a local registry with
 * it published, prints the registry's URL and the env an n8n needs to install from it (no secrets:
 * proxy address and certificate paths), and waits; Ctrl-C stops it and removes its files.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { packN8nPackage } from './pack';
import { startRegistry } from './registry';

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const t0 = Date.now();
  const registry = await startRegistry({ log });
  const stop = () => void registry.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  log(`registry up in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${registry.url}`);
  const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-pack-'));
  try {
    const tarball = await packN8nPackage(packDir);
    const published = await registry.publish(tarball);
    log(`published ${published.name}@${published.version}`);
  } finally {
    fs.rmSync(packDir, { recursive: true, force: true });
  }
  process.stdout.write(`${registry.url}\n`);
  for (const [key, value] of Object.entries(registry.n8nEnv)) log(`  ${key}=${value}`);
  log('Give n8n the env above (and N8N_COMMUNITY_PACKAGES_ENABLED=true), then Settings → Community nodes → Install.');
  log('Ctrl-C stops the registry.');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
