import type { SpeechFormat } from '../openai-speech-request-schema.js';

/**
 * The `Content-Type` of each speech format, as OpenAI labels its answers (the spec only says
 * `application/octet-stream`). Used when the gateway makes the bytes itself, or when an
 * upstream sent no usable type.
 * @see https://platform.openai.com/docs/guides/text-to-speech#supported-output-formats
 */
export const SPEECH_CONTENT_TYPES = {
  mp3: 'audio/mpeg',
  opus: 'audio/opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
} as const satisfies Record<SpeechFormat, string>;

/** OpenAI's `pcm`: raw 24 kHz, 16-bit signed little-endian, mono samples without a header. */
export const OPENAI_PCM = { sampleRate: 24_000, bitsPerSample: 16, channels: 1 } as const;
