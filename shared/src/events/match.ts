import { toText } from '../resources/coerce';
import { PURCHASE_KINDS } from './catalogue';
import type { EventRecord } from './record';

/** What a trigger was set up for. Empty product / plans mean "any". */
export interface EventFilters {
  event: string;
  productId?: number | string | null;
  /** Plan ids, and/or `bump`, `upsell`, `downsell`. */
  planIds?: readonly string[];
}

/**
 * Whether a delivered record fits a trigger. The store already filters by its hook; this guards
 * against deliveries meant for another trigger (a shared URL, a test event, a store that ignores
 * filters). A field the record does not carry cannot rule it out (leads carry no plan).
 */
export function matchesFilters(record: EventRecord, filters: EventFilters): boolean {
  if (record.trigger && record.trigger !== filters.event) return false;
  const productId = toText(filters.productId ?? '')?.trim();
  if (productId) {
    const products = productsOf(record);
    if (products.length > 0 && !products.includes(productId)) return false;
  }
  const plans = (filters.planIds ?? []).map((id) => id.trim()).filter(Boolean);
  if (plans.length > 0) {
    const offered = plansOf(record);
    if (offered.length > 0 && !offered.some((id) => plans.includes(id))) return false;
  }
  return true;
}

function items(record: EventRecord): Record<string, unknown>[] {
  return Array.isArray(record.items) ? (record.items as unknown as Record<string, unknown>[]) : [];
}

/** The main product and every product bought with it (a bump matches its product filter). */
function productsOf(record: EventRecord): string[] {
  return [record.product_id, ...items(record).map((item) => item.product_id)]
    .map((id) => toText(id))
    .filter((id): id is string => Boolean(id));
}

/** The plan id, plus how things were bought (`bump`, `upsell`, `downsell`) where the payload says. */
function plansOf(record: EventRecord): string[] {
  const kinds = [
    record.order_type,
    record.purchase_type,
    ...items(record).map((item) => item.purchase_type ?? item.item_type),
  ]
    .map((kind) => toText(kind))
    .filter((kind): kind is string => (PURCHASE_KINDS as readonly string[]).includes(kind ?? ''));
  const plan = toText(record.payment_plan_id);
  return [...(plan ? [plan] : []), ...kinds];
}
