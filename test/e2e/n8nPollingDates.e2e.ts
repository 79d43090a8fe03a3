/**
 * The Polling Trigger across a New York store's midnight in a real n8n (2.41.1, scripts/n8n), against
 * the sandbox's `real` profile with its clock set to 23:57 New York (04:57 UTC): two purchases before
 * the store's midnight and two after it are each emitted once, nothing twice, with `date` on the
 * store's two days and `date_time_iso` the UTC instant of each (docs/dates.md#polling).
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams n8n's output.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import {
  activateWorkflow,
  ensureOwner,
  startN8n,
  type N8nInstance,
  type RestSession,
} from '../../scripts/n8n/instance';
import type { CredentialRef } from '../../scripts/start/examples';
import { emissions, newestOrderId, ordersAfter, pollingWorkflow, waitForEmissions } from './support/polling';
import { describeIf, probe } from './support/probe';
import { prepareSandboxedN8n, type SandboxedN8n } from './support/sandboxedN8n';
import { sleep, timer, withOutput } from './support/steps';

const CRED: CredentialRef = { id: 'e2ePollDates0001', name: 'Sandbox for polling across midnight' };
const WF = 'e2ePollMidnight1';

const describeN8n = describeIf(probe(['n8n']), `n8n polling across midnight (real n8n ${N8N_VERSION})`);

describeN8n(`Polling Trigger across the store's midnight in n8n ${N8N_VERSION}`, () => {
  let setup: SandboxedN8n;
  let store: Sandbox;
  let server: N8nInstance | undefined;
  let session: RestSession;
  const clock = timer('n8n polling across midnight e2e');

  beforeAll(async () => {
    setup = await prepareSandboxedN8n({
      profile: 'real',
      folderPrefix: 'n8n-poll-dates-e2e-',
      credential: CRED,
      workflows: [pollingWorkflow(WF, 'purchased', CRED)],
      clock,
    });
    store = setup.store;
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await setup?.close();
    clock.print();
  });

  const items = async (): Promise<Array<Record<string, unknown>>> =>
    (await emissions(session, WF)).flatMap((emission) => emission.items);

  it(
    'two purchases before and two after 00:00 in New York: each emitted once, on the store days, with UTC instants',
    withOutput(
      () => [['n8n', server?.output()]],
      async () => {
        store.setClock('2026-11-24T04:57:00Z');
        server = await clock.timed('n8n start to ready', () => startN8n({ ...setup.home, readyTimeoutMs: 180_000 }));
        session = (await ensureOwner(server)).session;
        const before = await newestOrderId(store);
        await clock.timed('activate (first poll)', () => activateWorkflow(session, WF));
        expect(await items()).toEqual([]);

        for (let n = 0; n < 2; n += 1) await store.fireEvent({ type: 'purchased' });
        const evening = await ordersAfter(store, before);
        await clock.timed('23:58 and 23:59 to emitted', () => waitForEmissions(session, WF, evening.length));
        for (let n = 0; n < 2; n += 1) await store.fireEvent({ type: 'purchased' });
        const all = await ordersAfter(store, before);
        expect(all.length).toBeGreaterThanOrEqual(4);
        await clock.timed('00:00 and 00:01 to emitted', () => waitForEmissions(session, WF, all.length));
        // One more minute poll: nothing new, nothing twice.
        await sleep(65_000);

        const emitted = await items();
        expect(emitted.map((item) => item.id)).toEqual(all);
        const newYorkDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });
        for (const item of emitted) {
          expect(item.date_time_iso).toBe(`${String(item.date_time).replace(' ', 'T')}Z`);
          // The store's day is the New York day of that instant.
          expect(newYorkDay.format(Date.parse(String(item.date_time_iso)))).toBe(item.date);
        }
        expect(new Set(emitted.map((item) => item.date))).toEqual(new Set(['2026-11-23', '2026-11-24']));
      },
    ),
    480_000,
  );
});
