import type { Bundle, PlainInputField, ZObject } from 'zapier-platform-core';
import { type CommerceServiceClient, isMissingRecord } from '@commerce-service/shared';
import { toZapierError } from '../errors';
import { zapierClient } from '../platform';

/**
 * A find-by-ID search's perform: the record the input `key` names, or no result (Zapier's "nothing
 * found") when the store has no such record; any other failure as a Zapier error.
 */
export function findById<T>(key: string, read: (client: CommerceServiceClient, id: string) => Promise<T>) {
  return async (z: ZObject, bundle: Bundle): Promise<T[]> => {
    try {
      return [await read(zapierClient(z, bundle), inputText(bundle.inputData, key))];
    } catch (error) {
      if (isMissingRecord(error)) return [];
      throw toZapierError(z, error);
    }
  };
}

/** Zapier's "no search results" path: a record the store does not have is an empty result, not an error. */
export async function foundOrNothing<T>(lookup: () => Promise<T[]>): Promise<T[]> {
  try {
    return await lookup();
  } catch (error) {
    if (isMissingRecord(error)) return [];
    throw error;
  }
}

/** The one input of a find-by-ID search; its key stays a literal so the search's input data is typed. */
export function idInput<const K extends string>(key: K, noun: string, example: string) {
  return {
    key,
    label: `${noun} ID`,
    type: 'integer',
    required: true,
    helpText: `The numeric ID of the ${noun.toLowerCase()}, as shown in the Studiocart admin or mapped from an earlier step (for example ${example}).`,
  } as const satisfies PlainInputField;
}

/** An input as text, trimmed: an ID arrives as a number or a string; anything else is empty. */
export function inputText(inputData: Record<string, unknown> | undefined, key: string): string {
  const value = inputData?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}
