/**
 * Field-level coercion driven by the field tables (`table.ts`): real stores send numbers as strings, ids
 * as numbers, `null` or nothing for empty fields. Unknown fields, and a table's extras, pass through untouched.
 */
import type { FieldSpec, FieldTable } from './table';

/**
 * `fill`: a REST resource, missing fields get the empty value of their type, so every record has the
 * documented fields (docs/service/shapes.md). `present`: an event payload, only fields that came are coerced (a lead has no amounts).
 */
type CoerceMode = 'fill' | 'present';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim().replace(/,/g, ''));
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

export function toText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function coerceField(type: FieldSpec['type'], value: unknown, mode: CoerceMode): unknown {
  if (typeof type === 'object')
    return asList(value)
      .filter(isRecord)
      .map((item) => coerceRecord(type.list, item, mode));
  if (type === 'string') return toText(value) ?? '';
  const number = toNumber(value);
  if (type === 'nullableInt') return number === undefined ? null : Math.trunc(number);
  if (number === undefined) return 0;
  return type === 'int' ? Math.trunc(number) : number;
}

export function coerceRecord<T>(table: FieldTable, raw: Record<string, unknown>, mode: CoerceMode): T {
  // A field whose 0 means none is absent from an event (`present`), empty in a REST record (`fill`).
  const none = (field: string): boolean => table[field]?.zeroIsNone === true && isNone(raw[field]);
  const out = mode === 'fill' ? { ...raw } : Object.fromEntries(Object.entries(raw).filter(([field]) => !none(field)));
  for (const [field, spec] of Object.entries(table)) {
    if (spec.extra) continue;
    const value = raw[field];
    if (spec.zeroIsNone && isNone(value)) {
      if (mode === 'fill') out[field] = coerceField(spec.type, undefined, mode);
      continue;
    }
    if (mode === 'present' && (value === undefined || value === null)) continue;
    out[field] = coerceField(spec.type, value, mode);
  }
  return out as T;
}

/** A `zeroIsNone` field's "none": 0, as a number or as text, or an empty text. */
function isNone(value: unknown): boolean {
  return value === 0 || (typeof value === 'string' && Number(value.trim()) === 0);
}

/**
 * A list as the store may send it: an array, `null` (empty), one record where a list belongs, or a PHP
 * associative array serialised as an object of records (`{"0": {...}, "1": {...}}`).
 */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined || value === '') return [];
  if (isRecord(value)) {
    const entries = Object.values(value);
    return entries.length > 0 && entries.every(isRecord) && !('id' in value) ? entries : [value];
  }
  return [];
}
