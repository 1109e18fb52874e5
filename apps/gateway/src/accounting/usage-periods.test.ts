import { describe, expect, it } from 'vitest';
import { counterTtlMs, secondsUntil, windowAt } from './usage-periods.js';

describe('windowAt', () => {
  it('gives UTC minute, day and month windows with their ends', () => {
    const now = Date.UTC(2031, 11, 31, 23, 59, 30, 500);
    expect(windowAt('minute', now)).toMatchObject({ endsAt: Date.UTC(2032, 0, 1) });
    expect(windowAt('day', now)).toMatchObject({ id: '2031-12-31', endsAt: Date.UTC(2032, 0, 1) });
    expect(windowAt('month', now)).toMatchObject({ id: '2031-12', endsAt: Date.UTC(2032, 0, 1) });
    expect(secondsUntil(windowAt('minute', now), now)).toBe(30);
    expect(counterTtlMs(windowAt('day', now), now)).toBe(29_500 + 60_000);
  });

  it('moves on at the window edges, backwards too, despite reusing the last window', () => {
    const edge = Date.UTC(2032, 1, 1);
    expect(windowAt('month', edge - 1).id).toBe('2032-01');
    expect(windowAt('month', edge).id).toBe('2032-02');
    expect(windowAt('month', edge - 1).id).toBe('2032-01');
    expect(windowAt('day', edge).id).toBe('2032-02-01');
    expect(windowAt('minute', edge).id).not.toBe(windowAt('minute', edge - 1).id);
  });
});
