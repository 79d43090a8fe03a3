/** Store time is epoch seconds in UTC; the service shows `YYYY-MM-DD HH:MM:SS` and `YYYY-MM-DD`. */
import type { BillingInterval } from '../store/types';
import { localSeconds, type SiteTimezone } from './zone';

export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86400;

export function formatTimestamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** The site's wall time (customers, products, invoices): WordPress post dates and `get_the_date`. */
export function formatLocalTimestamp(seconds: number, zone: SiteTimezone): string {
  return formatTimestamp(localSeconds(zone, seconds));
}

/** The site's calendar day (an order's or subscription's `date`). */
export function formatLocalDate(seconds: number, zone: SiteTimezone): string {
  return formatDate(localSeconds(zone, seconds));
}

export function formatOptionalLocalTimestamp(seconds: number | null, zone: SiteTimezone): string {
  return seconds === null ? '' : formatLocalTimestamp(seconds, zone);
}

export function formatOptionalTimestamp(seconds: number | null): string {
  return seconds === null ? '' : formatTimestamp(seconds);
}

export function formatOptionalDate(seconds: number | null): string {
  return seconds === null ? '' : formatDate(seconds);
}

/** Calendar arithmetic for billing: months and years follow the calendar, like PHP's strtotime. */
export function addInterval(seconds: number, interval: BillingInterval, count: number): number {
  const date = new Date(seconds * 1000);
  switch (interval) {
    case 'day':
      return seconds + count * DAY;
    case 'week':
      return seconds + count * 7 * DAY;
    case 'month':
      date.setUTCMonth(date.getUTCMonth() + count);
      return Math.floor(date.getTime() / 1000);
    case 'year':
      date.setUTCFullYear(date.getUTCFullYear() + count);
      return Math.floor(date.getTime() / 1000);
    default:
      return seconds;
  }
}

/** Parses a strict `YYYY-MM-DD` into the epoch second of its start, or null when it is not a real date. */
export function parseDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / 1000;
}
