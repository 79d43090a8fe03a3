/**
 * How to read a list one walk cannot hold (more than the page cap's 100,000 records), said once per
 * list with only the filters and sorts that list really has: the caller of a walk passes it
 * (`PaginateOptions.inParts`), and the paginator's `IncompleteListError` gives it as the hint. Limit has no offset, so "set
 * a Limit" alone reads the first records again; a part is only reachable through a filter or a sort.
 */
import type { OperationKey } from '../operations/catalogue';

/** Lists with Created After (`date_after`) and a sort by creation: read oldest first, part by part. */
const DATED =
  'Read it in parts: sort by Date Created, ascending, with a Limit of at most 100,000; then run it again with Created After set to the day of the last record read (records of that day come twice: drop the IDs you already have).';

export const READ_IN_PARTS: Partial<Record<OperationKey, string>> = {
  listOrders: DATED,
  listSubscriptions: DATED,
  listSubscriptionOrders: DATED,
  listCustomers:
    'The store cannot filter or sort its customers, so no read goes past the first 100,000 it lists: look a customer up by ID instead, or take customers from their orders, which can be read in parts by creation date.',
  listProducts:
    'The store cannot filter its products, so one read takes at most 100,000: sort by Product Name, ascending and then descending, with a Limit of at most 100,000 each, to reach both ends of the list.',
};
