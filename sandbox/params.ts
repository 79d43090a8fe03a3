/** Reading loosely typed request parameters (query strings make everything a string). */
import { invalidParams } from './errors';
import type { ParamMap } from './http/query';

function isIntegerText(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  return typeof value === 'string' && /^-?\d+$/.test(value.trim());
}

/** An integer parameter; a failing value answers 400 rest_invalid_param, as WordPress's schema checks do. */
function readInteger(params: ParamMap, name: string): number | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!isIntegerText(value)) throw invalidParams({ [name]: `${name} is not of type integer.` });
  return Number(value);
}

/** An optional id filter such as product_id: empty or 0 means "no filter", as PHP's intval reads it. */
export function readOptionalId(params: ParamMap, name: string): number | null {
  const value = params[name];
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return null;
  const id = readInteger(params, name);
  return id === undefined || id <= 0 ? null : id;
}

/** A filter that may be one value, a list, or a comma-separated string: plan_id and status. */
export function readList(value: unknown): string[] {
  const values = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null
      ? Object.values(value)
      : [value];
  return values
    .flatMap((entry) =>
      typeof entry === 'string' ? entry.split(',') : typeof entry === 'number' ? [String(entry)] : [],
    )
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export function readFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return typeof value === 'string' && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

export function readString(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}
