/**
 * Each test starts as a fresh process does: nothing kept of any store's site (`shared/src/siteMemory.ts`),
 * so a test that counts requests counts a cold call unless it made the warm one itself.
 */
import { PROCESS_MEMORY } from '../../shared/src/siteMemory';

beforeEach(() => PROCESS_MEMORY.clear());
