import { describe, expect, it } from 'vitest';
import { cachedAnswer, sizeOf } from './cached-answer.test-support.js';
import { MemoryAnswerStore } from './memory-answer-store.js';

const answer = cachedAnswer;

describe('MemoryAnswerStore', () => {
  it('keeps at most maxBytes, evicting the least recently used', async () => {
    const one = sizeOf(answer('x'.repeat(100)));
    const store = new MemoryAnswerStore(one * 3);
    for (const name of ['a', 'b', 'c']) await store.put(name, answer('x'.repeat(100)), 60_000, one);
    await store.get('a');
    await store.put('d', answer('x'.repeat(100)), 60_000, one);
    expect(store.heldBytes).toBeLessThanOrEqual(one * 3);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
    expect(await store.get('d')).toBeDefined();
  });

  it('refuses an answer larger than the largest entry, and forgets one past its TTL', async () => {
    let now = 0;
    const store = new MemoryAnswerStore(1_000_000, () => now);
    expect(await store.put('big', answer('x'.repeat(500)), 60_000, 100)).toBe(false);
    expect(await store.put('small', answer('y'), 1_000, 100)).toBe(true);
    now = 999;
    expect(await store.get('small')).toEqual(answer('y'));
    now = 1_000;
    expect(await store.get('small')).toBeUndefined();
    expect(store.heldBytes).toBe(0);
  });

  it("clears a key's entries, a model's, or both", async () => {
    const store = new MemoryAnswerStore(1_000_000);
    await store.put('1', answer('1', 'key_a', 'm1'), 60_000, 1_000);
    await store.put('2', answer('2', 'key_a', 'm2'), 60_000, 1_000);
    await store.put('3', answer('3', 'key_b', 'm1'), 60_000, 1_000);
    expect(await store.clear({ keyId: 'key_a', model: 'm2' })).toBe(1);
    expect(await store.clear({ model: 'm1' })).toBe(2);
    expect(store.size).toBe(0);
  });
});
