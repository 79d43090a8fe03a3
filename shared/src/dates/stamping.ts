/**
 * Instants as a step applied to results, not to operations (docs/dates.md): the client reads the
 * site's zone once, after the first answer that holds dated records, and stamps every such answer
 * with it; hook deliveries, which the client did not read, go through the same step.
 */
import type { Store } from '../config';
import type { Deadline } from '../http/deadline';
import { formatDuration } from '../http/pipeline';
import { MIN_ATTEMPT_MS } from '../http/retry';
import type { Transport } from '../http/transport';
import type { ResultShape } from '../operations/catalogue';
import type { Notice } from '../platform/port';
import { RECORD_RESULTS, resultTable } from '../resources/normalise';
import { withInstants } from './fields';
import { indexLabel, readSiteZone } from './siteIndex';
import type { RecordStep } from './steps';
import type { SiteZone, ZoneReading } from './zone';

/** The site's zone, read at most once: later callers share the first reading. */
type ZoneSource = () => Promise<ZoneReading>;

/**
 * The zone from WordPress's REST index, read on first use, or `known` when the adapter has it. Never
 * rejects: an unreadable index is a reading without a zone, and one notice says why.
 */
export function siteZoneOnce(
  transport: Transport,
  store: Store,
  timeoutMs: number,
  notify: (notice: Notice) => void,
  known?: SiteZone,
  deadline?: Deadline,
): ZoneSource {
  let reading: Promise<ZoneReading> | undefined = known ? Promise.resolve({ zone: known }) : undefined;
  return () => {
    reading ??= readWithin(transport, store, timeoutMs, deadline).then((read) => {
      if (!read.zone) {
        const where = indexLabel(store, timeoutMs);
        notify({
          level: 'warn',
          message: `the time zone of ${store.label} could not be read from its REST index (${where}: ${read.reason}). Times the store keeps in UTC still get an ISO instant (*_iso fields); site-local times (customer and product dates, invoice times) get none rather than a guess.`,
        });
      }
      return read;
    });
    return reading;
  };
}

/** The index read, within what the deadline leaves (none when less than an attempt's worth is left). */
function readWithin(transport: Transport, store: Store, timeoutMs: number, deadline?: Deadline): Promise<ZoneReading> {
  const left = deadline?.left();
  if (left === undefined) return readSiteZone(transport, store, timeoutMs);
  if (left < MIN_ATTEMPT_MS) {
    const budget = formatDuration(deadline?.budgetMs ?? 0);
    return Promise.resolve({
      zone: null,
      reason: `no time was left of the ${budget} this step may spend on the store`,
    });
  }
  return readSiteZone(transport, store, Math.min(timeoutMs, left));
}

/** A further step for a result's records (the amounts), read once the zone is: none leaves them as they are. */
type NextStep = (shape: ResultShape, records: readonly object[]) => Promise<RecordStep | undefined>;

/**
 * An operation's result with an instant next to each timestamp, and what `next` does to its records,
 * in one build per record (`steps.ts`). Called after the store's answer, never before: a call refused
 * or failed, an empty page or an undated result costs no zone read. REST records are filled
 * (docs/service/shapes.md): a time without an instant has `''`.
 */
export async function stampResult<V>(shape: ResultShape, value: V, zone: ZoneSource, next?: NextStep): Promise<V> {
  if (!RECORD_RESULTS.has(shape)) return value;
  if (Array.isArray(value) && value.length === 0) return value;
  const reading = await zone();
  const records = (Array.isArray(value) ? value : [value]) as object[];
  const then = await next?.(shape, records);
  const built = withInstants(records, reading, { fill: true, table: resultTable(shape), then });
  return (Array.isArray(value) ? built : built[0]) as V;
}

/** Records the client did not read (hook deliveries), stamped as its reads are; none costs no read. */
export async function stampDelivered<T extends object>(records: readonly T[], zone: ZoneSource): Promise<T[]> {
  return records.length === 0 ? [] : withInstants(records, await zone());
}
