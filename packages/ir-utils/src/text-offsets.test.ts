import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codePointToUtf16,
  GrowingTextOffsets,
  offsetsToUtf16,
  utf16ToCodePoint,
  utf16ToOffsets,
  utf16ToUtf8,
  utf8ToUtf16,
  type OffsetWalkCounter,
} from './text-offsets.js';

/** The naive reference: the units of each prefix, counted from the start for every index. */
const utf8Of = (text: string, index: number): number => new TextEncoder().encode(text.slice(0, index)).length;
const codePointsOf = (text: string, index: number): number => Array.from(text.slice(0, index)).length;

/** Every character boundary of `text` (UTF-16 indices), the end included. */
function boundaries(text: string): number[] {
  const out = [0];
  for (const char of text) out.push((out.at(-1) ?? 0) + char.length);
  return out;
}

/** Whole Unicode, astral planes and lone surrogates included, and the ASCII that makes fast paths. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ maxLength: 30 }),
);

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

  it('converts many offsets at once, in any order, as the naive count of each prefix does (bounded property run)', () => {
    fc.assert(
      fc.property(anyText, fc.infiniteStream(fc.nat()), (text, picks) => {
        const all = boundaries(text);
        const indices = all.map(() => all[picks.next().value % all.length] ?? 0);
        const bytes = utf16ToOffsets(text, indices, 'utf8');
        const points = utf16ToOffsets(text, indices, 'code-point');
        expect(bytes).toEqual(indices.map((index) => utf8Of(text, index)));
        expect(points).toEqual(indices.map((index) => codePointsOf(text, index)));
        expect(offsetsToUtf16(text, bytes, 'utf8')).toEqual(indices);
        expect(offsetsToUtf16(text, points, 'code-point')).toEqual(indices);
        const growing = new GrowingTextOffsets('code-point');
        expect(growing.manyToUtf16(text, points)).toEqual(indices);
        expect(points.map((point) => growing.toUtf16(text, point))).toEqual(indices);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips every code point boundary one offset at a time (bounded property run)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const index of boundaries(text)) {
          const bytes = utf16ToUtf8(text, index);
          expect(bytes).toBe(utf8Of(text, index));
          expect(utf8ToUtf16(text, bytes)).toBe(index);
          expect(codePointToUtf16(text, utf16ToCodePoint(text, index))).toBe(index);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('walks the text once for all of an answer’s offsets, however many there are', () => {
    // 100,000 non-ASCII characters (astral every tenth) and 5,000 spans, in no particular order.
    const text = 'é°ü€中文字🌤ßø'.repeat(10_000);
    const characters = Array.from(text).length;
    const all = boundaries(text);
    const indices = Array.from({ length: 10_000 }, (_, n) => all[(n * 7_919) % all.length] ?? 0);
    const counter: OffsetWalkCounter = { walked: 0 };
    const bytes = utf16ToOffsets(text, indices, 'utf8', counter);
    expect(counter.walked).toBeLessThanOrEqual(characters);
    counter.walked = 0;
    expect(offsetsToUtf16(text, bytes, 'utf8', counter)).toEqual(indices);
    expect(counter.walked).toBeLessThanOrEqual(characters);
    // A stream's citations, in order, walk its growing text once in all.
    const streamed = new GrowingTextOffsets('code-point', counter);
    counter.walked = 0;
    const points = utf16ToOffsets(
      text,
      [...indices].sort((a, b) => a - b),
      'code-point',
    );
    for (const point of points) streamed.toUtf16(text, point);
    expect(counter.walked).toBeLessThanOrEqual(characters);
  });

  it('passes offsets through where the units agree, and clamps past the end where they do not', () => {
    expect(utf8ToUtf16('ab', 4)).toBe(4);
    expect(codePointToUtf16('ab', 4)).toBe(4);
    expect(utf8ToUtf16('é', 99)).toBe(1);
    expect(codePointToUtf16('🌤', 99)).toBe(2);
    expect(offsetsToUtf16('é', [Number.NaN, Number.POSITIVE_INFINITY], 'utf8')).toEqual([0, 1]);
  });
});
