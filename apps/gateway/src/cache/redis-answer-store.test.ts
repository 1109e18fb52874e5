import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redisTestUrl } from '../store/redis-test-url.test-support.js';
import { cachedAnswer, sizeOf } from './cached-answer.test-support.js';
import { RedisAnswerStore } from './redis-answer-store.js';

const url = redisTestUrl();

const answer = cachedAnswer;

describe.skipIf(!url)('RedisAnswerStore', () => {
  const stores: RedisAnswerStore[] = [];
  const storeOf = (maxBytes: number) => {
    const store = new RedisAnswerStore({
      url: url ?? '',
      keyPrefix: `test-${randomUUID()}:`,
      commandTimeoutMs: 2_000,
      maxBytes,
    });
    stores.push(store);
    return store;
  };
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  it('keeps at most maxBytes, evicting the least recently used', async () => {
    const one = sizeOf(answer('x'.repeat(100)));
    const store = storeOf(one * 3);
    for (const name of ['a', 'b', 'c']) expect(await store.put(name, answer('x'.repeat(100)), 60_000, one)).toBe(true);
    await store.get('a');
    await store.put('d', answer('x'.repeat(100)), 60_000, one);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toEqual(answer('x'.repeat(100)));
    expect(await store.get('c')).toBeDefined();
    expect(await store.get('d')).toBeDefined();
  });

  it('refuses an answer larger than the largest entry; one past its TTL is gone', async () => {
    const store = storeOf(1_000_000);
    expect(await store.put('big', answer('x'.repeat(500)), 60_000, 100)).toBe(false);
    expect(await store.get('big')).toBeUndefined();
    expect(await store.put('short', answer('y'), 1, 1_000)).toBe(true);
    await expect.poll(() => store.get('short')).toBeUndefined();
  });

  it("clears a key's entries, a model's, both, or all", async () => {
    const store = storeOf(1_000_000);
    await store.put('1', answer('1', 'key_a', 'm1'), 60_000, 1_000);
    await store.put('2', answer('2', 'key_a', 'm2'), 60_000, 1_000);
    await store.put('3', answer('3', 'key_b', 'm1'), 60_000, 1_000);
    await store.put('4', answer('4', 'key_c', 'm3'), 60_000, 1_000);
    expect(await store.clear({ keyId: 'key_a', model: 'm2' })).toBe(1);
    expect(await store.clear({ model: 'm1' })).toBe(2);
    expect(await store.get('4')).toBeDefined();
    expect(await store.clear({})).toBe(1);
    expect(await store.get('4')).toBeUndefined();
  });

  it('gives an entry’s fill lock to one instance at a time', async () => {
    const store = storeOf(1_000_000);
    expect(await store.lock('k', 10_000)).toBe(true);
    expect(await store.lock('k', 10_000)).toBe(false);
    await store.unlock('k');
    expect(await store.lock('k', 10_000)).toBe(true);
  });
});
