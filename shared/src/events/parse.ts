import { buildRecord } from '../resources/build';
import { isRecord, toText } from '../resources/coerce';
import { DELIVERY_FIELDS } from '../resources/tables';
import { OriginSecret } from './origin';
import type { LatestOrder } from '../resources/types';
import type { EventRecord } from './record';

/**
 * Turns a hook delivery, in whatever form the platform hands it over (a parsed JSON object, an array
 * of them, a JSON string or buffer, a form-encoded body), into typed event records. A record with nothing
 * but a `trigger` field (`{}`, `{"trigger": "purchased"}`: an empty or unreadable body) is no event, for
 * every trigger: there is nothing to act on.
 */
export function parseDelivery(body: unknown): EventRecord[] {
  return readDelivery(body).map((delivered) => delivered.record);
}

/** A delivered record, and the `studiocart_secret` it carried (taken out of the record: see origin.ts). */
export interface DeliveredEvent {
  record: EventRecord;
  secret?: OriginSecret;
}

/** As `parseDelivery`, keeping each record's proof of origin aside for `verifyDelivery`. */
export function readDelivery(body: unknown): DeliveredEvent[] {
  return rawRecords(body)
    .map((raw) => {
      const { secret } = takeOriginSecret(raw);
      return { record: toEventRecord(raw), ...(secret ? { secret } : {}) };
    })
    .filter((delivered) => isEvent(delivered.record));
}

/** The field older plugin versions put the store's API key in (see origin.ts). */
const ORIGIN_SECRET_FIELD = 'studiocart_secret';

/**
 * Splits a raw delivered record into the record without the secret field (any letter case) and the proof
 * it carried. An empty value proves nothing and counts as absent.
 */
function takeOriginSecret(raw: Record<string, unknown>): { raw: Record<string, unknown>; secret?: OriginSecret } {
  let value: string | undefined;
  const rest: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(raw)) {
    if (key.toLowerCase() === ORIGIN_SECRET_FIELD) {
      if (typeof field === 'string' || typeof field === 'number') value = String(field).trim();
      continue;
    }
    rest[key] = field;
  }
  return value ? { raw: rest, secret: OriginSecret.of(value) } : { raw: rest };
}

function isEvent(record: EventRecord): boolean {
  return Object.keys(record).some((key) => key !== 'trigger');
}

function toEventRecord(raw: Record<string, unknown>): EventRecord {
  // The store's API key on older plugin versions: it never reaches a record.
  const record = buildRecord(takeOriginSecret(raw).raw, DELIVERY_FIELDS, { coerce: 'present' }) as EventRecord;
  record.trigger = toText(raw.trigger) ?? '';
  return record;
}

/** A latest-order record in the shape of a delivery: `id`/`status` instead of `order_id`/`order_status`. */
export function latestOrderAsEvent(record: LatestOrder, trigger: string): EventRecord {
  const { order_id, order_status, ...rest } = record;
  return toEventRecord({ ...rest, id: rest.id ?? order_id, status: rest.status ?? order_status, trigger });
}

function rawRecords(body: unknown, depth = 0): Record<string, unknown>[] {
  if (depth > 2) return [];
  if (body instanceof Uint8Array) return rawRecords(Buffer.from(body).toString('utf8'), depth + 1);
  if (typeof body === 'string') return rawRecords(parseText(body), depth + 1);
  if (Array.isArray(body)) return body.filter(isRecord);
  return isRecord(body) ? [body] : [];
}

function parseText(text: string): unknown {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return trimmed.includes('=') ? parseForm(trimmed) : undefined;
  }
}

/** `a=1&items[0][name]=x` (PHP's bracket notation) into nested objects and arrays. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = key.split('[')[0] ?? key;
    const brackets = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
    assign(root, [head, ...brackets], value);
  }
  return root;
}

function assign(target: Record<string, unknown> | unknown[], path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const container = target as Record<string, unknown>;
  const key = head === '' && Array.isArray(target) ? String(target.length) : head;
  // A delivery is untrusted input: `__proto__[x]=1` must not reach Object.prototype.
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
  if (rest.length === 0) {
    container[key] = value;
    return;
  }
  const nextIsIndex = /^\d*$/.test(rest[0] ?? '');
  if (typeof container[key] !== 'object' || container[key] === null) container[key] = nextIsIndex ? [] : {};
  assign(container[key] as Record<string, unknown> | unknown[], rest, value);
}
