import * as z from 'zod';
import { audioFormBoolean, audioFormList, audioFormNumber } from './audio-form-values.js';
import { MAX_MODEL_NAME_LENGTH } from '@interlingua/ir';

/** The answer formats of transcriptions (`diarized_json` only with the diarize model). */
export const TRANSCRIPTION_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json'] as const;

export type TranscriptionFormat = (typeof TRANSCRIPTION_FORMATS)[number];

/** The answer formats of translations. */
export const TRANSLATION_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const;

const commonFields = {
  model: z.string().min(1).max(MAX_MODEL_NAME_LENGTH),
  prompt: z.string().optional(),
  temperature: audioFormNumber(z.number().min(0).max(1)).optional(),
};

/**
 * The text fields of `POST /v1/audio/transcriptions` (multipart; `file` travels beside them),
 * read loosely: unknown fields survive and are forwarded to OpenAI-compatible upstreams.
 * @see https://platform.openai.com/docs/api-reference/audio/createTranscription
 */
export const openAiTranscriptionFieldsSchema = z.looseObject({
  ...commonFields,
  language: z.string().min(1).optional(),
  response_format: z.enum(TRANSCRIPTION_FORMATS).optional(),
  timestamp_granularities: audioFormList(z.enum(['word', 'segment'])).optional(),
  include: audioFormList(z.string().min(1)).optional(),
  stream: audioFormBoolean.optional(),
});

/**
 * The text fields of `POST /v1/audio/translations` (multipart; `file` travels beside them).
 * @see https://platform.openai.com/docs/api-reference/audio/createTranslation
 */
export const openAiTranslationFieldsSchema = z.looseObject({
  ...commonFields,
  response_format: z.enum(TRANSLATION_FORMATS).optional(),
});

export type OpenAiTranscriptionFields = z.output<typeof openAiTranscriptionFieldsSchema>;
export type OpenAiTranslationFields = z.output<typeof openAiTranslationFieldsSchema>;

/** Formats answered as `text/plain` (the `openai` SDK then returns a string). */
export function isPlainTextTranscriptionFormat(format: string | undefined): boolean {
  return format === 'text' || format === 'srt' || format === 'vtt';
}
