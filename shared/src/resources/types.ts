/**
 * What the webhook side reads, with the types docs/service/shapes.md gives them, derived from its field
 * tables (`tables/webhook.ts`); each record resource's type stands beside its own table. Responses are
 * read into these shapes by the record builder (`build.ts`, with `coerce.ts`); fields a store sends
 * beyond those pass through untouched.
 */
import type { RecordOf } from './table';
import type * as Tables from './tables';

/** `GET webhook/products/`: one product as the webhook side lists it. */
export type WebhookProduct = RecordOf<typeof Tables.WEBHOOK_FIELDS.product>;
/** `GET webhook/plans/`: a plan, or one of the purchase kinds `bump`, `upsell`, `downsell`. */
export type WebhookPlan = RecordOf<typeof Tables.WEBHOOK_FIELDS.plan>;
/** `POST webhook/latest-orders/`: the latest-order record; real stores send more, it passes through. */
export type LatestOrder = RecordOf<typeof Tables.WEBHOOK_FIELDS.latestOrder> & { [extra: string]: unknown };
