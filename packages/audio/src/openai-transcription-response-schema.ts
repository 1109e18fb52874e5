import * as z from 'zod';

/**
 * Transcription and translation answers: `json` and `verbose_json` bodies, read leniently, the
 * strict shape of what the gateway itself writes, and the streamed events.
 * @see https://platform.openai.com/docs/api-reference/audio/json-object
 * @see https://platform.openai.com/docs/api-reference/audio/verbose-json-object
 * @see https://platform.openai.com/docs/api-reference/audio/transcript-text-delta-event
 */
const tokenUsage = z.strictObject({
  type: z.literal('tokens'),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
  input_token_details: z
    .strictObject({
      text_tokens: z.number().int().nonnegative().optional(),
      audio_tokens: z.number().int().nonnegative().optional(),
    })
    .optional(),
});

const durationUsage = z.strictObject({ type: z.literal('duration'), seconds: z.number().nonnegative() });

/** Any `json` or `verbose_json` transcription an upstream sends. */
export const openAiTranscriptionResponseSchema = z.looseObject({
  text: z.string(),
  language: z.string().optional(),
  duration: z.number().optional(),
  words: z.array(z.looseObject({ word: z.string(), start: z.number(), end: z.number() })).optional(),
  segments: z.array(z.looseObject({ id: z.number(), start: z.number(), end: z.number(), text: z.string() })).optional(),
  usage: z.looseObject({ type: z.string() }).optional(),
});

/** The `json` transcription the gateway writes. */
export const openAiTranscriptionStrictResponseSchema = z.strictObject({
  text: z.string(),
  usage: z.union([tokenUsage, durationUsage]).optional(),
});

/** `transcript.text.delta`, then one `transcript.text.done`. */
export const openAiTranscriptionStreamEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('transcript.text.delta'), delta: z.string() }),
  z.strictObject({ type: z.literal('transcript.text.done'), text: z.string(), usage: tokenUsage.optional() }),
]);

export type OpenAiTranscriptionResponse = z.output<typeof openAiTranscriptionResponseSchema>;
export type OpenAiTranscriptionStrictResponse = z.output<typeof openAiTranscriptionStrictResponseSchema>;
export type OpenAiTranscriptionStreamEvent = z.output<typeof openAiTranscriptionStreamEventSchema>;
export type OpenAiTranscriptionTokenUsage = z.output<typeof tokenUsage>;
