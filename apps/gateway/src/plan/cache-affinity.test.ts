import { describe, expect, it } from 'vitest';
import { affinityOrder, cacheAffinityKey } from './cache-affinity.js';

const targets = [
  { id: 'a', weight: 1, priority: 0 },
  { id: 'b', weight: 1, priority: 0 },
  { id: 'c', weight: 2, priority: 0 },
  { id: 'backup', weight: 1, priority: 1 },
];
const order = (key: string) => affinityOrder(targets, key, (t) => t.id).map((t) => t.id);

describe('cacheAffinityKey', () => {
  it('takes the caller’s key first, in every style', () => {
    expect(cacheAffinityKey({ prompt_cache_key: 'k', user: 'u' })).toBe('key:k');
    expect(cacheAffinityKey({ user: 'u', messages: [] })).toBe('key:u');
    expect(cacheAffinityKey({ metadata: { user_id: 'm' }, messages: [] })).toBe('key:m');
    expect(cacheAffinityKey({ cachedContent: 'cachedContents/x', contents: [] })).toBe('key:cachedContents/x');
  });

  it('else hashes the stable prefix: the same instructions, tools and first turn give one key whatever follows', () => {
    const opening = [
      { role: 'system', content: 'rules' },
      { role: 'user', content: 'first question' },
    ];
    const one = cacheAffinityKey({
      messages: [...opening, { role: 'assistant', content: 'x' }, { role: 'user', content: 'later' }],
    });
    const two = cacheAffinityKey({ messages: [...opening, { role: 'user', content: 'something else' }] });
    expect(one).toMatch(/^prefix:/);
    expect(one).toBe(two);
    expect(cacheAffinityKey({ messages: [{ role: 'system', content: 'other rules' }, opening[1]] })).not.toBe(one);
    expect(cacheAffinityKey({ system: 'rules', messages: [{ role: 'user', content: 'q' }] })).not.toBe(
      cacheAffinityKey({ system: 'rules', messages: [{ role: 'user', content: 'q2' }] }),
    );
    expect(cacheAffinityKey({ model: 'm' })).toBeUndefined();
  });
});

describe('affinityOrder', () => {
  it('orders one key the same way every time and keeps priorities first', () => {
    for (const key of ['k1', 'k2', 'k3']) {
      expect(order(key)).toEqual(order(key));
      expect(order(key).at(-1)).toBe('backup');
    }
  });

  it('spreads distinct keys over the targets in proportion to their weights', () => {
    const first = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const id = order(`key-${i}`)[0]!;
      first.set(id, (first.get(id) ?? 0) + 1);
    }
    expect(first.get('backup')).toBeUndefined();
    // c weighs as much as a and b together: about half the keys (a wide margin, no flakiness).
    expect(first.get('c')!).toBeGreaterThan(800);
    expect(first.get('c')!).toBeLessThan(1200);
    expect(first.get('a')!).toBeGreaterThan(350);
    expect(first.get('b')!).toBeGreaterThan(350);
  });

  it('when a target leaves, only its keys move', () => {
    const without = targets.filter((t) => t.id !== 'a');
    for (let i = 0; i < 200; i++) {
      const key = `key-${i}`;
      const before = order(key);
      const after = affinityOrder(without, key, (t) => t.id).map((t) => t.id);
      expect(after).toEqual(before.filter((id) => id !== 'a'));
    }
  });
});
