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

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const store = new MemoryStore(2);
    await store.set('a', '1');
    await store.set('b', '2');
    await store.set('c', '3');
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('c')).toBe('3');
  });
});
