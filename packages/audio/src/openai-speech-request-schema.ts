import * as z from 'zod';
import { audioFormNumber } from './audio-form-values.js';
import { MAX_MODEL_NAME_LENGTH } from '@interlingua/ir';

/** The audio formats `POST /v1/audio/speech` can answer in. */
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;

export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/**
 * `POST /v1/audio/speech`, read loosely (unknown fields survive and are forwarded to
 * OpenAI-compatible upstreams). `voice` is a built-in name (any string: upstreams have their
 * own voices) or `{id}` for a custom voice.
 * @see https://platform.openai.com/docs/api-reference/audio/createSpeech
 */
export const openAiSpeechRequestSchema = z.looseObject({
  model: z.string().min(1).max(MAX_MODEL_NAME_LENGTH),
  input: z.string().min(1, 'the text to speak is required'),
  voice: z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]),
  instructions: z.string().optional(),
  response_format: z.enum(SPEECH_FORMATS).optional(),
  speed: audioFormNumber(z.number().min(0.25).max(4)).optional(),
  stream_format: z.enum(['audio', 'sse']).optional(),
});

export type OpenAiSpeechRequest = z.output<typeof openAiSpeechRequestSchema>;
