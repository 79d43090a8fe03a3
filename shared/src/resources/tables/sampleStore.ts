/**
 * The store every sample comes from (the record resources' `<RESOURCE>_SAMPLE`, and the event samples
 * built on them): its site, its time zone and the buyer of its sample sales. A sample record is written
 * as this store holds it: amounts in its currency's units, times as the store writes them (site-local or
 * UTC, per field); the client's form is derived (`RESOURCE_SAMPLES`, `EVENT_SAMPLES`).
 */
import type { SiteZone } from '../../dates/zone';

/** In New York: its local times are five hours behind the UTC ones in November. */
export const SAMPLE_ZONE: SiteZone = { kind: 'named', name: 'America/New_York' };

export const SAMPLE_SITE = 'https://shop.example.com';

export const SAMPLE_BUYER = {
  customer_firstname: 'Maya',
  customer_lastname: 'Lopez',
  customer_name: 'Maya Lopez',
  customer_email: 'maya.lopez@example.com',
};
