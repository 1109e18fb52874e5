import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateStore } from './state-store.js';

/**
 * The behaviour every `StateStore` must have, run against real time (short TTLs). `create` is
 * called once per suite; keys are unique per run so a shared Redis can be reused.
 */
export function describeStateStoreContract(name: string, create: () => StateStore | Promise<StateStore>): void {
  describe(`${name}: StateStore contract`, () => {
    let store: StateStore;
    const run = randomUUID();
    const key = (k: string): string => `test:${run}:${k}`;

    beforeAll(async () => {
      store = await create();
    });
    afterAll(() => store.close());

    it('adds to several counters in one call and reads them with by 0', async () => {
      expect(await store.counters([{ key: key('a'), by: 1, ttlMs: 60_000 }, { key: key('b'), by: 5, ttlMs: 60_000 }, { key: key('c'), by: 0, ttlMs: 60_000 }])).toEqual([1, 5, 0]);
      expect(await store.counters([{ key: key('a'), by: 2, ttlMs: 60_000 }, { key: key('b'), by: 0, ttlMs: 60_000 }])).toEqual([3, 5]);
      expect(await store.counter(key('c'))).toBe(0);
      expect(await store.increment(key('a'), 1, 60_000)).toBe(4);
    });

    it('forgets a counter once its TTL, set at creation, has passed', async () => {
      await store.counters([{ key: key('short'), by: 1, ttlMs: 80 }]);
      await store.counters([{ key: key('short'), by: 1, ttlMs: 60_000 }]);
      expect(await store.counter(key('short'))).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await store.counter(key('short'))).toBe(0);
    });

    it('stores values with and without a TTL and deletes them', async () => {
      await store.set(key('v'), 'x', 80);
      await store.set(key('w'), 'y');
      expect(await store.get(key('v'))).toBe('x');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await store.get(key('v'))).toBeUndefined();
      expect(await store.delete(key('w'))).toBe(true);
      expect(await store.delete(key('w'))).toBe(false);
    });

    it('cools keys down for a while', async () => {
      await store.coolDown(key('t'), 80);
      expect(await store.isCoolingDown(key('t'))).toBe(true);
      expect(await store.isCoolingDown(key('other'))).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await store.isCoolingDown(key('t'))).toBe(false);
      await store.ping();
    });
  });
}
