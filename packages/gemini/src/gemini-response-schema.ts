import { withFallback } from '@interlingua/ir-utils';
import * as z from 'zod/mini';
import './zod-english.js';
import { geminiFunctionResponseSchema, geminiInlineDataSchema } from './gemini-request-schema.js';
import { countSchema as count, jsonObjectSchema as jsonObject, lenient } from './gemini-schema-parts.js';

/**
 * Gemini `GenerateContentResponse` schemas: a lenient one for upstream answers (every field
 * optional, a malformed field is dropped instead of failing the parse) and a strict one that
 * our own output must pass (tests).
 *
 * @see https://ai.google.dev/api/generate-content#generatecontentresponse
 */

const lenientFileData = z.looseObject({
  mimeType: lenient(z.string()),
  fileUri: z.string(),
  displayName: lenient(z.string()),
});

export const geminiLenientPartSchema = z.looseObject({
  text: lenient(z.string()),
  thought: lenient(z.boolean()),
  thoughtSignature: lenient(z.string()),
  inlineData: lenient(geminiInlineDataSchema),
  fileData: lenient(lenientFileData),
  functionCall: lenient(
    z.looseObject({
      id: lenient(z.string()),
      name: lenient(z.string()),
      args: lenient(z.nullable(jsonObject)),
      partialArgs: lenient(z.array(z.unknown())),
      willContinue: lenient(z.boolean()),
    }),
  ),
  functionResponse: lenient(geminiFunctionResponseSchema),
});

export const geminiLenientCandidateSchema = z.looseObject({
  content: lenient(z.looseObject({ role: lenient(z.string()), parts: withFallback(z.array(z.unknown()), []) })),
  finishReason: lenient(z.string()),
  index: lenient(count),
});

export const geminiLenientUsageSchema = z.looseObject({
  promptTokenCount: lenient(count),
  candidatesTokenCount: lenient(count),
  totalTokenCount: lenient(count),
  thoughtsTokenCount: lenient(count),
  cachedContentTokenCount: lenient(count),
  toolUsePromptTokenCount: lenient(count),
});

/** Lenient `GenerateContentResponse` (also every streamed chunk). */
export const geminiResponseSchema = z.looseObject({
  candidates: lenient(z.array(z.unknown())),
  promptFeedback: lenient(z.looseObject({ blockReason: lenient(z.string()) })),
  usageMetadata: lenient(geminiLenientUsageSchema),
  modelVersion: lenient(z.string()),
  responseId: lenient(z.string()),
  createTime: lenient(z.string()),
});

const modalityTokenCount = z.strictObject({ modality: z.string(), tokenCount: z.optional(count) });

export const geminiStrictUsageSchema = z.strictObject({
  promptTokenCount: count,
  candidatesTokenCount: z.optional(count),
  totalTokenCount: count,
  thoughtsTokenCount: z.optional(count),
  cachedContentTokenCount: z.optional(count),
  toolUsePromptTokenCount: z.optional(count),
  promptTokensDetails: z.optional(z.array(modalityTokenCount)),
  candidatesTokensDetails: z.optional(z.array(modalityTokenCount)),
  cacheTokensDetails: z.optional(z.array(modalityTokenCount)),
  toolUsePromptTokensDetails: z.optional(z.array(modalityTokenCount)),
  serviceTier: z.optional(z.string()),
  trafficType: z.optional(z.string()),
});

export type GeminiLenientPart = z.infer<typeof geminiLenientPartSchema>;
export type GeminiLenientCandidate = z.infer<typeof geminiLenientCandidateSchema>;
export type GeminiUsageMetadata = z.infer<typeof geminiStrictUsageSchema>;
