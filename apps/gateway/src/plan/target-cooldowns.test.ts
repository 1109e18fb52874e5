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

  it('bounds the targets it remembers in bytes as well as in entries (long upstream model names)', () => {
    const bytes = 64 * 1024;
    const cooldowns = new TargetCooldowns(new MemoryStore(), () => undefined, Date.now, 10_000, bytes);
    for (let i = 0; i < 1_000; i += 1) cooldowns.isCooling(`openai/${String(i).padStart(250, 'm')}`);
    expect(cooldowns.knownBytes).toBeLessThanOrEqual(bytes);
    expect(cooldowns.knownCount).toBeLessThan(200);
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
