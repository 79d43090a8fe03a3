/**
 * Order → Get Sales Summary in a real n8n (the run's shared n8n), in one manual run against two sandbox
 * stores (spec: decimals, UTC; real: cents, New York): a Custom period, and Yesterday with
 * Subscriptions (MRR) off. Each summary is checked against the store's own orders and subscriptions,
 * read here with the shared client and summed by their site-local `date` (docs/sales-summary.md).
 *
 * Where n8n cannot be installed, this prints `SKIPPED: <reason>` and skips (fails under CI=true).
 */
import type { Sandbox, SandboxProfile } from '../../sandbox';
import { type Order, type Subscription, collect } from '@commerce-service/shared';
import { N8N_VERSION } from '../../scripts/n8n/install';
import { nodeOutput, type N8nWorkflowJson } from '../../scripts/n8n/instance';
import { NODE_TYPES, type CredentialRef } from '../../scripts/start/examples';
import { clientFor } from './n8n/expected';
import { manualStart } from '../../scripts/kit/workflows';
import { manualRun } from './support/installed';
import { describeIf, probe } from './support/probe';
import { expectedCustomSummary } from './support/salesTotals';
import { useSharedN8n } from './support/sharedN8n';
import { SharedRun } from './support/steps';

const PROFILES: readonly SandboxProfile[] = ['spec', 'real'];
const WORKFLOW_ID = 'e2eSalesSummary01';
const MONTHS: Record<string, number> = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 };

const nodeName = (profile: SandboxProfile, node: string) => `${profile} ${node}`;

function summaryWorkflow(
  periods: Record<SandboxProfile, { from: string; to: string }>,
  credentials: Record<SandboxProfile, CredentialRef>,
): N8nWorkflowJson {
  const nodes: Array<Record<string, unknown>> = [manualStart(WORKFLOW_ID)];
  for (const [p, profile] of PROFILES.entries()) {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['Custom', { period: 'custom', ...periods[profile] }],
      ['Yesterday', { period: 'yesterday', subscriptions: false }],
    ];
    for (const [i, [name, parameters]] of cases.entries()) {
      nodes.push({
        id: `${WORKFLOW_ID}-${p}-${i}`,
        name: nodeName(profile, name),
        type: NODE_TYPES.action,
        typeVersion: 2,
        position: [300 + p * 300, i * 120],
        parameters: { resource: 'order', operation: 'getSalesSummary', ...parameters },
        credentials: { commerceServiceApi: credentials[profile] },
      });
    }
  }
  return {
    id: WORKFLOW_ID,
    name: 'e2e: sales summary',
    nodes,
    connections: {
      Start: { main: [nodes.slice(1).map((node) => ({ node: String(node.name), type: 'main', index: 0 }))] },
    },
    settings: { executionOrder: 'v1' },
  };
}

const describeN8n = describeIf(probe(['n8n']), `n8n sales summary end-to-end tests (real n8n ${N8N_VERSION})`);

describeN8n(`n8n ${N8N_VERSION}: Order → Get Sales Summary against sandbox stores`, () => {
  const n8n = useSharedN8n('n8n sales summary e2e');
  const stores = {} as Record<SandboxProfile, Sandbox>;
  const orders = {} as Record<SandboxProfile, Order[]>;
  const subscriptions = {} as Record<SandboxProfile, Subscription[]>;
  const periods = {} as Record<SandboxProfile, { from: string; to: string }>;
  const summaryRun = new SharedRun('the sales summary run succeeded, every node without an error', () =>
    n8n.timed('manual run', () => manualRun(n8n.session, WORKFLOW_ID, 300_000)),
  );

  beforeAll(async () => {
    const credentials = {} as Record<SandboxProfile, CredentialRef>;
    for (const profile of PROFILES) {
      stores[profile] = await n8n.sandbox({ profile, size: 600, seed: 17 });
      const client = clientFor(stores[profile]);
      orders[profile] = await collect(client.iterate((page) => client.listOrders(page)));
      subscriptions[profile] = await collect(client.iterate((page) => client.listSubscriptions(page)));
      const days = orders[profile].map((order) => order.date).sort();
      periods[profile] = { from: days[days.length - 300] ?? '', to: days[days.length - 20] ?? '' };
      credentials[profile] = await n8n.addCredential(stores[profile], `Sales summary sandbox (${profile})`);
    }
    await n8n.addWorkflows([summaryWorkflow(periods, credentials)]);
  }, 300_000);

  it(summaryRun.owner, async () => {
    const result = await summaryRun.run();
    const errors = Object.entries(result.data.resultData.runData)
      .map(([node, runs]) => [node, runs[0]?.error ?? null] as const)
      .filter(([, error]) => error !== null);
    expect({ status: result.status, errors }).toEqual({ status: 'success', errors: [] });
  });

  describe.each(PROFILES)('%s profile', (profile) => {
    it("a Custom sales summary gives the store's own totals, and MRR over every subscription", async () => {
      const result = await summaryRun.read();
      const { from, to } = periods[profile];
      let mrr = 0;
      for (const subscription of subscriptions[profile]) {
        const months = MONTHS[subscription.interval];
        if (!['active', 'past_due'].includes(subscription.status) || months === undefined) continue;
        mrr += Math.round(subscription.amount * 100) / (months * Number(subscription.frequency));
      }
      const output = nodeOutput(result, nodeName(profile, 'Custom'));
      expect(output).toHaveLength(1);
      expect(output[0]).toMatchObject({
        ...expectedCustomSummary(orders[profile], from, to),
        mrr: [{ currency: 'USD', mrr: Math.round(mrr) / 100 }],
        subscriptions_read: subscriptions[profile].length,
      });
      expect(String(output[0]?.summary_text)).toMatch(
        /^Custom \(\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\): \d+ orders?, USD /,
      );
    });

    it('a Yesterday sales summary without subscriptions reads no subscription', async () => {
      const [summary] = nodeOutput(await summaryRun.read(), nodeName(profile, 'Yesterday'));
      expect(summary).toMatchObject({
        period: 'yesterday',
        subscriptions_read: 0,
        active_subscriptions: null,
        mrr: [],
      });
      expect(Date.parse(String(summary?.ends_at)) - Date.parse(String(summary?.starts_at))).toBeGreaterThanOrEqual(
        23 * 3_600_000,
      );
    });
  });
});
