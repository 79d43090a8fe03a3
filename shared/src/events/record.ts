import type { Order, Subscription } from '../resources/records';

/**
 * One store event as a trigger emits it: the delivered payload (an Order or a Subscription plus
 * `trigger`), with field types made reliable. Leads carry customer fields only, so all is optional.
 */
export type EventRecord = Partial<Order> &
  Partial<Omit<Subscription, 'invoices'>> & {
    /** The event key, e.g. `purchased`; empty when the store did not say. */
    trigger: string;
    invoices?: Subscription['invoices'];
    [field: string]: unknown;
  };
