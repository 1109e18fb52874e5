import { parseSseText } from '@interlingua/ir-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUpstreamSseReader, createUpstreamTextDecoder } from './upstream-sse-reader.js';

function splitAt(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  return pieces;
}

function decodeAll(pieces: Buffer[]): string {
  const decoder = createUpstreamTextDecoder();
  return pieces.map((piece) => decoder.push(piece)).join('') + decoder.end();
}

/** Text with ASCII runs, multi-byte characters, byte-order marks and invalid bytes. */
const bytesArbitrary = fc
  .array(
    fc.oneof(fc.constantFrom('data: {"a":"b"}\n\n', 'x', 'é', '日本', '🎉', '\uFEFF'), fc.string({ maxLength: 8 })),
    { maxLength: 20 },
  )
  .chain((texts) =>
    fc
      .array(fc.constantFrom(0xff, 0xc3, 0xe6, 0x80), { maxLength: 3 })
      .map((junk) => Buffer.concat([Buffer.from(texts.join('')), Buffer.from(junk)])),
  );

describe('createUpstreamTextDecoder', () => {
  it('gives what TextDecoder gives for the whole body, however the bytes are split', () => {
    fc.assert(
      fc.property(fc.boolean(), bytesArbitrary, fc.array(fc.nat(), { maxLength: 10 }), (bom, body, cuts) => {
        const bytes = bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
        expect(decodeAll(splitAt(bytes, cuts))).toBe(new TextDecoder().decode(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('reads ASCII chunks directly and a character split over two chunks through the decoder', () => {
    const euro = Buffer.from('€');
    const decoder = createUpstreamTextDecoder();
    expect(decoder.push(Buffer.from('data: 1\n'))).toBe('data: 1\n');
    expect(decoder.push(Buffer.concat([Buffer.from('a'), euro.subarray(0, 1)]))).toBe('a');
    expect(decoder.push(Buffer.concat([euro.subarray(1), Buffer.from('b')]))).toBe('€b');
    expect(decoder.push(Buffer.from('c'))).toBe('c');
    expect(decoder.end()).toBe('');
  });

  it('drops a byte-order mark only at the very start', () => {
    const decoder = createUpstreamTextDecoder();
    expect(decoder.push(Buffer.from([0xef, 0xbb]))).toBe('');
    expect(decoder.push(Buffer.from([0xbf, 0x61, 0xef, 0xbb, 0xbf]))).toBe('a\uFEFF');
  });
});

describe('createUpstreamSseReader', () => {
  it('reads the messages of a body split anywhere, as the parser reads the whole text', () => {
    const body = Buffer.from('event: a\ndata: {"text":"héllo ✓"}\n\n: keep-alive\n\ndata: [DONE]\n\n');
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), (cuts) => {
        const reader = createUpstreamSseReader();
        const messages = [...splitAt(body, cuts).flatMap((piece) => reader.push(piece)), ...reader.end()];
        expect(messages).toEqual(parseSseText(body.toString('utf8')));
      }),
      { numRuns: 100 },
    );
  });
});
