import { withFallback } from '@interlingua/ir-utils';
import * as z from 'zod/mini';
import './zod-english.js';
import { geminiFunctionResponseSchema } from './gemini-request-schema.js';
import { GEMINI_BLOCK_REASONS } from './map/gemini-block-reason.js';
import { GEMINI_FINISH_REASONS } from './map/gemini-finish-reason.js';

/**
 * Gemini `GenerateContentResponse` schemas: a lenient one for upstream answers (every field
 * optional, a malformed field is dropped instead of failing the parse) and a strict one that
 * our own output must pass (tests).
 *
 * @see https://ai.google.dev/api/generate-content#generatecontentresponse
 */

const jsonObject = z.record(z.string(), z.unknown());
const count = z.int().check(z.nonnegative());

/** Optional and never failing: a malformed value is read as absent. */
function lenient<T extends z.ZodMiniType>(schema: T) {
  return withFallback(z.optional(schema), undefined);
}

const lenientInlineData = z.looseObject({ mimeType: z.string(), data: z.string() });
const lenientFileData = z.looseObject({
  mimeType: lenient(z.string()),
  fileUri: z.string(),
  displayName: lenient(z.string()),
});

export const geminiLenientPartSchema = z.looseObject({
  text: lenient(z.string()),
  thought: lenient(z.boolean()),
  thoughtSignature: lenient(z.string()),
  inlineData: lenient(lenientInlineData),
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
  index: lenient(z.int().check(z.nonnegative())),
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

const DATA_FIELDS = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'executableCode',
  'codeExecutionResult',
] as const;

export const geminiStrictPartSchema = z
  .strictObject({
    text: z.optional(z.string()),
    thought: z.optional(z.boolean()),
    thoughtSignature: z.optional(z.string().check(z.minLength(1))),
    inlineData: z.optional(z.strictObject({ mimeType: z.string().check(z.minLength(1)), data: z.string() })),
    fileData: z.optional(
      z.strictObject({
        mimeType: z.optional(z.string()),
        fileUri: z.string().check(z.minLength(1)),
        displayName: z.optional(z.string()),
      }),
    ),
    functionCall: z.optional(
      z.strictObject({ id: z.optional(z.string()), name: z.string().check(z.minLength(1)), args: jsonObject }),
    ),
    executableCode: z.optional(z.unknown()),
    codeExecutionResult: z.optional(z.unknown()),
  })
  .check(
    z.refine((part) => DATA_FIELDS.filter((field) => part[field] !== undefined).length === 1, {
      message: 'a part holds exactly one data field',
    }),
  );

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

export const geminiStrictCandidateSchema = z.strictObject({
  content: z.optional(z.strictObject({ role: z.literal('model'), parts: z.array(geminiStrictPartSchema) })),
  finishReason: z.optional(z.enum(GEMINI_FINISH_REASONS)),
  index: z.int().check(z.nonnegative()),
  finishMessage: z.optional(z.string()),
  safetyRatings: z.optional(z.array(z.unknown())),
  citationMetadata: z.optional(z.unknown()),
  groundingMetadata: z.optional(z.unknown()),
  urlContextMetadata: z.optional(z.unknown()),
  avgLogprobs: z.optional(z.number()),
  logprobsResult: z.optional(z.unknown()),
  tokenCount: z.optional(count),
});

/** What `response.fromIr` and every stream-encoder chunk must satisfy. */
export const geminiStrictResponseSchema = z.strictObject({
  candidates: z.optional(z.array(geminiStrictCandidateSchema)),
  promptFeedback: z.optional(
    z.strictObject({
      blockReason: z.optional(z.enum(GEMINI_BLOCK_REASONS)),
      blockReasonMessage: z.optional(z.string()),
      safetyRatings: z.optional(z.array(z.unknown())),
    }),
  ),
  usageMetadata: z.optional(geminiStrictUsageSchema),
  modelVersion: z.string(),
  responseId: z.string(),
  createTime: z.optional(z.string()),
  modelStatus: z.optional(z.unknown()),
});

export type GeminiLenientPart = z.infer<typeof geminiLenientPartSchema>;
export type GeminiLenientCandidate = z.infer<typeof geminiLenientCandidateSchema>;
export type GeminiUsageMetadata = z.infer<typeof geminiStrictUsageSchema>;
export type GeminiResponsePart = z.infer<typeof geminiStrictPartSchema>;
export type GeminiCandidate = z.infer<typeof geminiStrictCandidateSchema>;
/** A `GenerateContentResponse` as we emit it (also one streamed chunk). */
export type GeminiGenerateContentResponse = z.infer<typeof geminiStrictResponseSchema>;
/** @deprecated Use `GeminiGenerateContentResponse`. */
export type GeminiResponse = GeminiGenerateContentResponse;
