/** Field descriptions (Zapier output fields, n8n hints) read from the field tables: key, label, type. */
import { instantKey } from '../dates/fields';
import { type FieldSpec, type FieldTable, entriesOf, isMoment } from './table';
import {
  CUSTOMER_FIELDS,
  LEAD_FIELDS,
  ORDER_EVENT_FIELDS,
  ORDER_FIELDS,
  PRODUCT_FIELDS,
  SUBSCRIPTION_EVENT_FIELDS,
  SUBSCRIPTION_FIELDS,
} from './tables';

export interface FieldDescription {
  key: string;
  label: string;
  /** `datetime`: an ISO 8601 instant with an offset (`*_iso`, docs/dates.md). */
  type: 'string' | 'number' | 'integer' | 'datetime';
  /** For lists of records (items, invoices, plans): their own fields, and the name of one entry. */
  children?: FieldDescription[];
  entry?: string;
}

function describe(spec: FieldSpec): Pick<FieldDescription, 'type' | 'children' | 'entry'> {
  const entries = entriesOf(spec);
  if (entries) return { type: 'string', children: describeTable(entries), entry: spec.entry ?? spec.label };
  if (spec.type === 'string') return { type: 'string' };
  return { type: spec.type === 'number' ? 'number' : 'integer' };
}

/** Each documented field, and right after each store timestamp its instant (`date_time` → `date_time_iso`). */
function describeTable(table: FieldTable): FieldDescription[] {
  return Object.entries(table).flatMap(([key, spec]): FieldDescription[] => {
    if (spec.extra) return [];
    const field: FieldDescription = { key, label: spec.label, ...describe(spec) };
    if (!isMoment(spec)) return [field];
    return [field, { key: instantKey(key), label: `${spec.label} (ISO 8601)`, type: 'datetime' }];
  });
}

/** Field descriptions of what each noun's trigger or search returns. */
export const FIELDS = {
  customer: describeTable(CUSTOMER_FIELDS),
  order: describeTable(ORDER_FIELDS),
  subscription: describeTable(SUBSCRIPTION_FIELDS),
  product: describeTable(PRODUCT_FIELDS),
  orderEvent: describeTable(ORDER_EVENT_FIELDS),
  subscriptionEvent: describeTable(SUBSCRIPTION_EVENT_FIELDS),
  leadEvent: describeTable(LEAD_FIELDS),
} as const;
