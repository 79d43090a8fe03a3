/**
 * How each operation's 2xx body is read (docs/service/shapes.md): the result description every catalogue
 * entry carries. A description names the field table of the store records it holds (they get their
 * instants and amounts when built), one record or many, and the type the body is read into.
 */
import { type ZoneReading, isKnownZone } from '../dates/zone';
import { buildRecord } from '../resources/build';
import { asList, isRecord, toNumber, toText } from '../resources/coerce';
import type { FieldTable } from '../resources/table';
import { DELIVERY_FIELDS, WEBHOOK_FIELDS } from '../resources/tables';
import type { LatestOrder } from '../resources/types';

/** How one operation's answer is read, and what it is read into (`T`). */
export interface ResultSpec<T> {
  /** One record or a list of them. */
  readonly many: boolean;
  /** The table of the store records it holds, read for their times and amounts; none for ids and picker lists. */
  readonly records?: FieldTable;
  /**
   * `fill`: its records are handed on as sent, each field read by its type and filled when the record
   * is built (`resources/build.ts`, one pass); otherwise `read` has typed them already.
   */
  readonly coerce?: 'fill';
  /** The unit of its amounts where the store states it (latest orders: decimals); otherwise the REST unit is read. */
  readonly unit?: 'decimal';
  /** The parsed body (`undefined` when empty) in its shape; a body without it throws `ShapeError`. */
  readonly read: (body: unknown) => T;
}

/** A 2xx body without the documented shape; the pipeline turns its message into an `UnexpectedResponseError`. */
export class ShapeError extends Error {}

/** `POST webhook/subscribe/`'s answer, with the id kept as an opaque string whatever the store sent. */
interface HookSubscription {
  id: string;
}

/** `POST webhook/delete/`'s outcome. `alreadyGone` is true when the store no longer knew the hook. */
interface HookDeletion {
  id: string;
  alreadyGone: boolean;
}

/**
 * One REST record of `table`, every documented field filled when it is built. A record without an id
 * (`{}`, `[]`) is no record.
 */
export function one<T>(table: FieldTable): ResultSpec<T> {
  return {
    many: false,
    records: table,
    coerce: 'fill',
    read(body) {
      const record = asOne(body);
      if (!record || record.id === undefined || record.id === null) throw new ShapeError('expected one record');
      return record as T;
    },
  };
}

/** A REST list of records of `table`, every documented field filled when they are built. */
export function many<T>(table: FieldTable): ResultSpec<T[]> {
  return { many: true, records: table, coerce: 'fill', read: (body) => asList(body).filter(isRecord) as T[] };
}

/** A list a picker shows (the webhook side's products and plans): no times, no amounts. */
export function pickerList<T>(table: FieldTable): ResultSpec<T[]> {
  return { many: true, read: (body) => recordsOf<T>(body, table) };
}

/** An answer whose body is not read: any 2xx is success. */
export const NOTHING: ResultSpec<undefined> = { many: false, read: () => undefined };

/** Subscribe's `{id}` (a string in docs/service/shapes.md#resthook, a number on real stores). */
export const HOOK_ID: ResultSpec<HookSubscription> = {
  many: false,
  read(body) {
    const record = asOne(body);
    const id = toText(record ? record.id : body);
    if (!id || !/^\S+$/.test(id)) throw new ShapeError('expected a webhook id');
    return { id };
  },
};

/** A deletion the store confirmed is a success whatever it echoes (`{id}`, `[{url, id}]`). */
export const HOOK_DELETION: ResultSpec<HookDeletion> = {
  many: false,
  read: (body) => ({ id: toText(asOne(body)?.id) ?? '', alreadyGone: false }),
};

/**
 * Latest-orders records, whose times and amounts are read as a delivery's: rich records on current
 * stores are event payloads (docs/service/real-stores.md#latest-orders).
 */
export const LATEST_ORDERS: ResultSpec<LatestOrder[]> = {
  many: true,
  records: DELIVERY_FIELDS,
  unit: 'decimal',
  read: (body) => asList(body).filter(isRecord).map(latestOrder),
};

/**
 * The site's zone from WordPress's REST index (`timezone_string`, `gmt_offset` in hours, maybe
 * fractional, maybe a string). Never a `ShapeError`: an index without a zone is a reading that says why.
 */
export const SITE_ZONE: ResultSpec<ZoneReading> = {
  many: false,
  read: (body) => (body === undefined ? { zone: null, reason: 'its answer is not JSON' } : zoneFromIndex(body)),
};

/** A name the runtime does not know falls back to the offset, which is then fixed (no DST rules). */
export function zoneFromIndex(index: unknown): ZoneReading {
  if (!isRecord(index)) return { zone: null, reason: 'the REST index is not a JSON object' };
  const name = typeof index.timezone_string === 'string' ? index.timezone_string.trim() : '';
  if (name && isKnownZone(name)) return { zone: { kind: 'named', name } };
  const hours = toNumber(index.gmt_offset);
  if (hours !== undefined && Math.abs(hours) <= 14)
    return { zone: { kind: 'offset', minutes: Math.round(hours * 60) } };
  if (name) return { zone: null, reason: `the REST index names an unknown time zone "${name}" and no gmt_offset` };
  return { zone: null, reason: 'the REST index has neither timezone_string nor gmt_offset' };
}

function recordsOf<T>(body: unknown, table: FieldTable): T[] {
  return asList(body)
    .filter(isRecord)
    .map((raw) => buildRecord(raw, table, { coerce: 'fill' }) as T);
}

function latestOrder(raw: Record<string, unknown>): LatestOrder {
  const record = buildRecord(raw, WEBHOOK_FIELDS.latestOrder, { coerce: 'fill' }) as LatestOrder;
  // Rich records on current stores have the event payload's `id`/`status` instead of the documented names (docs/service/real-stores.md#latest-orders).
  if (raw.order_id === undefined && raw.id !== undefined) record.order_id = Math.trunc(toNumber(raw.id) ?? 0);
  if (raw.order_status === undefined && raw.status !== undefined) record.order_status = toText(raw.status) ?? '';
  record.order_amount = (toNumber(raw.order_amount) ?? 0).toFixed(2);
  return record;
}

/** One record as the store may send it: the object itself, or an array that wraps it. */
function asOne(value: unknown): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  if (Array.isArray(value) && value.length >= 1 && isRecord(value[0])) return value[0];
  return undefined;
}
