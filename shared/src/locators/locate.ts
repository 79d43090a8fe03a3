/**
 * A record chosen in a platform's picker, whichever way it was given: from the list or by id (the id
 * itself, a leading `#` as the store shows it allowed), or by a link (`links.ts`). The shared client
 * then checks the id is a whole number and the store says whether it exists.
 */
import type { Store } from '../config';
import { type LinkContext, type RecordResource, recordIdFromLink } from './links';

type LocatorMode = 'list' | 'id' | 'url';

interface RecordLocator {
  mode: LocatorMode | string;
  value: unknown;
}

/** The id a locator names. A link that names no record of `resource` throws an `InvalidRequestError`. */
export function locatedId(
  store: Store,
  resource: RecordResource,
  locator: RecordLocator,
  context: LinkContext,
): string {
  if (locator.mode === 'url') return recordIdFromLink(store, resource, idText(locator.value), context);
  return idText(locator.value);
}

/** An id as typed or picked: trimmed, without the `#` the store shows before it. */
export function idText(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return text.trim().replace(/^#\s*/, '');
}
