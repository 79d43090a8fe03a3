// Own n8n process: the scheduler settings are read at start only, and a test kills n8n with SIGKILL.
/**
 * The Commerce Service Polling Trigger on n8n's durable scheduler with durable cursors (n8n 2.41,
 * support/durableScheduler.ts; docs/n8n-3.md says why it is tested), in one n8n process
 * (SQLite) against the sandbox store (real profile). Poll Time: every minute, the shortest n8n allows.
 * Checked: the settings took effect (no warning that they did not; the cursor is in n8n's
 * `poller_state`); the first poll at activation emits nothing from before; purchases are each emitted
 * once by a scheduled poll; n8n killed with SIGKILL while a poll waits for the store, then started
 * again: the purchases that poll was reading are emitted once by the next poll, and the next normal
 * poll after that emits only what is new. Nothing lost, nothing repeated.
 *
 * About 4 to 5 minutes (polls run once a minute). Where n8n cannot be had, this prints `SKIPPED: <reason>`
 * (fails under CI=true). N8N_E2E_VERBOSE=1 streams n8n's output; N8N_E2E_KEEP=1 keeps the user folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Sandbox, startSandbox } from '../../sandbox';
import { ensureN8n, N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  ensureOwner,
  saveCredential,
  saveWorkflow,
  startN8n,
  waitForPublished,
  type N8nHome,
  type N8nInstance,
  type RestSession,
} from '../../scripts/n8n/instance';
import { sandboxCredential } from '../../scripts/start/examples';
import {
  DURABLE_SCHEDULER_ENV,
  killInTheMiddleOfAPoll,
  ordersCursor,
  schedulerOffLines,
  sqlitePollerCursor,
} from './support/durableScheduler';
import { describeIf, probe } from './support/probe';
import { emissions, pollingWorkflow, purchase, waitForEmissions, type Emission } from './support/polling';
import { buildN8n } from './support/globalSetup';
import { ROOT, timer, withOutput } from './support/steps';

const TITLE = `n8n ${N8N_VERSION} durable scheduler (one process, SQLite): the polling trigger`;
const CRED_NAME = 'Sandbox for the durable scheduler';
const WF = 'e2eDurablePurch1';
const VERBOSE = Boolean(process.env.N8N_E2E_VERBOSE);

const describeN8n = describeIf(probe(['n8n']), 'durable scheduler end-to-end tests');

const itemIds = (list: Emission[]) => list.flatMap((emission) => emission.items.map((item) => item.id));

describeN8n(TITLE, () => {
  const clock = timer('durable scheduler e2e');
  const timed = clock.timed;
  let store: Sandbox;
  let home: N8nHome;
  let server: N8nInstance | undefined;
  let session: RestSession;
  /** Every line each n8n process printed, the killed one's too. */
  const lines: string[] = [];
  let userFolder = '';

  const check = (fn: () => Promise<void>) => withOutput(() => [['n8n', server?.output()]], fn);

  async function start(port?: number): Promise<void> {
    server = await timed(port ? 'n8n start again to ready' : 'n8n start to ready', () =>
      startN8n({ ...home, ...(port ? { port } : {}), readyTimeoutMs: 180_000 }),
    );
    session = (await ensureOwner(server)).session;
  }

  beforeAll(async () => {
    const install = await timed('ensureN8n (cached)', () => ensureN8n());
    await timed('npm run build:n8n (unless the global set-up did)', buildN8n);
    store = await startSandbox({ port: 0, profile: 'real', quiet: true });
    userFolder = mkdtempSync(path.join(tmpdir(), 'n8n-durable-e2e-'));
    home = {
      install,
      userFolder,
      customExtensions: path.join(ROOT, 'n8n', 'dist'),
      env: { ...DURABLE_SCHEDULER_ENV },
      log: (line: string) => {
        lines.push(line);
        if (VERBOSE) process.stderr.write(`${line}\n`);
      },
    };
    await start();
    await timed('save credential and workflow (REST)', async () => {
      const credential = await saveCredential(session, { ...sandboxCredential(store), name: CRED_NAME });
      // n8n 2.x keeps the id: poller_state is read by it and by the trigger node's id derived from it.
      const saved = await saveWorkflow(session, pollingWorkflow(WF, 'purchased', credential));
      if (saved !== WF) throw new Error(`n8n saved workflow ${WF} as ${saved}: poller_state would not be found`);
    });
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    await store?.close();
    if (userFolder && !process.env.N8N_E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
    else if (userFolder) process.stderr.write(`kept n8n user folder ${userFolder}\n`);
    clock.print();
  }, 120_000);

  let firstPurchases: number[] = [];

  it(
    'durable scheduler: the first poll at activation emits nothing from before; purchases are each emitted once by the next scheduled poll, the cursor kept in n8n’s poller_state',
    check(async () => {
      await timed('activate (first poll, by the scheduler)', () => activateWorkflow(session, WF));
      expect(schedulerOffLines(lines)).toEqual([]);
      expect(await emissions(session, WF)).toEqual([]);

      firstPurchases = await purchase(store, 2);
      const first = await timed('2 purchases to emitted (next minute poll)', () => waitForEmissions(session, WF, 2));
      expect(itemIds(first)).toEqual(firstPurchases);
      expect(first.every((e) => e.execution.status === 'success' && e.execution.mode === 'trigger')).toBe(true);

      // A scheduled poll reading the cursor the one before committed: the next test's last poll (after the
      // restart) proves it, so it is not waited for here as well.

      // The trigger's state is n8n's durable cursor now: one poller_state row, at the newest purchase.
      const cursor = await sqlitePollerCursor(home.install, userFolder, WF);
      expect(ordersCursor(cursor)).toBe(Math.max(...firstPurchases));
    }),
    420_000,
  );

  it(
    'durable scheduler: n8n killed with SIGKILL in the middle of a poll, then started again: the purchases that poll was reading are emitted once, nothing lost, nothing repeated',
    check(async () => {
      const running = server as N8nInstance;
      const boughtBeforeKill = await purchase(store, 2);
      const waited = await timed('wait for the next poll, SIGKILL while it waits for the store', () =>
        killInTheMiddleOfAPoll(store, running.pid),
      );
      process.stderr.write(`killed ${waited} ms after the store was told to hold the poll's request\n`);
      await running.stop(); // the group is gone already: this only reaps it

      await start(running.port);
      await waitForPublished(session, WF, 60_000);
      const recovered = await timed('purchases of the killed poll to emitted (a poll after the restart)', () =>
        waitForEmissions(session, WF, firstPurchases.length + 2, 240_000),
      );
      expect(itemIds(recovered)).toEqual([...firstPurchases, ...boughtBeforeKill]);

      const after = await purchase(store, 1);
      const all = await timed('a purchase after the restart to emitted (next normal poll)', () =>
        waitForEmissions(session, WF, firstPurchases.length + 3),
      );
      // Each purchase exactly once, in order: before the kill, the killed poll's, after the restart.
      expect(itemIds(all)).toEqual([...firstPurchases, ...boughtBeforeKill, ...after]);
      expect(all.every((e) => e.execution.status === 'success')).toBe(true);
      expect(ordersCursor(await sqlitePollerCursor(home.install, userFolder, WF))).toBe(after[0]);
      expect(schedulerOffLines(lines)).toEqual([]);
    }),
    600_000,
  );
});
