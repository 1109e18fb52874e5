import { fnv1a } from './mock-embeddings.js';

/** The mock's speech: 16-bit mono PCM at this rate. */
export const MOCK_SPEECH_SAMPLE_RATE = 24_000;
/** Length of the tone for one character, in ms, and the longest answer. */
const MS_PER_CHARACTER = 60;
const MAX_SPEECH_MS = 30_000;

/**
 * The mock's speech for a text: a real WAV file (16-bit mono PCM, 24 kHz), one short tone per
 * character (pitch from the character's hash, silence for spaces), at most 30 seconds; the same
 * bytes for the same text and speed.
 */
export function mockWav(text: string, speed = 1): Buffer {
  const pcm = mockPcm(text, speed);
  return Buffer.concat([wavHeader(pcm.length, MOCK_SPEECH_SAMPLE_RATE, 1, 16), pcm]);
}

/** The samples of `mockWav` without the header (`response_format: pcm`). */
export function mockPcm(text: string, speed = 1): Buffer {
  const characters = [...text].slice(0, Math.floor(MAX_SPEECH_MS / MS_PER_CHARACTER));
  const perCharacter = Math.round(
    (MOCK_SPEECH_SAMPLE_RATE * MS_PER_CHARACTER) / 1000 / Math.min(4, Math.max(0.25, speed)),
  );
  const samples = Buffer.alloc(Math.max(1, characters.length) * perCharacter * 2);
  characters.forEach((character, index) => {
    if (/\s/u.test(character)) return;
    const frequency = 220 + (fnv1a(character) % 660);
    for (let i = 0; i < perCharacter; i++) {
      const fade = Math.min(1, i / 200, (perCharacter - i) / 200);
      const value = Math.round(Math.sin((2 * Math.PI * frequency * i) / MOCK_SPEECH_SAMPLE_RATE) * 8_000 * fade);
      samples.writeInt16LE(value, (index * perCharacter + i) * 2);
    }
  });
  return samples;
}

function wavHeader(dataBytes: number, sampleRate: number, channels: number, bitsPerSample: number): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bitsPerSample) / 8;
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** What a WAV file's header says, when the bytes are a PCM WAV file. */
export interface WavFacts {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  durationSeconds: number;
}

/** Reads the `fmt ` and `data` chunks of a RIFF/WAVE file; undefined for anything else. */
export function readWav(bytes: Uint8Array): WavFacts | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 12 || buffer.toString('latin1', 0, 4) !== 'RIFF' || buffer.toString('latin1', 8, 12) !== 'WAVE')
    return undefined;
  let format: Omit<WavFacts, 'durationSeconds'> | undefined;
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('latin1', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 24 <= buffer.length) {
      format = {
        channels: buffer.readUInt16LE(offset + 10),
        sampleRate: buffer.readUInt32LE(offset + 12),
        bitsPerSample: buffer.readUInt16LE(offset + 22),
      };
    }
    if (id === 'data' && format && format.sampleRate > 0 && format.channels > 0 && format.bitsPerSample > 0) {
      const dataBytes = Math.min(size, buffer.length - offset - 8);
      return {
        ...format,
        durationSeconds: dataBytes / (format.sampleRate * format.channels * (format.bitsPerSample / 8)),
      };
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}
