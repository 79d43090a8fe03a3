/** The one Retry-After reader (shared/src/http/retryAfter.ts), for the retry loop and the error message alike. */
import { honoursRetryAfter, retryAfterMs, retryAfterSeconds } from '../../../shared/src/http/retryAfter';

const NOW = Date.parse('Wed, 21 Oct 2015 07:27:00 GMT');

describe('retryAfterMs', () => {
  it.each([
    ['3', 3000],
    [' 1.5 ', 1500],
    ['0', 0],
    ['Wed, 21 Oct 2015 07:28:00 GMT', 60_000],
    ['Wednesday, 21-Oct-15 07:28:00 GMT', 60_000],
    ['Wed Oct 21 07:28:00 2015', 60_000],
    ['Wed, 21 Oct 2015 07:26:00 GMT', 0],
  ])('%j -> %j ms', (header, expected) => {
    expect(retryAfterMs(header, NOW)).toBe(expected);
  });

  it.each([
    ['1e1'],
    ['-5'],
    ['-0.5'],
    ['+3'],
    ['0x10'],
    ['Infinity'],
    ['soon'],
    ['5 seconds'],
    ['2015-10-21T07:28:00Z'],
    [''],
    [' '],
  ])('unreadable %j is no header', (header) => {
    expect(retryAfterMs(header, NOW)).toBeUndefined();
  });

  it('absent is no header', () => {
    expect(retryAfterMs(undefined, NOW)).toBeUndefined();
  });
});

describe('retryAfterSeconds (the message) agrees with retryAfterMs (the loop)', () => {
  it.each([['3'], ['1.2'], ['1e1'], ['-5'], ['garbage'], ['Wed, 21 Oct 2015 07:28:00 GMT']])('%j', (header) => {
    const ms = retryAfterMs(header, NOW);
    expect(retryAfterSeconds(header, NOW)).toBe(ms === undefined ? undefined : Math.ceil(ms / 1000));
  });
});

describe('which statuses honour Retry-After', () => {
  it.each([
    [429, true],
    [503, true],
    [500, false],
    [502, false],
    [504, false],
    [undefined, false],
  ])('%j -> %j', (status, honoured) => {
    expect(honoursRetryAfter(status)).toBe(honoured);
  });
});
