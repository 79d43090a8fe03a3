/** Store times as instants (docs/dates.md): the zone facts, the conversion, and date inputs. */
export { type SiteZone, zoneFromIndex, zoneLabel } from './zone';
export { utcInstant, localInstant } from './instant';
export { isInstantField, withInstants, withoutInstants } from './fields';
export { siteDayOf } from './input';
