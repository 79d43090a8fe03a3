import type { PlainInputField } from 'zapier-platform-core';
import { NotFoundError } from '../../../shared/src';

/** A 404 about the record, not about the API root (`rest_no_route` means a wrong Store URL or API Root). */
export function isMissingRecord(error: unknown): boolean {
  return error instanceof NotFoundError && error.code !== 'rest_no_route';
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

/** The one input of a find-by-ID search. */
export function idInput(key: string, noun: string, example: string): PlainInputField {
  return {
    key,
    label: `${noun} ID`,
    type: 'integer',
    required: true,
    helpText: `The numeric ID of the ${noun.toLowerCase()}, as shown in the Studiocart admin or mapped from an earlier step (for example ${example}).`,
  };
}

export function inputId(inputData: Record<string, unknown> | undefined, key: string): string {
  const value = inputData?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}
