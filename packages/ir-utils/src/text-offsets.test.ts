import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointToUtf16, utf16ToCodePoint, utf16ToUtf8, utf8ToUtf16 } from './text-offsets.js';

describe('text offsets', () => {
  it('converts UTF-8 byte offsets around multi-byte characters', () => {
    const text = 'a°b🌤c';
    // a=1 byte, °=2, b=1, 🌤=4 (two UTF-16 units), c=1
    expect([0, 1, 3, 4, 8, 9].map((byte) => utf8ToUtf16(text, byte))).toEqual([0, 1, 2, 3, 5, 6]);
    expect([0, 1, 2, 3, 5, 6].map((index) => utf16ToUtf8(text, index))).toEqual([0, 1, 3, 4, 8, 9]);
    expect(new TextEncoder().encode(text.slice(0, 5)).length).toBe(8);
  });

  it('converts code point offsets around astral characters', () => {
    const text = '🌤 sunny 🌧 rain';
    expect(codePointToUtf16(text, 2)).toBe(3);
    expect(utf16ToCodePoint(text, 3)).toBe(2);
    expect(text.slice(codePointToUtf16(text, 10), codePointToUtf16(text, 14))).toBe('rain');
  });

  it('round-trips every code point boundary and agrees with TextEncoder (bounded property run)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        const boundaries = [0];
        for (const char of text) boundaries.push((boundaries.at(-1) ?? 0) + char.length);
        for (const index of boundaries) {
          const bytes = utf16ToUtf8(text, index);
          expect(bytes).toBe(new TextEncoder().encode(text.slice(0, index)).length);
          expect(utf8ToUtf16(text, bytes)).toBe(index);
          expect(codePointToUtf16(text, utf16ToCodePoint(text, index))).toBe(index);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('passes offsets through where the units agree, and clamps past the end where they do not', () => {
    expect(utf8ToUtf16('ab', 4)).toBe(4);
    expect(codePointToUtf16('ab', 4)).toBe(4);
    expect(utf8ToUtf16('é', 99)).toBe(1);
    expect(codePointToUtf16('🌤', 99)).toBe(2);
  });
});
