/**
 * One `npm start` run, the same path in both modes: the sandbox store (its dashboard's address is the
 * first line printed), then the n8n plan of the topology with the package, the sandbox credential and
 * the example workflows, then the banner. Where n8n or a service cannot be had, the sandbox keeps
 * running and the banner says why.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { ensureN8n } from '../n8n/install';
import { ToolchainUnavailableError } from '../toolchain';
import { ServiceUnavailableError } from '../services/errors';
import { portInUse } from '../services/ports';
import { bannerLines, type BannerN8n } from './banner';
import type { StartConfig } from './config';
import { EXAMPLE_CREDENTIAL, loadExamples } from './examples';
import { COMMUNITY_PACKAGES_ENV, installRelease, releaseLocally } from './localRelease';
import { openN8nStack } from './n8nStack';
import { ownerLogin } from './owner';
import { activateExamples, importExampleCredential, saveExamples } from './setupExamples';
import type { Teardown } from './teardown';
import { fixedPorts, topologyFor, type N8nPlan, type Topology } from './topology';

type Say = (line: string) => void;

interface Run {
  config: StartConfig;
  teardown: Teardown;
  say: Say;
  step: Say;
}

export async function runMainJob(config: StartConfig, teardown: Teardown, say: Say): Promise<void> {
  const run: Run = { config, teardown, say, step: (line) => say(`» ${line}`) };
  const topology = topologyFor(config);
  const started = Date.now();
  const sandbox = await startStore(run, topology);
  run.step(
    `Dashboard ${sandbox.url}/ : the sandbox store (profile ${config.profile}) is up (${Date.now() - started} ms)`,
  );

  const n8n = topology.n8n ? await startN8nPart(run, topology.n8n, sandbox) : { missing: 'not started (--no-n8n)' };
  teardown.check();
  say(
    bannerLines({
      sandbox: { url: sandbox.url, apiRoot: sandbox.apiRoot, apiKey: sandbox.apiKey, profile: config.profile },
      n8n,
    }).join('\n'),
  );
}

async function startStore({ config, teardown }: Run, topology: Topology): Promise<Sandbox> {
  try {
    const sandbox = await startSandbox({
      port: topology.sandbox.port.number,
      profile: topology.sandbox.profile,
      quiet: !config.verbose,
      ...(config.apiKey !== undefined ? { apiKey: config.apiKey } : {}),
      ...(config.size !== undefined ? { size: config.size } : {}),
      ...(config.seed !== undefined ? { seed: config.seed } : {}),
    });
    teardown.add(() => sandbox.close(), 'Sandbox stopped.');
    return sandbox;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const { number, variable } = topology.sandbox.port;
    throw new Error(`port ${number} is in use: stop what runs there, or set ${variable}`);
  }
}

/** n8n's part of the banner, or why n8n is not running when it (or a service) cannot be had here. */
async function startN8nPart(run: Run, plan: N8nPlan, sandbox: Sandbox): Promise<BannerN8n | { missing: string }> {
  try {
    return await startN8nWithExamples(run, plan, sandbox);
  } catch (error) {
    if (!(error instanceof ToolchainUnavailableError || error instanceof ServiceUnavailableError)) throw error;
    run.say(`\nSKIPPED n8n: ${error.message}\nThe sandbox keeps running without it.`);
    return { missing: `n8n cannot run here: ${error.message}` };
  }
}

const SERVICE_NAMES = { postgres: 'Postgres', redis: 'Redis' } as const;

async function startN8nWithExamples(run: Run, plan: N8nPlan, sandbox: Sandbox): Promise<BannerN8n> {
  const { config, teardown, say, step } = run;
  for (const { number, variable } of fixedPorts(plan)) {
    if (await portInUse(number))
      throw new Error(`port ${number} is in use (another n8n?): stop it, or set ${variable}`);
  }
  const mode = plan.mode === 'queue' ? ' in queue mode' : '';
  step(`n8n ${plan.version}${mode}: checking the install (the first run installs it: a few minutes, about 2.2 GB)`);
  const install = await ensureN8n({ log: (line) => say(`  ${line}`) });
  teardown.check();
  step(`Packing ${plan.package.name} (npm run build:n8n, npm pack)`);
  const release = await releaseLocally(teardown);
  teardown.check();

  if (plan.services.length) {
    const names = plan.services.map((name) => SERVICE_NAMES[name]).join(' and ');
    step(`Starting ${names} (installed with apt-get when missing and possible)`);
  }
  const stack = await openN8nStack(plan, {
    install,
    env: COMMUNITY_PACKAGES_ENV,
    teardown,
    setupLog: (line) => say(`  ${line}`),
    ...(config.verbose ? { echo: (line: string) => say(`  ${line}`) } : {}),
  });
  teardown.check();
  await importExampleCredential(stack.home, sandbox, step);
  teardown.check();
  step(`Installing ${release.name}@${release.version} from its tarball into n8n's community nodes`);
  for (const folder of stack.userFolders) await installRelease(folder, release);
  teardown.check();

  step(`Starting ${plan.processes.map((p) => p.label).join(', ')} (their log: ${stack.logFile})`);
  await stack.start();
  teardown.check();
  const owner = await ownerLogin(stack.editor, {
    ...(config.ownerEmail ? { email: config.ownerEmail } : {}),
    ...(config.ownerPassword ? { password: config.ownerPassword } : {}),
  });
  const saved = await saveExamples(owner.session, stack.home.userFolder, step);
  teardown.check();
  const active = await activateExamples(owner.session, saved, plan.webhookBase, step);
  return {
    version: plan.version,
    editorUrl: plan.editorUrl,
    owner: { email: owner.email, password: owner.password },
    credential: EXAMPLE_CREDENTIAL.name,
    package: `${release.name}@${release.version}, installed from ${plan.package.from}`,
    workflows: loadExamples().map((wf) => wf.name),
    active,
    data: plan.data.kept
      ? `${plan.data.folder} (kept between runs; delete it to start over)`
      : 'a throwaway Postgres database: nothing is kept after Ctrl-C',
    mode: plan.mode,
    where: stack.describe(),
  };
}
