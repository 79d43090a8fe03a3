/**
 * Records built key by key stay compact. V8 keeps an object built by adding more than about a dozen
 * computed keys to `{}` in "dictionary mode", about three times the size of the same object read by
 * `JSON.parse`, and Return All keeps every record. So a record is copied from a shape made once per
 * key order by `JSON.parse`, and only its values are written; and a short string a key held lately
 * (a status, a currency, a product's name) is kept once, where `JSON.parse` gives each record its copy.
 *
 * Return All of 100,000 orders, kept after a full GC / peak, times the JSON received (`npm run bench`,
 * goals 1.3x / 2x): plain objects 2.86x / 3.45x; shapes alone 1.26x / 1.92x to 1.98x; shapes and
 * shared strings 0.94x / 1.60x to 1.68x. Without the strings both figures sit within noise of the goal.
 */

interface Shape {
  keys: readonly string[];
  record: Readonly<Record<string, unknown>>;
}

/** Key orders seen: a page's records share one or a few, so the cache stays small; it is emptied when full. */
const SHAPES = new Map<string, Shape>();
const MAX_SHAPES = 256;
/** The shapes used last, found by comparing keys: no signature is built for each record of a page. */
const RECENT: Shape[] = [];
const MAX_RECENT = 8;

function sameKeys(keys: readonly string[], count: number, shape: Shape): boolean {
  if (shape.keys.length !== count) return false;
  for (let i = 0; i < count; i += 1) if (keys[i] !== shape.keys[i]) return false;
  return true;
}

function shapeOf(keys: readonly string[], count: number): Readonly<Record<string, unknown>> {
  for (const recent of RECENT) if (sameKeys(keys, count, recent)) return recent.record;
  const own = keys.slice(0, count);
  const signature = own.join('\u0000');
  let shape = SHAPES.get(signature);
  if (!shape) {
    if (SHAPES.size >= MAX_SHAPES) SHAPES.clear();
    const record = JSON.parse(JSON.stringify(Object.fromEntries(own.map((key) => [key, null]))));
    shape = { keys: own, record: record as Record<string, unknown> };
    SHAPES.set(signature, shape);
  }
  RECENT.unshift(shape);
  if (RECENT.length > MAX_RECENT) RECENT.pop();
  return shape.record;
}

/** Per key, the last few short strings it held: most keys hold a handful of values (a status, a product). */
const RECENT_VALUES = new Map<string, string[]>();
const MAX_KEYS = 1024;
const VALUES_PER_KEY = 8;
const MAX_SHARED_LENGTH = 64;

function sharedCopy(key: string, value: unknown): unknown {
  if (typeof value !== 'string' || value.length > MAX_SHARED_LENGTH) return value;
  let seen = RECENT_VALUES.get(key);
  if (!seen) {
    if (RECENT_VALUES.size >= MAX_KEYS) RECENT_VALUES.clear();
    seen = [];
    RECENT_VALUES.set(key, seen);
  }
  for (const known of seen) if (known === value) return known;
  if (seen.length >= VALUES_PER_KEY) seen.pop();
  seen.unshift(value);
  return value;
}

/** A plain object with `keys[i]: values[i]` for the first `count` keys, in that order. */
export function compactRecord(
  keys: readonly string[],
  values: readonly unknown[],
  count: number = keys.length,
): Record<string, unknown> {
  // `__proto__` as a key would be a prototype on assignment: such a record is built with defineProperty.
  const proto = keys.indexOf('__proto__');
  if (proto !== -1 && proto < count) {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < count; i += 1)
      Object.defineProperty(out, keys[i] as string, {
        value: values[i],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  const out: Record<string, unknown> = { ...shapeOf(keys, count) };
  for (let i = 0; i < count; i += 1) {
    const key = keys[i] as string;
    out[key] = sharedCopy(key, values[i]);
  }
  return out;
}
