import { z } from 'zod';

/**
 * What the Gemini API accepts on `models/{model}:generateContent` for image generation, speech
 * generation and audio understanding, written from Google's documentation, independent of the
 * code under test: loopback upstreams validate what the gateway sends against them.
 * @see https://ai.google.dev/api/generate-content#request-body
 * @see https://ai.google.dev/api/generate-content#v1beta.GenerationConfig
 * @see https://ai.google.dev/gemini-api/docs/image-generation
 * @see https://ai.google.dev/gemini-api/docs/speech-generation
 * @see https://ai.google.dev/gemini-api/docs/audio
 */
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'standard base64');
const textPart = z.strictObject({ text: z.string() });
const inlineDataPart = z.strictObject({
  inlineData: z.strictObject({ mimeType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+/i), data: base64.min(1) }),
});
const part = z.union([textPart, inlineDataPart]);
const content = z.strictObject({ role: z.enum(['user', 'model']).optional(), parts: z.array(part).min(1) });

const modality = z.enum(['TEXT', 'IMAGE', 'AUDIO']);
const imageConfig = z.strictObject({
  aspectRatio: z.enum(['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9']).optional(),
  imageSize: z.enum(['1K', '2K', '4K']).optional(),
});
const speechConfig = z.strictObject({
  voiceConfig: z.strictObject({ prebuiltVoiceConfig: z.strictObject({ voiceName: z.string().min(1) }) }),
  languageCode: z.string().optional(),
});
const generationConfig = z.looseObject({
  responseModalities: z.array(modality).min(1).optional(),
  imageConfig: imageConfig.optional(),
  speechConfig: speechConfig.optional(),
  temperature: z.number().min(0).max(2).optional(),
  candidateCount: z.number().int().min(1).optional(),
});

const request = z.strictObject({
  contents: z.array(content).min(1),
  systemInstruction: z.strictObject({ role: z.string().optional(), parts: z.array(textPart).min(1) }).optional(),
  generationConfig: generationConfig.optional(),
  safetySettings: z.array(z.looseObject({ category: z.string(), threshold: z.string() })).optional(),
});

/** Image generation and editing: IMAGE among the response modalities; input images as inline data. */
export const geminiImageGenerationUpstreamSchema = request.refine(
  (body) => body.generationConfig?.responseModalities?.includes('IMAGE') === true,
  'generationConfig.responseModalities must include IMAGE',
);

/** Speech generation: AUDIO only, a prebuilt voice, text-only input (the TTS models take text only). */
export const geminiSpeechUpstreamSchema = request
  .refine(
    (body) => JSON.stringify(body.generationConfig?.responseModalities) === '["AUDIO"]',
    'generationConfig.responseModalities must be ["AUDIO"]',
  )
  .refine((body) => body.generationConfig?.speechConfig !== undefined, 'generationConfig.speechConfig is required')
  .refine(
    (body) => body.contents.every((c) => c.parts.every((p) => 'text' in p)),
    'speech models take text parts only',
  );

/** Audio understanding: one of Gemini's audio formats inline, answered as text. */
export const geminiAudioUnderstandingUpstreamSchema = request
  .refine(
    (body) =>
      body.contents.some((c) =>
        c.parts.some((p) => 'inlineData' in p && /^audio\/(wav|mp3|aiff|aac|ogg|flac)$/.test(p.inlineData.mimeType)),
      ),
    'an inline audio part (audio/wav, mp3, aiff, aac, ogg or flac)',
  )
  .refine((body) => !body.generationConfig?.responseModalities?.some((m) => m !== 'TEXT'), 'text answers only');
