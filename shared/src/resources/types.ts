/**
 * The service's resources, with the types docs/service/shapes.md gives them, derived from the field
 * tables (`tables/`). Responses are coerced into these shapes by `coerce.ts` (`coerceRecord`); fields a
 * store sends beyond those pass through untouched.
 */
import type { RecordOf } from './table';
import type * as Tables from './tables';

export type Customer = RecordOf<typeof Tables.CUSTOMER_FIELDS>;
export type Order = RecordOf<typeof Tables.ORDER_FIELDS>;
export type Subscription = RecordOf<typeof Tables.SUBSCRIPTION_FIELDS>;
export type Product = RecordOf<typeof Tables.PRODUCT_FIELDS>;
/** The four resources a record is read, picked, linked and simplified as. */
export type RecordResource = 'order' | 'subscription' | 'customer' | 'product';

/** `GET webhook/products/`: one product as the webhook side lists it. */
export type WebhookProduct = RecordOf<typeof Tables.WEBHOOK_FIELDS.product>;
/** `GET webhook/plans/`: a plan, or one of the purchase kinds `bump`, `upsell`, `downsell`. */
export type WebhookPlan = RecordOf<typeof Tables.WEBHOOK_FIELDS.plan>;
/** `POST webhook/latest-orders/`: the latest-order record; real stores send more, it passes through. */
export type LatestOrder = RecordOf<typeof Tables.WEBHOOK_FIELDS.latestOrder> & { [extra: string]: unknown };
