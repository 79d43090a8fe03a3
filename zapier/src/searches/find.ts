import type { PlainInputField } from 'zapier-platform-core';
import { choiceText, isMissingRecord } from '@commerce-service/shared';

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

export function inputId(inputData: Record<string, unknown> | undefined, key: string): string {
  return choiceText(inputData?.[key]);
}
