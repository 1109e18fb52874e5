import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFloat32Base64, encodeFloat32Base64 } from './float32-base64.js';

/** What the openai SDK does with a base64 embedding (src/internal/utils/base64.ts). */
function sdkDecode(text: string): number[] {
  const bytes = Buffer.from(text, 'base64');
  return Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
}

describe('float32 base64', () => {
  it('writes little-endian float32 in standard base64, as Node and the openai SDK read it', () => {
    const vector = [1, -2.5, 0.1, 3.4028234663852886e38];
    const encoded = encodeFloat32Base64(vector);
    expect(encoded).toBe(Buffer.from(new Float32Array(vector).buffer).toString('base64'));
    expect(sdkDecode(encoded)).toEqual(vector.map(Math.fround));
    expect(decodeFloat32Base64(encoded)).toEqual(vector.map(Math.fround));
  });

  it('round-trips any float32 vector', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ noNaN: true }), { maxLength: 300 }), (vector) => {
        expect(decodeFloat32Base64(encodeFloat32Base64(vector))).toEqual(vector);
      }),
      { numRuns: 50 },
    );
  });

  it('handles vectors longer than one conversion chunk', () => {
    const vector = Array.from({ length: 20_000 }, (_, i) => Math.fround(Math.sin(i)));
    expect(decodeFloat32Base64(encodeFloat32Base64(vector))).toEqual(vector);
  });

  it('refuses text that is not base64 float32', () => {
    expect(decodeFloat32Base64('not base64!')).toBeUndefined();
    expect(decodeFloat32Base64(btoa('abc'))).toBeUndefined();
    expect(decodeFloat32Base64('')).toEqual([]);
  });
});
