/** Field descriptions (Zapier output fields, n8n hints) read from the field tables: key, label, type. */
import { AMOUNT_UNIT_FIELD, sentKey } from './money';
import { type FieldSpec, type FieldTable, entriesOf, instantKey, isMoment, isMoney } from './table';
import { RECORD_RESOURCES, RECORD_RESOURCE_NAMES, type RecordResource } from './records';
import { EVENT_FIELDS } from './tables';

export interface FieldDescription {
  key: string;
  label: string;
  /** `datetime`: an ISO 8601 instant with an offset (`*_iso`, docs/dates.md). */
  type: 'string' | 'number' | 'integer' | 'datetime';
  /** For lists of records (items, invoices, plans): their own fields, and the name of one entry. */
  children?: FieldDescription[];
  entry?: string;
}

/**
 * `sent`: a REST record, whose amounts the client may have converted, keeps the store's own value next
 * to each (`order_amount_sent`, docs/amounts.md); a delivery keeps the unit it came in.
 */
function describe(spec: FieldSpec, sent: boolean): Pick<FieldDescription, 'type' | 'children' | 'entry'> {
  const entries = entriesOf(spec);
  if (entries) return { type: 'string', children: describeTable(entries, sent), entry: spec.entry ?? spec.label };
  if (spec.type === 'string') return { type: 'string' };
  return { type: spec.type === 'number' ? 'number' : 'integer' };
}

/**
 * Each documented field, right after each store timestamp its instant (`date_time` → `date_time_iso`),
 * and with `sent` right after each amount the store's own value (`order_amount` → `order_amount_sent`).
 */
function describeTable(table: FieldTable, sent: boolean): FieldDescription[] {
  return Object.entries(table).flatMap(([key, spec]): FieldDescription[] => {
    if (spec.extra) return [];
    const field: FieldDescription = { key, label: spec.label, ...describe(spec, sent) };
    if (isMoment(spec)) return [field, { key: instantKey(key), label: `${spec.label} (ISO 8601)`, type: 'datetime' }];
    if (isMoney(spec) && sent)
      return [field, { key: sentKey(key), label: `${spec.label} as the Store Sent It`, type: 'number' }];
    return [field];
  });
}

/** A record's fields and, when it has amounts, the unit they are given in (`amount_unit`). */
function describeRecord(table: FieldTable, sent: boolean): FieldDescription[] {
  const fields = describeTable(table, sent);
  const hasAmounts = Object.values(table).some((spec) => isMoney(spec) || entriesOf(spec));
  return hasAmounts ? [...fields, { key: AMOUNT_UNIT_FIELD, label: 'Amount Unit', type: 'string' }] : fields;
}

/** Field descriptions of what each noun's trigger or search returns. */
export const FIELDS = {
  ...(Object.fromEntries(
    RECORD_RESOURCE_NAMES.map((resource) => [resource, describeRecord(RECORD_RESOURCES[resource].fields, true)]),
  ) as Record<RecordResource, FieldDescription[]>),
  orderEvent: describeRecord(EVENT_FIELDS.order, false),
  subscriptionEvent: describeRecord(EVENT_FIELDS.subscription, false),
  leadEvent: describeRecord(EVENT_FIELDS.lead, false),
} as const;
