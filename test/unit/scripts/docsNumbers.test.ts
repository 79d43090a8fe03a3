/**
 * The numbers half of `npm run docs:check` (scripts/docsNumbers.ts): the docs give the code's
 * constants today, and a changed constant fails until the docs follow.
 */
import { resolve } from 'node:path';
import { CLAIMS, CODE_NUMBERS, checkNumbers } from '../../../scripts/docsNumbers';

const ROOT = resolve(__dirname, '../../..');

describe('the numbers the docs give', () => {
  it('are the code constants, in every listed sentence', () => {
    expect(checkNumbers(ROOT)).toEqual([]);
  });

  it('every constant is used by at least one sentence', () => {
    const used = new Set(CLAIMS.flatMap((claim) => claim.uses));
    expect(Object.keys(CODE_NUMBERS).filter((name) => !used.has(name as keyof typeof CODE_NUMBERS))).toEqual([]);
  });

  it.each(Object.keys(CODE_NUMBERS) as (keyof typeof CODE_NUMBERS)[])(
    'a changed %s fails, naming the constant, until the docs follow',
    (name) => {
      const changed = { ...CODE_NUMBERS, [name]: CODE_NUMBERS[name] + 1 };
      const problems = checkNumbers(ROOT, changed);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((problem) => problem.uses.includes(name))).toBe(true);
    },
  );
});
