import { withInstants } from '../../../shared/src/resources/build';
import { instantOf, siteDayOf } from '../../../shared/src/dates/instant';
import type { SiteZone } from '../../../shared/src/dates/zone';
import { zoneFromIndex } from '../../../shared/src/operations/results';
import { CUSTOMER_FIELDS } from '../../../shared/src/resources/tables/customer';

const NEW_YORK: SiteZone = { kind: 'named', name: 'America/New_York' };
const KOLKATA: SiteZone = { kind: 'named', name: 'Asia/Kolkata' };
const KATHMANDU: SiteZone = { kind: 'named', name: 'Asia/Kathmandu' };

/** A store time on each clock, as the instants step reads it. */
const utcInstant = (text: unknown) => instantOf(text, 'utc', null);
const localInstant = (text: unknown, zone: SiteZone) => instantOf(text, 'site', zone);

/** The instant a string names, for comparisons independent of how the offset is written. */
const at = (iso: string | undefined): string => new Date(iso ?? 'invalid').toISOString();

describe('store times as instants', () => {
  it('gives UTC store times a Z instant, whatever the site zone', () => {
    expect(utcInstant('2026-11-24 04:30:00')).toBe('2026-11-24T04:30:00Z');
    expect(utcInstant('2026-11-24T04:30')).toBe('2026-11-24T04:30:00Z');
  });

  it('gives no instant for empty, zero or impossible times', () => {
    for (const text of ['', '0000-00-00 00:00:00', '2026-02-30 10:00:00', '2026-11-24 24:00:00', 'soon', null, 42]) {
      expect(utcInstant(text)).toBeUndefined();
      expect(localInstant(text, NEW_YORK)).toBeUndefined();
    }
  });

  it('writes a site-local time with the offset the site had then (winter and summer)', () => {
    expect(localInstant('2026-11-23 23:30:00', NEW_YORK)).toBe('2026-11-23T23:30:00-05:00');
    expect(localInstant('2026-07-04 12:00:00', NEW_YORK)).toBe('2026-07-04T12:00:00-04:00');
  });

  it('takes the earlier instant (summer time) for a time in the autumn repeated hour, as WordPress does', () => {
    // 2026-11-01: New York goes from 02:00 EDT back to 01:00 EST; 01:30 happens twice.
    const iso = localInstant('2026-11-01 01:30:00', NEW_YORK);
    expect(iso).toBe('2026-11-01T01:30:00-04:00');
    expect(at(iso)).toBe('2026-11-01T05:30:00.000Z');
    // Just after the repeated hour there is one reading again.
    expect(localInstant('2026-11-01 02:00:00', NEW_YORK)).toBe('2026-11-01T02:00:00-05:00');
  });

  it('reads a time in the spring gap with the offset before the change (02:30 becomes 03:30 summer time)', () => {
    // 2026-03-08: New York jumps from 02:00 EST to 03:00 EDT; 02:30 never happens.
    const iso = localInstant('2026-03-08 02:30:00', NEW_YORK);
    expect(iso).toBe('2026-03-08T03:30:00-04:00');
    expect(at(iso)).toBe('2026-03-08T07:30:00.000Z');
    expect(localInstant('2026-03-08 01:59:59', NEW_YORK)).toBe('2026-03-08T01:59:59-05:00');
    expect(localInstant('2026-03-08 03:00:00', NEW_YORK)).toBe('2026-03-08T03:00:00-04:00');
  });

  it('handles fractional offsets (+05:30, +05:45) and manual offsets', () => {
    expect(localInstant('2026-11-24 00:15:00', KOLKATA)).toBe('2026-11-24T00:15:00+05:30');
    expect(at(localInstant('2026-11-24 00:15:00', KOLKATA))).toBe('2026-11-23T18:45:00.000Z');
    expect(localInstant('2026-11-24 00:15:00', KATHMANDU)).toBe('2026-11-24T00:15:00+05:45');
    expect(localInstant('2026-11-24 00:15:00', { kind: 'offset', minutes: -210 })).toBe('2026-11-24T00:15:00-03:30');
    expect(localInstant('2026-11-24 00:15:00', { kind: 'offset', minutes: 0 })).toBe('2026-11-24T00:15:00+00:00');
  });
});

describe('the zone from the REST index', () => {
  it('prefers timezone_string, and reads a manual offset when it is empty (also as a string)', () => {
    expect(zoneFromIndex({ timezone_string: 'America/New_York', gmt_offset: -5 })).toEqual({ zone: NEW_YORK });
    expect(zoneFromIndex({ timezone_string: '', gmt_offset: 5.5 })).toEqual({ zone: { kind: 'offset', minutes: 330 } });
    expect(zoneFromIndex({ timezone_string: '', gmt_offset: '5.75' })).toEqual({
      zone: { kind: 'offset', minutes: 345 },
    });
    expect(zoneFromIndex({ timezone_string: 'Mars/Olympus', gmt_offset: '-3.5' })).toEqual({
      zone: { kind: 'offset', minutes: -210 },
    });
  });

  it('says why when neither can be read', () => {
    expect(zoneFromIndex({ name: 'A site' })).toEqual({ zone: null, reason: expect.stringContaining('neither') });
    expect(zoneFromIndex('<html>')).toEqual({ zone: null, reason: expect.stringContaining('not a JSON object') });
  });
});

describe('withInstants', () => {
  const order = {
    id: 7,
    date: '2026-11-23',
    date_time: '2026-11-24 04:30:00',
    next_bill_date_time: '2026-12-24 04:30:00',
    invoices: [{ id: 8, date: '2026-11-23', date_time: '2026-11-23 23:30:00' }],
  };

  it('keeps every store string and adds an instant after each timestamp, nested invoices included', () => {
    const [out] = withInstants([order], NEW_YORK);
    expect(out).toEqual({
      ...order,
      date_time_iso: '2026-11-24T04:30:00Z',
      next_bill_date_time_iso: '2026-12-24T04:30:00Z',
      invoices: [{ ...order.invoices[0], date_time_iso: '2026-11-23T23:30:00-05:00' }],
    });
    expect(Object.keys(out ?? {})).toEqual([
      'id',
      'date',
      'date_time',
      'date_time_iso',
      'next_bill_date_time',
      'next_bill_date_time_iso',
      'invoices',
    ]);
    // The order's UTC time and its invoice's local time are the same moment.
    const dated = out as unknown as { date_time_iso: string; invoices: { date_time_iso: string }[] };
    expect(at(dated.invoices[0]?.date_time_iso)).toBe(at(dated.date_time_iso));
  });

  it('without a zone (unreadable index): UTC times get instants, site-local times none', () => {
    const [out] = withInstants<Record<string, unknown>>([order], null);
    expect(out?.date_time_iso).toBe('2026-11-24T04:30:00Z');
    expect(out?.invoices).toEqual(order.invoices);
    const [, customer] = withInstants([order, { id: 3, date_created: '2026-01-02 10:00:00' }], null);
    expect(customer).toEqual({ id: 3, date_created: '2026-01-02 10:00:00' });
  });

  it('makes instants afresh when a record passes twice (another zone)', () => {
    const customer = { table: CUSTOMER_FIELDS };
    const [first] = withInstants([{ date_created: '2026-01-02 10:00:00' }], NEW_YORK, customer);
    const [again] = withInstants([first ?? {}], KOLKATA, customer);
    expect(again).toEqual({ date_created: '2026-01-02 10:00:00', date_created_iso: '2026-01-02T10:00:00+05:30' });
  });
});

describe('a date input as the site-local day meant', () => {
  it('takes a day, or a wall time without offset (n8n date picker), as written', () => {
    expect(siteDayOf('2026-01-31', NEW_YORK)).toEqual({ day: '2026-01-31', how: 'as-written' });
    expect(siteDayOf('2026-01-31T00:00:00', KOLKATA)).toEqual({ day: '2026-01-31', how: 'as-written' });
  });

  it('turns a moment with an offset into the site day at that moment', () => {
    // 02:00 UTC on the 24th is still the 23rd in New York, already the 24th in Kolkata.
    expect(siteDayOf('2026-11-24T02:00:00Z', NEW_YORK)).toEqual({ day: '2026-11-23', how: 'site-zone' });
    expect(siteDayOf('2026-11-24T02:00:00.000+00:00', KOLKATA)).toEqual({ day: '2026-11-24', how: 'site-zone' });
    expect(siteDayOf(new Date('2026-11-24T02:00:00Z'), NEW_YORK)).toEqual({ day: '2026-11-23', how: 'site-zone' });
    const luxonLike = { toISO: () => '2026-11-23T22:00:00.000-05:00' };
    expect(siteDayOf(luxonLike, KOLKATA)).toEqual({ day: '2026-11-24', how: 'site-zone' });
  });

  it('without a zone, keeps the day of the moment in its own offset; refuses what is no date', () => {
    expect(siteDayOf('2026-11-23T22:00:00-05:00', null)).toEqual({ day: '2026-11-23', how: 'own-offset' });
    expect(siteDayOf('yesterday', NEW_YORK)).toEqual({ day: null, reason: expect.any(String) });
    expect(siteDayOf('2026-02-30', NEW_YORK)).toEqual({ day: null, reason: 'no such day' });
    expect(siteDayOf('', NEW_YORK).day).toBeNull();
  });
});
