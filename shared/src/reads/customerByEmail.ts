/**
 * Find Customer by Email. The API has no email filter, so the customers list is walked (in parallel
 * where the store gives totals) and the walk ends at the first match: closing the paginator stops it
 * asking for more pages. A store that ignores paging and sends every customer at once is read once.
 */
import { InvalidRequestError } from '../errors';
import { OPERATIONS } from '../operations/catalogue';
import type { PageParams } from '../operations/buildRequest';
import type { Page, PaginateOptions } from '../paginate';
import type { Customer } from '../resources/records';

/** What the search needs of the client (`CommerceServiceClient` has both). */
interface CustomerSource {
  store: { label: string };
  listCustomers(params?: PageParams): Promise<Page<Customer>>;
  iterate<T>(
    list: (params: PageParams) => Promise<Page<T>>,
    options?: PaginateOptions,
  ): AsyncGenerator<T, void, undefined>;
}

export type FindByEmailOptions = Pick<PaginateOptions, 'concurrency' | 'perPage' | 'maxPages'>;

/** Emails compare trimmed and in any letter case; an empty email matches nobody. */
export function sameEmail(a: string | null | undefined, b: string): boolean {
  const left = (a ?? '').trim().toLowerCase();
  return left !== '' && left === b.trim().toLowerCase();
}

/** The first customer whose email matches, or null when the store has none; no email is an error. */
export async function firstCustomerWithEmail(
  source: CustomerSource,
  email: string,
  options: FindByEmailOptions = {},
): Promise<Customer | null> {
  if (email.trim() === '') {
    throw new InvalidRequestError(
      { store: source.store.label, operation: 'Find a customer by email' },
      'no email was given',
      'Enter the email address of the customer to find.',
      ['email'],
    );
  }
  const walk = source.iterate((page) => source.listCustomers(page), {
    operation: 'Find a customer by email',
    inParts: OPERATIONS.listCustomers.inParts,
    ...options,
  });
  // A walk that cannot reach the end of the list throws: "no such customer" is only said after every page.
  for await (const customer of walk) {
    if (sameEmail(customer.email, email)) return customer;
  }
  return null;
}
