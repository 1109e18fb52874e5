import type { CachedAnswer } from './answer-store.js';

/** A small cached answer of one text delta. */
export const cachedAnswer = (text: string, keyId = 'key_a', model = 'm'): CachedAnswer => ({
  events: [{ type: 'text-delta', index: 0, delta: text }],
  keyId,
  model,
  cost: null,
});

/** The bytes a store counts for an answer (its JSON). */
export const sizeOf = (entry: CachedAnswer): number => Buffer.byteLength(JSON.stringify(entry));
