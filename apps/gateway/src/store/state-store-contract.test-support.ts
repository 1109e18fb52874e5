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
      expect(
        await store.counters([
          { key: key('a'), by: 1, ttlMs: 60_000 },
          { key: key('b'), by: 5, ttlMs: 60_000 },
          { key: key('c'), by: 0, ttlMs: 60_000 },
        ]),
      ).toEqual([1, 5, 0]);
      expect(
        await store.counters([
          { key: key('a'), by: 2, ttlMs: 60_000 },
          { key: key('b'), by: 0, ttlMs: 60_000 },
        ]),
      ).toEqual([3, 5]);
      expect(await store.counter(key('c'))).toBe(0);
      expect(await store.increment(key('a'), 1, 60_000)).toBe(4);
    });

    it('refuses counter ops that are not finite numbers, writing nothing of their batch', async () => {
      for (const bad of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN]) {
        await expect(
          store.counters([
            { key: key('finite-a'), by: 1, ttlMs: 60_000 },
            { key: key('finite-b'), by: bad, ttlMs: 60_000 },
          ]),
        ).rejects.toThrow(/finite/);
        await expect(store.counters([{ key: key('finite-a'), by: 1, ttlMs: bad }])).rejects.toThrow(/finite/);
        await expect(store.increment(key('finite-a'), bad, 60_000)).rejects.toThrow(/finite/);
      }
      expect(await store.counters([{ key: key('finite-a'), by: 0, ttlMs: 0 }])).toEqual([0]);
    });

    it('reads a counter that already holds a non-finite value as non-finite, never as a number under a limit', async () => {
      await store.set(key('poisoned'), 'NaN', 60_000);
      const [value] = await store.counters([{ key: key('poisoned'), by: 0, ttlMs: 0 }]);
      expect(Number.isFinite(value)).toBe(false);
      expect(Number.isFinite(await store.counter(key('poisoned')))).toBe(false);
    });

    it('forgets a counter once its TTL, set at creation, has passed', async () => {
      await store.counters([{ key: key('short'), by: 1, ttlMs: 500 }]);
      await store.counters([{ key: key('short'), by: 1, ttlMs: 60_000 }]);
      expect(await store.counter(key('short'))).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await store.counter(key('short'))).toBe(0);
    });

    it('stores values with and without a TTL and deletes them', async () => {
      await store.set(key('v'), 'x', 500);
      await store.set(key('w'), 'y');
      expect(await store.get(key('v'))).toBe('x');
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await store.get(key('v'))).toBeUndefined();
      expect(await store.delete(key('w'))).toBe(true);
      expect(await store.delete(key('w'))).toBe(false);
    });

    const roomy = { maxEntriesPerGroup: 100, maxBytesPerGroup: 10_000, maxTotalBytes: 1_000_000_000 };

    it('keeps grouped entries apart: stored, read and deleted within their own group', async () => {
      expect(await store.putInGroup(key('alice'), 'r1', 'a'.repeat(10), 60_000, roomy)).toEqual({
        stored: true,
        bytes: 10,
        evicted: [],
      });
      expect(await store.getInGroup(key('alice'), 'r1')).toBe('a'.repeat(10));
      expect(await store.getInGroup(key('bob'), 'r1')).toBeUndefined();
      expect(await store.deleteInGroup(key('bob'), 'r1')).toBe(false);
      expect((await store.groupUsage(key('alice'))).groupBytes).toBe(10);
      expect(await store.deleteInGroup(key('alice'), 'r1')).toBe(true);
      expect(await store.getInGroup(key('alice'), 'r1')).toBeUndefined();
      expect((await store.groupUsage(key('alice'))).groupBytes).toBe(0);
    });

    it("evicts a group's own oldest entries past its entry and byte limits, never another group's", async () => {
      const limits = { ...roomy, maxEntriesPerGroup: 3, maxBytesPerGroup: 100 };
      await store.putInGroup(key('other'), 'keep', 'o'.repeat(50), 60_000, limits);
      for (const id of ['e1', 'e2', 'e3']) await store.putInGroup(key('flood'), id, 'x'.repeat(20), 60_000, limits);
      expect(await store.putInGroup(key('flood'), 'e4', 'x'.repeat(20), 60_000, limits)).toEqual({
        stored: true,
        bytes: 20,
        evicted: ['e1'],
      });
      expect(await store.putInGroup(key('flood'), 'e5', 'x'.repeat(70), 60_000, limits)).toEqual({
        stored: true,
        bytes: 70,
        evicted: ['e2', 'e3'],
      });
      expect(await store.getInGroup(key('flood'), 'e4')).toBeDefined();
      expect((await store.groupUsage(key('flood'))).groupBytes).toBe(90);
      expect(await store.getInGroup(key('other'), 'keep')).toBe('o'.repeat(50));
    });

    it("refuses an entry larger than a group's byte limit, evicting nothing", async () => {
      const limits = { ...roomy, maxBytesPerGroup: 100 };
      await store.putInGroup(key('big'), 'small', 's', 60_000, limits);
      expect(await store.putInGroup(key('big'), 'huge', 'h'.repeat(101), 60_000, limits)).toEqual({
        stored: false,
        bytes: 101,
        reason: 'entry-too-large',
      });
      expect(await store.getInGroup(key('big'), 'small')).toBe('s');
    });

    it('bounds every group together: a group makes room from its own entries, or is refused when others fill the total', async () => {
      const { totalBytes } = await store.groupUsage(key('full-a'));
      const limits = { ...roomy, maxTotalBytes: totalBytes + 100 };
      await store.putInGroup(key('full-a'), 'a1', 'a'.repeat(60), 60_000, limits);
      await store.putInGroup(key('full-b'), 'b1', 'b'.repeat(30), 60_000, limits);
      expect(await store.putInGroup(key('full-b'), 'b2', 'b'.repeat(30), 60_000, limits)).toEqual({
        stored: true,
        bytes: 30,
        evicted: ['b1'],
      });
      expect(await store.putInGroup(key('full-c'), 'c1', 'c'.repeat(50), 60_000, limits)).toEqual({
        stored: false,
        bytes: 50,
        reason: 'store-full',
      });
      expect(await store.getInGroup(key('full-a'), 'a1')).toBeDefined();
      expect(await store.getInGroup(key('full-b'), 'b2')).toBeDefined();
      await store.deleteInGroup(key('full-a'), 'a1');
      await store.deleteInGroup(key('full-b'), 'b2');
    });

    it('forgets grouped entries after their TTL, and their bytes with them', async () => {
      await store.putInGroup(key('ttl'), 't1', 'x'.repeat(40), 500, roomy);
      expect(await store.getInGroup(key('ttl'), 't1')).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await store.getInGroup(key('ttl'), 't1')).toBeUndefined();
      expect((await store.groupUsage(key('ttl'))).groupBytes).toBe(0);
    });

    it('cools keys down for a while', async () => {
      await store.coolDown(key('t'), 500);
      expect(await store.isCoolingDown(key('t'))).toBe(true);
      expect(await store.isCoolingDown(key('other'))).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await store.isCoolingDown(key('t'))).toBe(false);
      await store.ping();
    });
  });
}
