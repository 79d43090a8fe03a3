/**
 * The Polling Trigger across a New York store's midnight in a real n8n (2.41.1, scripts/n8n; the run's shared n8n), against
 * the sandbox's `real` profile with its clock set to 23:57 New York (04:57 UTC): two purchases before
 * the store's midnight and two after it are each emitted once, nothing twice, with `date` on the
 * store's two days and `date_time_iso` the UTC instant of each (docs/dates.md#polling). Polls
 * are driven by re-activation (n8n polls when it activates a workflow), not by the clock.
 *
 * Where n8n cannot be installed, prints `SKIPPED: <reason>`. N8N_E2E_VERBOSE=1 streams n8n's output.
 */
import type { Sandbox } from '../../sandbox';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { activateWorkflow, deactivateWorkflow } from '../../scripts/n8n/instance';
import { emissions, newestOrderId, ordersAfter, pollingWorkflow, pollNow } from './support/polling';
import { describeIf, probe } from './support/probe';
import { useSharedN8n } from './support/sharedN8n';

const WF = 'e2ePollMidnight1';

const describeN8n = describeIf(probe(['n8n']), `n8n polling across midnight (real n8n ${N8N_VERSION})`);

describeN8n(`Polling Trigger across the store's midnight in n8n ${N8N_VERSION}`, () => {
  const n8n = useSharedN8n('n8n polling across midnight e2e');
  let store: Sandbox;

  beforeAll(async () => {
    store = await n8n.sandbox({ profile: 'real' });
    const credential = await n8n.addCredential(store, 'Sandbox for polling across midnight');
    await n8n.addWorkflows([pollingWorkflow(WF, 'purchased', credential)]);
  }, 60_000);

  const items = async (): Promise<Array<Record<string, unknown>>> =>
    (await emissions(n8n.session, WF)).flatMap((emission) => emission.items);

  it(
    'two purchases before and two after 00:00 in New York: each emitted once, on the store days, with UTC instants',
    n8n.check(async () => {
      store.setClock('2026-11-24T04:57:00Z');
      const before = await newestOrderId(store);
      await n8n.timed('activate (first poll)', () => activateWorkflow(n8n.session, WF));
      expect(await items()).toEqual([]);

      for (let n = 0; n < 2; n += 1) await store.fireEvent({ type: 'purchased' });
      const evening = await ordersAfter(store, before);
      // Polls driven by n8n's own means (re-activation polls at once), not by the clock; the scheduled
      // poll is covered by n8nPolling.e2e.ts.
      await n8n.timed('23:58 and 23:59 to emitted (a poll)', () => pollNow(n8n.session, WF, evening.length));
      for (let n = 0; n < 2; n += 1) await store.fireEvent({ type: 'purchased' });
      const all = await ordersAfter(store, before);
      expect(all.length).toBeGreaterThanOrEqual(4);
      await n8n.timed('00:00 and 00:01 to emitted (a poll)', () => pollNow(n8n.session, WF, all.length));
      // One more poll: nothing new, nothing twice (an extra item would be emitted within seconds).
      await pollNow(n8n.session, WF, all.length + 1, 5000);
      await deactivateWorkflow(n8n.session, WF);

      const emitted = await items();
      expect(emitted.map((item) => item.id)).toEqual(all);
      const newYorkDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });
      for (const item of emitted) {
        expect(item.date_time_iso).toBe(`${String(item.date_time).replace(' ', 'T')}Z`);
        // The store's day is the New York day of that instant.
        expect(newYorkDay.format(Date.parse(String(item.date_time_iso)))).toBe(item.date);
      }
      expect(new Set(emitted.map((item) => item.date))).toEqual(new Set(['2026-11-23', '2026-11-24']));
    }),
    120_000,
  );
});
