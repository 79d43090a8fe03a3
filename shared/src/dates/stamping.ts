/**
 * Instants as a step applied to results, not to operations (docs/dates.md): the client reads the
 * site's zone after the first answer that holds a site-local time, unless it is kept (`siteMemory.ts`),
 * and stamps every answer with it; hook deliveries, which the client did not read, go through the same step.
 */
import type { Store } from '../config';
import { parseBody } from '../http/parseBody';
import type { RequestPipeline } from '../http/pipeline';
import { describeTransportFailure, type HttpRequest, type Transport } from '../http/transport';
import type { Notice } from '../platform/port';
import type { ResultShape } from '../operations/catalogue';
import { resultTable } from '../resources/normalise';
import { DELIVERY_FIELDS } from '../resources/tables';
import { holdsSiteTime, withInstants } from './fields';
import type { RecordStep } from '../resources/build';
import { type SiteZone, type ZoneReading, zoneFromIndex } from './zone';

/** A further step for a result's records (the amounts), read once the zone is: none leaves them as they are. */
type NextStep = (shape: ResultShape, records: readonly object[]) => Promise<RecordStep | undefined>;

/** Where a zone read is kept beyond one client (`siteMemory.ts`), for one store. */
interface KeptZone {
  get(): SiteZone | undefined;
  keep(zone: SiteZone): void;
}

/**
 * One client's instants: the site's zone from WordPress's REST index, read on first use (or `known`
 * when the adapter has it, or kept from an earlier client) and shared by later callers, and the step that stamps
 * results and deliveries with it. The zone read never rejects: an unreadable index is a reading
 * without a zone, and one notice says why; a zone read is kept (`kept`), a failure is not.
 */
export class SiteInstants {
  private reading: Promise<ZoneReading> | undefined;

  constructor(
    private readonly pipeline: RequestPipeline,
    private readonly transport: Transport,
    private readonly notify: (notice: Notice) => void,
    private readonly kept: KeptZone,
    known?: SiteZone,
  ) {
    this.reading = known ? Promise.resolve({ zone: known }) : undefined;
  }

  /** The site's zone, read at most once, and not at all while it is kept. */
  zone(): Promise<ZoneReading> {
    const kept = this.reading ? undefined : this.kept.get();
    if (kept) this.reading = Promise.resolve({ zone: kept });
    this.reading ??= this.readWithin().then((read) => {
      const { store, timeoutMs } = this.pipeline;
      if (read.zone) this.kept.keep(read.zone);
      else {
        const where = indexLabel(store, timeoutMs);
        this.notify({
          level: 'warn',
          message: `the time zone of ${store.label} could not be read from its REST index (${where}: ${read.reason}). Times the store keeps in UTC still get an ISO instant (*_iso fields); site-local times (customer and product dates, invoice times) get none rather than a guess.`,
        });
      }
      return read;
    });
    return this.reading;
  }

  /**
   * An operation's result with an instant next to each timestamp, and what `next` does to its records,
   * in one build per record (`resources/build.ts`). Called after the store's answer, never before: a
   * call refused or failed, or a result without a site-local time, costs no zone read. REST records are
   * filled (docs/service/shapes.md): a time without an instant has `''`.
   */
  async stampResult<V>(shape: ResultShape, value: V, next?: NextStep): Promise<V> {
    const table = resultTable(shape);
    if (!table || (Array.isArray(value) && value.length === 0)) return value;
    const records = (Array.isArray(value) ? value : [value]) as object[];
    const reading = holdsSiteTime(records, table) ? await this.zone() : null;
    const then = await next?.(shape, records);
    const built = withInstants(records, reading, { fill: true, table, then });
    return (Array.isArray(value) ? built : built[0]) as V;
  }

  /** Records the client did not read (hook deliveries), stamped as its reads are; UTC times alone cost no read. */
  async stampDelivered<T extends object>(records: readonly T[]): Promise<T[]> {
    if (records.length === 0) return [];
    return withInstants(records, holdsSiteTime(records, DELIVERY_FIELDS) ? await this.zone() : null);
  }

  /** The index read, within what the client's deadline leaves (none when less than an attempt's worth is left). */
  private readWithin(): Promise<ZoneReading> {
    const allowed = this.pipeline.allowance();
    if ('spent' in allowed) return Promise.resolve({ zone: null, reason: allowed.spent });
    return readSiteZone(this.transport, this.pipeline.store, allowed.timeoutMs);
  }
}

const NAMESPACE = /\/sc\/v1$/;

/** The index request for a store, on the same permalink form as its API root. */
function indexRequest(store: Store, timeoutMs: number): HttpRequest {
  const base = {
    method: 'GET' as const,
    headers: { accept: 'application/json' },
    auth: { style: 'none' as const },
    timeoutMs,
  };
  if (store.apiRoot.style === 'rest_route') return { ...base, url: `${store.baseUrl}/`, query: { rest_route: '/' } };
  const prefix = NAMESPACE.test(store.apiRoot.prefix) ? store.apiRoot.prefix.replace(NAMESPACE, '') : '/wp-json';
  return { ...base, url: `${store.baseUrl}${prefix}/`, query: {} };
}

/** Where the index is asked for this store, as a notice names it. */
function indexLabel(store: Store, timeoutMs: number): string {
  const request = indexRequest(store, timeoutMs);
  const path = request.url.replace(/^https?:\/\/[^/]+/, '') || '/';
  return request.query.rest_route ? `${path}?rest_route=${request.query.rest_route}` : path;
}

/**
 * The zone from WordPress's REST index (`/wp-json/`, or `/?rest_route=/` on plain permalinks): public,
 * no key (docs/dates.md#where-the-zone-comes-from). One request, never retried: at most one per client.
 */
async function readSiteZone(transport: Transport, store: Store, timeoutMs: number): Promise<ZoneReading> {
  const request = indexRequest(store, timeoutMs);
  let status: number;
  let body: string;
  try {
    ({ status, body } = await transport.send(request));
  } catch (error) {
    const failure = describeTransportFailure(error);
    return {
      zone: null,
      reason: failure.reason === 'timeout' ? 'it did not answer in time' : 'it could not be reached',
    };
  }
  if (status < 200 || status >= 300) return { zone: null, reason: `it answered HTTP ${status}` };
  const parsed = parseBody(body);
  if (parsed.kind !== 'json') return { zone: null, reason: 'its answer is not JSON' };
  return zoneFromIndex(parsed.value);
}
