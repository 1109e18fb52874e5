import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ByteLength, parsePcmMediaType, wavHeader } from './wav-header.js';

describe('wavHeader', () => {
  it('writes the 44-byte RIFF/WAVE PCM header for the sample layout and data size', () => {
    const header = Buffer.from(wavHeader({ sampleRate: 24_000, channels: 1, bitsPerSample: 16 }, 4800));
    expect(header.length).toBe(44);
    expect(header.toString('ascii', 0, 4)).toBe('RIFF');
    expect(header.readUInt32LE(4)).toBe(36 + 4800);
    expect(header.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect([header.readUInt32LE(16), header.readUInt16LE(20), header.readUInt16LE(22)]).toEqual([16, 1, 1]);
    expect([
      header.readUInt32LE(24),
      header.readUInt32LE(28),
      header.readUInt16LE(32),
      header.readUInt16LE(34),
    ]).toEqual([24_000, 48_000, 2, 16]);
    expect(header.toString('ascii', 36, 40)).toBe('data');
    expect(header.readUInt32LE(40)).toBe(4800);
  });
});

describe('base64ByteLength', () => {
  it('gives the decoded length of any bytes, padded or not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const encoded = Buffer.from(bytes).toString('base64');
        expect(base64ByteLength(encoded)).toBe(bytes.length);
        expect(base64ByteLength(encoded.replace(/=+$/, ''))).toBe(bytes.length);
      }),
      { numRuns: 50 },
    );
  });
});

describe('parsePcmMediaType', () => {
  it.each([
    ['audio/L16;codec=pcm;rate=24000', { sampleRate: 24_000, channels: 1, bitsPerSample: 16 }],
    ['audio/l16; rate=16000; channels=2', { sampleRate: 16_000, channels: 2, bitsPerSample: 16 }],
    ['audio/pcm;rate=24000', { sampleRate: 24_000, channels: 1, bitsPerSample: 16 }],
    ['audio/L16', undefined],
    ['audio/pcm;codec=opus;rate=24000', undefined],
    ['audio/wav', undefined],
    ['audio/mpeg', undefined],
  ])('%s', (mediaType, expected) => {
    expect(parsePcmMediaType(mediaType)).toEqual(expected);
  });
});
