/** Store times as instants (docs/dates.md): the zone facts, the conversion, and date inputs. */
export { type SiteZone, type ZoneReading, zoneFromIndex, zoneLabel, offsetAt, offsetText, isKnownZone } from './zone';
export { utcInstant, localInstant, localInstantMs, instantIn, siteDay, wallTime } from './instant';
export {
  type InstantOptions,
  INSTANT_SUFFIX,
  instantKey,
  isInstantField,
  withInstant,
  withInstants,
  withoutInstants,
} from './fields';
export { siteDayOf, type DayReading, type DateInput } from './input';
