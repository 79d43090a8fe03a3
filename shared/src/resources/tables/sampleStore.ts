/**
 * The store every sample comes from (the field tables' `*_SAMPLE` records, and the event samples built
 * on them): its site, its time zone and the buyer of its sample sales.
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
