import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMistralToolCallId, mistralToolCallIdLookup, toMistralToolCallId } from './mistral-tool-call-id.js';

describe('toMistralToolCallId', () => {
  it('gives 9 alphanumeric characters for any id, deterministically', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (id) => {
        const mapped = toMistralToolCallId(id);
        expect(mapped).toMatch(/^[A-Za-z0-9]{9}$/);
        expect(toMistralToolCallId(id)).toBe(mapped);
      }),
      { numRuns: 200 },
    );
  });

  it('leaves ids Mistral already accepts unchanged (its own answers round-trip)', () => {
    for (const id of ['D681PevKs', 'abcdefghi', '123456789']) expect(toMistralToolCallId(id)).toBe(id);
    expect(toMistralToolCallId(toMistralToolCallId('call_abc'))).toBe(toMistralToolCallId('call_abc'));
  });

  it('maps OpenAI, Anthropic and Gemini style ids', () => {
    for (const id of ['call_9fKx2mZq8LwT1aBcD3eF4gH5', 'toolu_01A09q90qw90lq917835lq9', 'call_0_0', 'abc-def-gh', '']) {
      expect(isMistralToolCallId(toMistralToolCallId(id))).toBe(true);
    }
  });

  it('spreads ids that share a long prefix (no collisions among 10 000)', () => {
    const mapped = new Set(Array.from({ length: 10_000 }, (_, i) => toMistralToolCallId(`call_${i}`)));
    expect(mapped.size).toBe(10_000);
  });
});

describe('mistralToolCallIdLookup', () => {
  it('gives back the original ids of a request and leaves unknown ids alone', () => {
    const lookup = mistralToolCallIdLookup(['call_abc', 'toolu_01XYZ', 'D681PevKs']);
    expect(lookup(toMistralToolCallId('call_abc'))).toBe('call_abc');
    expect(lookup(toMistralToolCallId('toolu_01XYZ'))).toBe('toolu_01XYZ');
    expect(lookup('D681PevKs')).toBe('D681PevKs');
    expect(lookup('Zz9Zz9Zz9')).toBe('Zz9Zz9Zz9');
  });
});
