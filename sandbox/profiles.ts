import type { Deviations, SandboxProfile } from './types';

const SPEC: Deviations = {
  emptyValidateBody: false,
  numericSubscribeId: false,
  brokenWebhookDelete: false,
  zapDeleteRoute: false,
  subscribeErrorAs404: false,
  noOrdersAs404: false,
  centsInRest: false,
  nullPlansWithoutProduct: false,
  downsellPlanEntry: false,
  richLatestOrders: false,
  realStatusFilter: false,
  bumpMatchesProduct: false,
  noPagingHeadersWhenEmpty: false,
  secretInDeliveries: false,
  plainPermalinks: false,
};

/** Everything docs/service/real-stores.md describes. Plain permalinks stay off: most real sites have pretty ones. */
const REAL: Deviations = {
  emptyValidateBody: true,
  numericSubscribeId: true,
  brokenWebhookDelete: true,
  zapDeleteRoute: true,
  subscribeErrorAs404: true,
  noOrdersAs404: true,
  centsInRest: true,
  nullPlansWithoutProduct: true,
  downsellPlanEntry: true,
  richLatestOrders: true,
  realStatusFilter: true,
  bumpMatchesProduct: true,
  noPagingHeadersWhenEmpty: true,
  secretInDeliveries: true,
  plainPermalinks: false,
};

export const DEVIATION_KEYS = Object.keys(SPEC) as (keyof Deviations)[];

export function deviationsFor(profile: SandboxProfile): Deviations {
  return { ...(profile === 'real' ? REAL : SPEC) };
}

export function isProfile(value: unknown): value is SandboxProfile {
  return value === 'spec' || value === 'real';
}
