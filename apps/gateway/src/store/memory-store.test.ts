import { describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store.js';
import { describeStateStoreContract } from './state-store-contract.test-support.js';

describeStateStoreContract('MemoryStore', () => new MemoryStore());

describe('MemoryStore', () => {
  it('counts within a window and forgets after it', async () => {
    let now = 0;
    const store = new MemoryStore(100, () => now);
    expect(await store.increment('k', 1, 1000)).toBe(1);
    expect(await store.increment('k', 2, 1000)).toBe(3);
    now = 1000;
    expect(await store.counter('k')).toBe(0);
  });

  it('stores values with a TTL, deletes them and cools keys down', async () => {
    let now = 0;
    const store = new MemoryStore(100, () => now);
    await store.set('a', 'x', 50);
    await store.coolDown('t', 10);
    expect(await store.get('a')).toBe('x');
    expect(await store.isCoolingDown('t')).toBe(true);
    now = 60;
    expect(await store.get('a')).toBeUndefined();
    expect(await store.isCoolingDown('t')).toBe(false);
    await store.set('b', 'y');
    expect(await store.delete('b')).toBe(true);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const store = new MemoryStore(2);
    await store.set('a', '1');
    await store.set('b', '2');
    expect(await store.get('a')).toBe('1');
    await store.set('c', '3');
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBe('1');
    expect(await store.get('c')).toBe('3');
  });

  it("keeps other keys' limit counters through a flood of failing distinct targets", async () => {
    const store = new MemoryStore(100);
    const limitOps = [
      { key: 'rpm:alice:29000000', by: 7, ttlMs: 60_000 },
      { key: 'tpm:alice:29000000', by: 1_500, ttlMs: 60_000 },
      { key: 'usage:alice:day:20000:inputTokens', by: 90_000, ttlMs: 86_400_000 },
    ];
    await store.counters(limitOps);
    for (let i = 0; i < 1_000; i += 1) {
      const target = `openai/made-up-model-${i}`;
      await store.increment(`failures:${target}`, 1, 60_000);
      await store.coolDown(target, 30_000);
    }
    expect(await store.counters(limitOps.map((op) => ({ ...op, by: 0 })))).toEqual([7, 1_500, 90_000]);
    expect(await store.isCoolingDown('openai/made-up-model-999')).toBe(true);
    expect(await store.isCoolingDown('openai/made-up-model-0')).toBe(false);
    expect(await store.counter('failures:openai/made-up-model-0')).toBe(0);
  });

  it('refuses an add that would take a counter past the safe-integer range, where adds stop being exact', async () => {
    const store = new MemoryStore();
    await store.counters([{ key: 'reserved', by: 500, ttlMs: 60_000 }]);
    await expect(store.counters([{ key: 'reserved', by: 1.7976931348623157e308, ttlMs: 60_000 }])).rejects.toThrow(
      /safe-integer/,
    );
    await expect(
      store.counters([
        { key: 'reserved', by: Number.MAX_SAFE_INTEGER - 1_000, ttlMs: 60_000 },
        { key: 'reserved', by: 1_000, ttlMs: 60_000 },
      ]),
    ).rejects.toThrow(/safe-integer/);
    expect(await store.counter('reserved')).toBe(500);
  });
});
