import * as z from 'zod';
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
const count = z.number().int().nonnegative();

/** Optional and never failing: a malformed value is read as absent. */
function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

const lenientInlineData = z.looseObject({ mimeType: z.string(), data: z.string() });
const lenientFileData = z.looseObject({ mimeType: lenient(z.string()), fileUri: z.string(), displayName: lenient(z.string()) });

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
      args: lenient(jsonObject.nullable()),
      partialArgs: lenient(z.array(z.unknown())),
      willContinue: lenient(z.boolean()),
    }),
  ),
  functionResponse: lenient(geminiFunctionResponseSchema),
});

export const geminiLenientCandidateSchema = z.looseObject({
  content: lenient(z.looseObject({ role: lenient(z.string()), parts: z.array(z.unknown()).catch([]) })),
  finishReason: lenient(z.string()),
  index: lenient(z.number().int().nonnegative()),
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

const modalityTokenCount = z.strictObject({ modality: z.string(), tokenCount: count.optional() });

const DATA_FIELDS = ['text', 'inlineData', 'fileData', 'functionCall', 'executableCode', 'codeExecutionResult'] as const;

export const geminiStrictPartSchema = z
  .strictObject({
    text: z.string().optional(),
    thought: z.boolean().optional(),
    thoughtSignature: z.string().min(1).optional(),
    inlineData: z.strictObject({ mimeType: z.string().min(1), data: z.string() }).optional(),
    fileData: z.strictObject({ mimeType: z.string().optional(), fileUri: z.string().min(1), displayName: z.string().optional() }).optional(),
    functionCall: z.strictObject({ id: z.string().optional(), name: z.string().min(1), args: jsonObject }).optional(),
    executableCode: z.unknown().optional(),
    codeExecutionResult: z.unknown().optional(),
  })
  .refine((part) => DATA_FIELDS.filter((field) => part[field] !== undefined).length === 1, {
    message: 'a part holds exactly one data field',
  });

export const geminiStrictUsageSchema = z.strictObject({
  promptTokenCount: count,
  candidatesTokenCount: count.optional(),
  totalTokenCount: count,
  thoughtsTokenCount: count.optional(),
  cachedContentTokenCount: count.optional(),
  toolUsePromptTokenCount: count.optional(),
  promptTokensDetails: z.array(modalityTokenCount).optional(),
  candidatesTokensDetails: z.array(modalityTokenCount).optional(),
  cacheTokensDetails: z.array(modalityTokenCount).optional(),
  toolUsePromptTokensDetails: z.array(modalityTokenCount).optional(),
  serviceTier: z.string().optional(),
  trafficType: z.string().optional(),
});

export const geminiStrictCandidateSchema = z.strictObject({
  content: z.strictObject({ role: z.literal('model'), parts: z.array(geminiStrictPartSchema) }).optional(),
  finishReason: z.enum(GEMINI_FINISH_REASONS).optional(),
  index: z.number().int().nonnegative(),
  finishMessage: z.string().optional(),
  safetyRatings: z.array(z.unknown()).optional(),
  citationMetadata: z.unknown().optional(),
  groundingMetadata: z.unknown().optional(),
  urlContextMetadata: z.unknown().optional(),
  avgLogprobs: z.number().optional(),
  logprobsResult: z.unknown().optional(),
  tokenCount: count.optional(),
});

/** What `response.fromIr` and every stream-encoder chunk must satisfy. */
export const geminiStrictResponseSchema = z.strictObject({
  candidates: z.array(geminiStrictCandidateSchema).optional(),
  promptFeedback: z
    .strictObject({
      blockReason: z.enum(GEMINI_BLOCK_REASONS).optional(),
      blockReasonMessage: z.string().optional(),
      safetyRatings: z.array(z.unknown()).optional(),
    })
    .optional(),
  usageMetadata: geminiStrictUsageSchema.optional(),
  modelVersion: z.string(),
  responseId: z.string(),
  createTime: z.string().optional(),
  modelStatus: z.unknown().optional(),
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
