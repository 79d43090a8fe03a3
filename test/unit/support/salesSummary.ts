/**
 * A Sales Summary's subscription counts where the store or the chosen product has no subscription:
 * each is 0, never null (docs/sales-summary.md).
 */
export const NO_SUBSCRIPTIONS = {
  active_subscriptions: 0,
  past_due_subscriptions: 0,
  trialing_subscriptions: 0,
  new_subscriptions: 0,
  canceled_subscriptions: 0,
  canceled_without_date: 0,
  not_in_mrr: 0,
};
