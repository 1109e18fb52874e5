import type { IrRequest, IrWarning, Result } from '@interlingua/ir';
import { unsupported } from '@interlingua/ir';
import { audioExtension, geminiAudioMediaType } from './map/audio-gemini-media-type.js';
import type { OpenAiTranscriptionFields } from './openai-transcription-request-schema.js';

/** The uploaded audio as the gateway hands it over: the bytes base64-encoded, with what the form said. */
export interface AudioUpload {
  base64: string;
  /** The part's `Content-Type`, when it had one. */
  contentType?: string;
  filename?: string;
}

/** Transcript formats a model that answers plain text can serve: no timestamps, no segments. */
export const TEXT_ONLY_TRANSCRIPTION_FORMATS: readonly string[] = ['json', 'text'];

/** Fields the Gemini conversion reads; any other field present is reported as dropped. */
const READ_FIELDS = new Set([
  'model',
  'language',
  'prompt',
  'response_format',
  'temperature',
  'timestamp_granularities',
  'include',
  'stream',
]);

/**
 * An OpenAI transcription -> an IR request for Gemini audio understanding: a system instruction
 * asking for a verbatim transcript (with the caller's `language` and `prompt` as hints), then the
 * audio inline in one user turn. Temperature defaults to 0, as OpenAI's does. Gemini answers
 * text only, so `verbose_json`, `srt`, `vtt`, `diarized_json`, `timestamp_granularities` and
 * `include` (logprobs) are refused rather than made up, as is audio Gemini cannot read.
 * @see https://ai.google.dev/gemini-api/docs/audio
 */
export function transcriptionRequestToIr(
  fields: OpenAiTranscriptionFields,
  file: AudioUpload,
  model: string,
  provider: string,
): Result<IrRequest> {
  const format = fields.response_format ?? 'json';
  if (!TEXT_ONLY_TRANSCRIPTION_FORMATS.includes(format)) {
    throw unsupported(
      `response_format: ${format} is not supported by ${provider}: it returns the transcript as plain text without timestamps or segments; ask for json or text`,
      'response_format',
    );
  }
  if (fields.timestamp_granularities !== undefined)
    throw unsupported(`timestamp_granularities: ${provider} returns no timestamps`, 'timestamp_granularities');
  if (fields.include !== undefined && fields.include.length > 0)
    throw unsupported(`include: ${fields.include.join(', ')} is not supported by ${provider}`, 'include');
  const mediaType = geminiAudioMediaType(file.contentType, file.filename);
  if (!mediaType) {
    const named = audioExtension(file.filename) ?? file.contentType ?? 'unknown';
    throw unsupported(
      `file: audio format ${named} is not supported by ${provider}; send wav, mp3, aiff, aac, ogg or flac`,
      'file',
    );
  }
  const warnings: IrWarning[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (!READ_FIELDS.has(field) && value !== undefined)
      warnings.push({ kind: 'dropped', field, message: `${provider} has no equivalent of ${field}` });
  }
  return {
    value: {
      model,
      messages: [
        { role: 'system', content: [{ type: 'text', text: transcriptionInstruction(fields) }] },
        { role: 'user', content: [{ type: 'file', mediaType, source: { kind: 'base64', data: file.base64 } }] },
      ],
      sampling: { temperature: fields.temperature ?? 0 },
      stream: fields.stream === true,
    },
    warnings,
  };
}

/** What the model is asked to do: a verbatim transcript, nothing else. */
export function transcriptionInstruction(fields: Pick<OpenAiTranscriptionFields, 'language' | 'prompt'>): string {
  let text =
    'Transcribe the speech in the audio verbatim. Answer with the transcript text only: no introduction, labels, timestamps or commentary.';
  if (fields.language) text += ` The speech is in the language with ISO-639-1 code "${fields.language}".`;
  if (fields.prompt) text += ` Context for spelling and style (it is not part of the audio): ${fields.prompt}`;
  return text;
}
