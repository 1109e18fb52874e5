import type { IrFilePart, IrResponse } from '@interlingua/ir';
import { IrError, unsupported } from '@interlingua/ir';
import { missingOutputError } from '@interlingua/ir-utils';
import { OPENAI_PCM, SPEECH_CONTENT_TYPES } from './map/speech-content-type.js';
import { base64ByteLength, parsePcmMediaType, wavHeader, type PcmFormat } from './wav-header.js';

/** Audio ready to send: an optional header, then the base64 chunks decoded in order. */
export interface SpeechAudio {
  contentType: string;
  /** Bytes to write before the samples (the WAV header), if any. */
  header?: Uint8Array;
  /** The samples, as base64 chunks in order (the gateway decodes and writes them). */
  base64Chunks: string[];
  /** Total bytes: header plus decoded samples. */
  byteLength: number;
  format: PcmFormat;
}

/**
 * The audio of a speech-generation answer (Gemini: raw PCM in `inlineData`, decoded to IR file
 * parts) in the format the caller asked for, without transcoding: `pcm` when the samples are
 * exactly OpenAI's (24 kHz, 16-bit, mono), `wav` as those samples behind a WAV header. An answer
 * without audio, or audio that is not raw PCM, is an error: never silence, never a guess.
 */
export function speechAudioFromIr(response: IrResponse, format: 'wav' | 'pcm', provider: string): SpeechAudio {
  const parts = response.choices.flatMap((choice) => choice.content.filter(isBase64Audio));
  const first = parts[0];
  if (!first) throw missingOutputError(response, provider, 'audio');
  const pcm = parsePcmMediaType(first.mediaType ?? '');
  if (!pcm || parts.some((part) => part.mediaType !== first.mediaType)) {
    throw new IrError({
      kind: 'upstream-error',
      message: `${provider} returned ${first.mediaType ?? 'audio of no stated type'}, not raw PCM: it cannot be served as ${format}`,
      source: 'upstream',
    });
  }
  const base64Chunks = parts.map((part) => (part.source.kind === 'base64' ? part.source.data : ''));
  const dataBytes = base64Chunks.reduce((sum, chunk) => sum + base64ByteLength(chunk), 0);
  if (format === 'pcm') {
    if (pcm.sampleRate !== OPENAI_PCM.sampleRate || pcm.channels !== OPENAI_PCM.channels) {
      throw unsupported(
        `response_format: pcm means 24 kHz mono samples, and ${provider} returned ${pcm.sampleRate} Hz with ${pcm.channels} channel(s); ask for wav`,
        'response_format',
      );
    }
    return { contentType: SPEECH_CONTENT_TYPES.pcm, base64Chunks, byteLength: dataBytes, format: pcm };
  }
  const header = wavHeader(pcm, dataBytes);
  return {
    contentType: SPEECH_CONTENT_TYPES.wav,
    header,
    base64Chunks,
    byteLength: header.length + dataBytes,
    format: pcm,
  };
}

function isBase64Audio(part: IrResponse['choices'][number]['content'][number]): part is IrFilePart {
  return (
    part.type === 'file' && part.source.kind === 'base64' && (part.mediaType ?? '').toLowerCase().startsWith('audio/')
  );
}
