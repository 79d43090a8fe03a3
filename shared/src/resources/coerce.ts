/**
 * How a store's values are read: real stores send numbers as strings, ids as numbers, `null` or nothing
 * for empty fields. The record builder (`build.ts`) reads each field of a record with these, by its table.
 */
import type { FieldSpec } from './table';

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

/** A value of a field that is no list, as its type says; nothing, or nothing readable, is the type's empty value. */
export function coerceValue(type: Exclude<FieldSpec['type'], object>, value: unknown): unknown {
  if (type === 'string') return toText(value) ?? '';
  const number = toNumber(value);
  if (type === 'nullableInt') return number === undefined ? null : Math.trunc(number);
  if (number === undefined) return 0;
  return type === 'int' ? Math.trunc(number) : number;
}

/** A `zeroIsNone` field's "none": 0, as a number or as text, or an empty text. */
export function isNone(value: unknown): boolean {
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
