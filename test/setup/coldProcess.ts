/**
 * Each test starts as a fresh process does: nothing kept of any store's site (`shared/src/siteMemory.ts`)
 * nor of where its API was found (`shared/src/discovery.ts`), so a test that counts requests counts a
 * cold call unless it made the warm one itself.
 */
import { PROCESS_FOUND_APIS } from '../../shared/src/discovery';
import { PROCESS_MEMORY } from '../../shared/src/siteMemory';

beforeEach(() => {
  PROCESS_MEMORY.clear();
  PROCESS_FOUND_APIS.clear();
});
