import { isRecord } from '../resources/coerce';
import type { MoneyUnit } from '../resources/money';

/**
 * What a polling trigger keeps between polls (docs/polling.md). Plain JSON, so n8n's static data (or
 * any key-value store) can hold it. It depends on the store only, not on the trigger's event or
 * filters: editing them never replays what was already looked at.
 */

export type PollResource = 'orders' | 'subscriptions';

/** One record as last seen: id, status, and a short fingerprint of everything the store showed. */
export type SeenRecord = [id: number, status: string, fingerprint: string];

export interface ResourceMemory {
  /** The highest record id accounted for: a record with a greater id that memory does not hold is new. */
  cursor: number;
  /** Records seen, most recently changed first, at most `PollLimits.memory` of them. */
  seen: SeenRecord[];
}

export interface PollState {
  version: 1;
  /** The store (host and sub-folder) this memory belongs to; another store starts afresh. */
  store: string;
  /** When the first poll looked at the store (the injected clock, ISO 8601). */
  since: string;
  /** When the latest poll that changed this memory ran (ISO 8601): a quiet poll changes nothing. */
  polledAt: string;
  resources: Partial<Record<PollResource, ResourceMemory>>;
  /** The unit of the store's REST amounts once a poll could tell it: later polls make no reading (docs/amounts.md). */
  amountUnit?: MoneyUnit;
}

/** Reads persisted state back; anything unreadable, of another version or of another store is `null` (start afresh). */
export function readPollState(raw: unknown, store: string): PollState | null {
  if (!isRecord(raw) || raw.version !== 1 || raw.store !== store || !isRecord(raw.resources)) return null;
  const resources: PollState['resources'] = {};
  for (const name of ['orders', 'subscriptions'] as const) {
    const memory = readMemory(raw.resources[name]);
    if (memory) resources[name] = memory;
  }
  const since = typeof raw.since === 'string' ? raw.since : '';
  const polledAt = typeof raw.polledAt === 'string' ? raw.polledAt : '';
  const amountUnit = raw.amountUnit === 'decimal' || raw.amountUnit === 'cents' ? raw.amountUnit : undefined;
  return { version: 1, store, since, polledAt, resources, ...(amountUnit ? { amountUnit } : {}) };
}

function readMemory(raw: unknown): ResourceMemory | undefined {
  if (!isRecord(raw) || typeof raw.cursor !== 'number' || !Number.isFinite(raw.cursor) || !Array.isArray(raw.seen))
    return undefined;
  const seen = raw.seen.filter(
    (entry: unknown): entry is SeenRecord =>
      Array.isArray(entry) &&
      entry.length === 3 &&
      typeof entry[0] === 'number' &&
      typeof entry[1] === 'string' &&
      typeof entry[2] === 'string',
  );
  return { cursor: raw.cursor, seen };
}
