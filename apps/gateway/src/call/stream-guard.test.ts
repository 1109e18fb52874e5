import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortestPeriod } from './stream-guard.js';

describe('the stream guard period', () => {
  it.each([
    [0, 0, 0],
    [15_000, 0, 15_000],
    [0, 30_000, 30_000],
    [15_000, 5_000, 5_000],
    [-1, 0, 0],
  ])('of %i and %i ms is %i', (a, b, shortest) => {
    expect(shortestPeriod(a, b)).toBe(shortest);
  });

  it('is the smallest positive period, or 0 when none is set', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 3 }), (periods) => {
        const set = periods.filter((ms) => ms > 0);
        expect(periods.reduce(shortestPeriod, 0)).toBe(set.length === 0 ? 0 : Math.min(...set));
      }),
      { numRuns: 200 },
    );
  });
});
