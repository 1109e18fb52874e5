import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../store/memory-store.js';
import { TargetCooldowns } from './target-cooldowns.js';

const cooldown = { failures: 1, windowMs: 60_000, durationMs: 30_000 };

describe('TargetCooldowns', () => {
  it('remembers a bounded number of targets however many upstream models callers name', () => {
    const cooldowns = new TargetCooldowns(new MemoryStore(), () => undefined, Date.now, 100);
    for (let i = 0; i < 5_000; i += 1) cooldowns.isCooling(`openai/caller-chosen-model-${i}`);
    expect(cooldowns.knownCount).toBe(100);
  });

  it('still sees a cooldown held in the store after the target fell out of local memory', async () => {
    const store = new MemoryStore();
    const cooldowns = new TargetCooldowns(store, () => undefined, Date.now, 2);
    cooldowns.failed('openai/gpt-a', cooldown);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cooldowns.isCooling('openai/gpt-a')).toBe(true);
    cooldowns.isCooling('openai/gpt-b');
    cooldowns.isCooling('openai/gpt-c');
    expect(cooldowns.knownCount).toBe(2);
    cooldowns.isCooling('openai/gpt-a'); // forgotten locally: asks the store again
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cooldowns.isCooling('openai/gpt-a')).toBe(true);
  });
});
