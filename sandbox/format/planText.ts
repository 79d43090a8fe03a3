import type { Plan } from '../store/types';
import { formatPrice } from './money';

/** Studiocart's plain payment terms, e.g. `$79.00 / month x 3` or `$29.00 / month with a 7-day free trial`. */
export function paymentTerms(plan: Plan, amountCents: number, currency: string): string {
  if (plan.priceType !== 'recurring') return '';
  const per = plan.frequency > 1 ? `${plan.frequency} ${plan.interval}s` : plan.interval;
  let text = `${formatPrice(amountCents, currency)} / ${per}`;
  if (plan.installments > 1) text += ` x ${plan.installments}`;
  if (plan.trialDays) text += ` with a ${plan.trialDays}-day free trial`;
  if (plan.signupFeeCents) text += ` and a ${formatPrice(plan.signupFeeCents, currency)} sign-up fee`;
  return text;
}
