/**
 * Records built key by key stay compact. V8 keeps an object built by adding more than about a dozen
 * computed keys to `{}` in "dictionary mode", about four times the size of the same object read by
 * `JSON.parse`; Return All keeps tens of thousands of them (`npm run bench`). So a record is copied from
 * a shape made once per key order by `JSON.parse` (its fields laid out in the object itself), and only
 * its values are written.
 */

/** Key orders seen: a page's records share one or a few, so the cache stays small; it is emptied when full. */
const SHAPES = new Map<string, Readonly<Record<string, unknown>>>();
const MAX_SHAPES = 256;

function shapeOf(keys: readonly string[]): Readonly<Record<string, unknown>> {
  const signature = keys.join('\u0000');
  let shape = SHAPES.get(signature);
  if (!shape) {
    if (SHAPES.size >= MAX_SHAPES) SHAPES.clear();
    shape = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((key) => [key, null])))) as Record<string, unknown>;
    SHAPES.set(signature, shape);
  }
  return shape;
}

/** A plain object with `keys[i]: values[i]`, in that order. */
export function compactRecord(keys: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  // `__proto__` as a key would be a prototype on assignment: such a record is built with defineProperty.
  if (keys.includes('__proto__')) {
    const out: Record<string, unknown> = {};
    keys.forEach((key, i) =>
      Object.defineProperty(out, key, { value: values[i], enumerable: true, writable: true, configurable: true }),
    );
    return out;
  }
  const out: Record<string, unknown> = { ...shapeOf(keys) };
  for (let i = 0; i < keys.length; i += 1) out[keys[i] as string] = values[i];
  return out;
}
