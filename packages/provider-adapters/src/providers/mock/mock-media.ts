import { invalidRequest } from '@interlingua/ir';
import { mockPng, parseImageSize } from './mock-png.js';
import { mockPcm, mockWav, readWav } from './mock-wav.js';

/** Most images one mock request draws. */
const MAX_IMAGES = 4;

/** An image request as the mock reads it (the OpenAI images fields it uses). */
export interface MockImageRequest {
  prompt: string;
  n?: number;
  size?: string;
}

/** The mock's images: PNG bytes, one per `n`, each drawn from the prompt and its index. */
export function mockImages(request: MockImageRequest): Buffer[] {
  const size = parseImageSize(request.size, 256);
  if (!size)
    throw invalidRequest(
      `size: the mock provider draws WIDTHxHEIGHT images of at most 2048 pixels a side, not "${request.size}"`,
      'size',
    );
  const count = Math.min(MAX_IMAGES, Math.max(1, request.n ?? 1));
  return Array.from({ length: count }, (_unused, index) =>
    mockPng(index === 0 ? request.prompt : `${request.prompt} #${index + 1}`, size.width, size.height),
  );
}

/** The mock's speech: WAV for every format asked (it says so in `contentType`), raw samples for `pcm`. */
export function mockSpeech(
  input: string,
  format: string | undefined,
  speed: number | undefined,
): { audio: Buffer; contentType: string } {
  if (format === 'pcm') return { audio: mockPcm(input, speed), contentType: 'audio/pcm' };
  return { audio: mockWav(input, speed), contentType: 'audio/wav' };
}

/**
 * The mock's transcription (or translation) of an upload: a sentence that says what it received
 * (file name, size, and for a WAV file its channels, rate and duration), clearly the mock's.
 */
export function mockTranscript(
  task: 'transcribe' | 'translate',
  audio: Uint8Array,
  filename: string | undefined,
): { text: string; durationSeconds?: number } {
  const wav = readWav(audio);
  const name = filename ? `"${filename}"` : 'the upload';
  const described = wav
    ? `${name}: ${audio.byteLength} bytes of WAV audio, ${wav.channels === 1 ? 'mono' : `${wav.channels} channels`}, ${wav.sampleRate} Hz, ${wav.bitsPerSample}-bit, ${wav.durationSeconds.toFixed(2)} seconds`
    : `${name}: ${audio.byteLength} bytes of audio (not a WAV file, so its duration is not read)`;
  const text = `Mock ${task === 'transcribe' ? 'transcription' : 'translation'} of ${described}.`;
  return wav ? { text, durationSeconds: wav.durationSeconds } : { text };
}
