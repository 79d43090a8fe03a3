/**
 * The store as a nock script of record reads, for the verification suites of both platforms: each read
 * of a record is answered as the test sets it and recorded, and the REST index (the site's zone,
 * docs/dates.md) is answered apart, as it is not a read of a record.
 */
import nock from 'nock';

import { ORIGIN, ROOT } from './constants';
import { wpError } from './wordpress';

type RecordKind = 'orders' | 'subscriptions';

export interface RecordReads {
  /** The paths of the record reads sent in this test, in order. */
  readonly paths: string[];
  /** The store answers a read of the `kind` record `id` with `status` and `body`, `times` times. */
  answer(kind: RecordKind, id: number | string, status: number, body: object, times?: number): void;
  /** A record the store does not have: 404 `sc_rest_invalid_id`, as WordPress answers it. */
  unknown(kind: RecordKind, id: number | string): void;
  /** Any other read is answered and recorded: for the tests that expect none (`paths` stays empty). */
  recordAny(): void;
}

/** Per test: no reads recorded yet, and the REST index answered (UTC) whenever it is read. */
export function useRecordReads(origin = ORIGIN): RecordReads {
  const paths: string[] = [];
  const recorded =
    (status: number, body: object) =>
    (uri: string): [number, object] => {
      paths.push(new URL(uri, origin).pathname);
      return [status, body];
    };
  beforeEach(() => {
    paths.length = 0;
    nock(origin)
      .persist()
      .get('/wp-json/')
      .optionally()
      .reply(200, { name: 'Shop', timezone_string: 'UTC', gmt_offset: 0, namespaces: ['sc/v1'] });
  });
  const reads: RecordReads = {
    paths,
    answer(kind, id, status, body, times = 1) {
      nock(origin).get(`${ROOT}/${kind}/${id}`).times(times).reply(recorded(status, body));
    },
    unknown(kind, id) {
      reads.answer(kind, id, 404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404));
    },
    recordAny() {
      nock(origin)
        .get(/.*/)
        .optionally()
        .reply(recorded(500, wpError('unexpected_read', 'This test expects no read.', 500)));
    },
  };
  return reads;
}
