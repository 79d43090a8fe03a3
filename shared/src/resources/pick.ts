/**
 * A record cut down to named fields, for Simplify and for an agent's Selected Fields (n8n's Output):
 * the `id` always, each field's ISO instant with it (docs/dates.md).
 */
import { instantKey } from './table';

/**
 * The named fields of a record, each with its `*_iso` instant when the record has one; `id` always
 * first (an agent's Selected fields keeps it whatever was chosen). `flat` (Simplify) leaves lists and
 * objects out; a field picked by name keeps them.
 */
export function pickFields(
  record: Record<string, unknown>,
  fields: readonly string[],
  { flat = false }: { flat?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of ['id', ...fields]) {
    if (Object.hasOwn(out, field) || !Object.hasOwn(record, field)) continue;
    const value = record[field];
    if (flat && value !== null && typeof value === 'object') continue;
    out[field] = value;
    const instant = instantKey(field);
    if (Object.hasOwn(record, instant)) out[instant] = record[instant];
  }
  return out;
}

/** A copy of `record` without `keys`: what a record goes without, named. */
export function omit<T extends object, K extends keyof T>(record: T, ...keys: readonly K[]): Omit<T, K> {
  const dropped = new Set<PropertyKey>(keys);
  return Object.fromEntries(Object.entries(record).filter(([key]) => !dropped.has(key))) as Omit<T, K>;
}
