/**
 * Simplify (docs/simplify.md): a record cut down to the fields a store owner uses most, read from the
 * ranks in the field tables, so n8n's Simplify and Output and any Zapier use share one selection.
 */
import { AMOUNT_UNIT_FIELD } from './money';
import { type FieldSpec, type FieldTable, instantKey, isMoment, isMoney } from './table';
import { RECORD_RESOURCES, RECORD_RESOURCE_NAMES, type RecordResource } from './records';

/** n8n's guideline: at most 10 fields in a simplified record. */
const MAX_FIELDS = 10;

/** A kept field: its key, its spec, and the key of its instant when it is a time. */
interface KeptField {
  key: string;
  spec: FieldSpec;
  instant?: string;
}

/** The kept fields of a resource, most used first. */
function keptFields(resource: RecordResource): KeptField[] {
  const table: FieldTable = RECORD_RESOURCES[resource].fields;
  return Object.entries(table)
    .filter(([, spec]) => spec.rank !== undefined && !spec.extra && typeof spec.type !== 'object')
    .sort(([, a], [, b]) => (a.rank ?? 0) - (b.rank ?? 0))
    .slice(0, MAX_FIELDS)
    .map(([key, spec]) => (isMoment(spec) ? { key, spec, instant: instantKey(key) } : { key, spec }));
}

/** Each resource's kept fields, read from its table once. */
const KEPT = Object.fromEntries(RECORD_RESOURCE_NAMES.map((resource) => [resource, keptFields(resource)])) as Record<
  RecordResource,
  KeptField[]
>;

/**
 * The ranked fields of a record (at most 10, all flat values), each time followed by its `_iso` instant
 * when the record has one, and the first kept amount by `amount_unit` (docs/amounts.md; the store's
 * `_sent` values stay in the raw record). Fields the record lacks are left out rather than invented.
 */
export function simplifyRecord(resource: RecordResource, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, spec, instant } of KEPT[resource]) {
    if (!(key in record)) continue;
    out[key] = record[key];
    if (instant && instant in record) out[instant] = record[instant];
    if (spec.money && isMoney(spec, record) && AMOUNT_UNIT_FIELD in record)
      out[AMOUNT_UNIT_FIELD] = record[AMOUNT_UNIT_FIELD];
  }
  return out;
}
