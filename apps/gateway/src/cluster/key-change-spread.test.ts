import { describe, expect, it, vi } from 'vitest';
import { KeyChangeSpreader } from './key-change-spread.js';

describe('KeyChangeSpreader', () => {
  const change = { allow: ['key_1'] };

  it('tells every target and resolves once each applied the change', async () => {
    const spreader = new KeyChangeSpreader<string>();
    const told: Array<[string, number]> = [];
    const outcome = spreader.spread(change, ['a', 'b'], (target, id) => told.push([target, id]));
    expect(told.map(([target]) => target)).toEqual(['a', 'b']);
    const id = told[0]?.[1] ?? 0;
    spreader.applied(id, 'a');
    spreader.applied(id + 1, 'b'); // another spread's answer does not count
    spreader.applied(id, 'b');
    await expect(outcome).resolves.toEqual({ workers: 2, applied: 2 });
  });

  it('does not wait for a target that died', async () => {
    const spreader = new KeyChangeSpreader<string>();
    const outcome = spreader.spread(change, ['a', 'b'], () => undefined);
    spreader.gone('a');
    spreader.gone('b');
    await expect(outcome).resolves.toEqual({ workers: 0, applied: 0 });
  });

  it('answers after the timeout with the targets that applied it so far', async () => {
    vi.useFakeTimers();
    try {
      const spreader = new KeyChangeSpreader<string>(2_000);
      let id = 0;
      const outcome = spreader.spread(change, ['a', 'b'], (_, spreadId) => (id = spreadId));
      spreader.applied(id, 'a');
      vi.advanceTimersByTime(2_000);
      await expect(outcome).resolves.toEqual({ workers: 2, applied: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('resolves at once with no other target', async () => {
    await expect(new KeyChangeSpreader<string>().spread(change, [], () => undefined)).resolves.toEqual({
      workers: 0,
      applied: 0,
    });
  });
});
