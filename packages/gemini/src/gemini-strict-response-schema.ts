import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';
import { geminiStrictUsageSchema } from './gemini-response-schema.js';
import { countSchema as count, jsonObjectSchema as jsonObject } from './gemini-schema-parts.js';
import { GEMINI_BLOCK_REASONS } from './map/gemini-block-reason.js';
import { GEMINI_FINISH_REASONS } from './map/gemini-finish-reason.js';

/*
 * A `GenerateContentResponse` exactly as we emit it, to check what the codec writes. A module of
 * its own: the codec never validates its answers, so browser bundles leave these out.
 */

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

export const geminiStrictCandidateSchema = z.strictObject({
  content: z.optional(z.strictObject({ role: z.literal('model'), parts: z.array(geminiStrictPartSchema) })),
  finishReason: z.optional(z.literal(GEMINI_FINISH_REASONS)),
  index: safeInt().check(z.nonnegative()),
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
      blockReason: z.optional(z.literal(GEMINI_BLOCK_REASONS)),
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

export type GeminiResponsePart = z.infer<typeof geminiStrictPartSchema>;
export type GeminiCandidate = z.infer<typeof geminiStrictCandidateSchema>;
/** A `GenerateContentResponse` as we emit it (also one streamed chunk). */
export type GeminiGenerateContentResponse = z.infer<typeof geminiStrictResponseSchema>;
/** @deprecated Use `GeminiGenerateContentResponse`. */
export type GeminiResponse = GeminiGenerateContentResponse;
