/** Store times as instants (docs/dates.md): what the adapters and scripts use of them. */
export { type SiteZone } from './zone';
export { withInstants, withoutInstants } from './fields';
