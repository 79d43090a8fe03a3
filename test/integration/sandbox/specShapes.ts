/**
 * The documented resources (docs/service/shapes.md) as JSON types, read from the connector's field
 * tables (shared/src/resources/tables/), and a check that a record has exactly those fields with those
 * types. The sandbox is written apart from those tables, so the check still holds it to the documentation.
 */
import type { FieldSpec, FieldTable } from '../../../shared/src/resources/table';
import { WEBHOOK_FIELDS } from '../../../shared/src/resources/tables';
import { CUSTOMER_FIELDS } from '../../../shared/src/resources/tables/customer';
import { ORDER_FIELDS } from '../../../shared/src/resources/tables/order';
import { PRODUCT_FIELDS } from '../../../shared/src/resources/tables/product';
import { SUBSCRIPTION_FIELDS } from '../../../shared/src/resources/tables/subscription';

export type FieldType =
  | 'integer'
  | 'number'
  | 'string'
  | 'timestamp'
  | 'date'
  | 'digits'
  | 'url'
  | 'array'
  | 'integer|null';

/** A table's documented fields as JSON types: what the shape check holds each record to. */
function shapeTable(table: FieldTable): Record<string, FieldType> {
  const out: Record<string, FieldType> = {};
  for (const [key, spec] of Object.entries(table)) if (!spec.extra) out[key] = shapeOf(spec);
  return out;
}

function shapeOf(spec: FieldSpec): FieldType {
  if (typeof spec.type === 'object') return 'array';
  if (spec.type === 'int') return 'integer';
  if (spec.type === 'nullableInt') return 'integer|null';
  if (spec.type === 'number') return 'number';
  if (spec.blank) return 'string';
  if (spec.clock) return spec.clock === 'day' ? 'date' : 'timestamp';
  return spec.text ?? 'string';
}

export const CUSTOMER = shapeTable(CUSTOMER_FIELDS);
export const ORDER = shapeTable(ORDER_FIELDS);
export const ORDER_ITEM = shapeTable(ORDER_FIELDS.items.type.list);
export const SUBSCRIPTION = shapeTable(SUBSCRIPTION_FIELDS);
export const INVOICE = shapeTable(SUBSCRIPTION_FIELDS.invoices.type.list);
export const PRODUCT = shapeTable(PRODUCT_FIELDS);
export const PLAN = shapeTable(PRODUCT_FIELDS.plans.type.list);
export const LATEST_ORDER = shapeTable(WEBHOOK_FIELDS.latestOrder);

function fits(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'timestamp':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'digits':
      return typeof value === 'string' && /^\d+$/.test(value);
    case 'url':
      return typeof value === 'string' && /^https?:\/\/[^/]+/.test(value);
    case 'array':
      return Array.isArray(value);
    case 'integer|null':
      return value === null || Number.isInteger(value);
  }
}

/** The fields that are missing, extra or of the wrong type; [] when the record fits the table. */
export function shapeProblems(
  record: unknown,
  table: Record<string, FieldType>,
  options: { extraAllowed?: boolean } = {},
): string[] {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return ['not an object'];
  const entries = record as Record<string, unknown>;
  const problems: string[] = [];
  for (const [field, type] of Object.entries(table)) {
    if (!(field in entries)) problems.push(`${field}: missing`);
    else if (!fits(entries[field], type)) problems.push(`${field}: ${JSON.stringify(entries[field])} is not ${type}`);
  }
  if (!options.extraAllowed) {
    for (const field of Object.keys(entries)) if (!(field in table)) problems.push(`${field}: not in the spec`);
  }
  return problems;
}
