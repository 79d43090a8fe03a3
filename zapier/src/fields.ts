import type { PlainOutputField } from 'zapier-platform-core';
import { type EventKind, FIELDS, type FieldDescription } from '@commerce-service/shared';

type EventNoun = EventKind['noun'];

/**
 * Zapier output fields from the shared field descriptions. Nested lists become line-item fields
 * (`items[]quantity`), each with its own label, so every value a step returns has a human name.
 */
export function outputFields(fields: readonly FieldDescription[]): PlainOutputField[] {
  return fields.flatMap((field): PlainOutputField[] => {
    if (!field.children) return [{ key: field.key, label: field.label, type: field.type }];
    // How one entry is named in labels ("Item Quantity", "Invoice Status"), from its field table.
    const entry = field.entry ?? field.label;
    return field.children.map((child) => ({
      key: `${field.key}[]${child.key}`,
      label: `${entry} ${child.label}`,
      type: child.type,
    }));
  });
}

const EVENT_FIELDS: Readonly<Record<EventNoun, readonly FieldDescription[]>> = {
  order: FIELDS.orderEvent,
  subscription: FIELDS.subscriptionEvent,
  lead: FIELDS.leadEvent,
};

/** Output fields of an event trigger: the delivery's fields for that kind of record. */
export function eventOutputFields(noun: EventNoun): PlainOutputField[] {
  return outputFields(EVENT_FIELDS[noun]);
}

/** The marker every checked delivery carries (docs/verification.md), as fields a Filter step can test. */
export const VERIFICATION_OUTPUT_FIELDS: PlainOutputField[] = [
  { key: 'verification__status', label: 'Verification Status', type: 'string' },
  { key: 'verification__method', label: 'Verification Method', type: 'string' },
  { key: 'verification__reason', label: 'Verification Reason', type: 'string' },
  { key: 'verification__message', label: 'Verification Message', type: 'string' },
];
