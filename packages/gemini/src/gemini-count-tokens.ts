import type { IrRequest, Result } from '@interlingua/ir';
import { IrError } from '@interlingua/ir';
import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';
import { normalizeGeminiFieldNames } from './gemini-field-names.js';
import { geminiContentSchema } from './gemini-request-schema.js';
import { geminiRequestToIr } from './gemini-request-to-ir.js';
import { parseGeminiWire } from './gemini-validation-error.js';

/**
 * `POST /v1beta/models/{model}:countTokens` body: either `{contents}` or
 * `{generateContentRequest: {model, contents, systemInstruction?, tools?, generationConfig?, …}}`.
 *
 * @see https://ai.google.dev/api/tokens#method:-models.counttokens
 */
export const geminiCountTokensRequestSchema = z
  .looseObject({
    contents: z.optional(z.array(geminiContentSchema)),
    generateContentRequest: z.optional(z.looseObject({ model: z.optional(z.string()) })),
  })
  .check(
    z.refine((body) => body.contents !== undefined || body.generateContentRequest !== undefined, {
      message: 'either contents or generateContentRequest is required',
    }),
  );

const modalityTokenCount = z.looseObject({
  modality: z.string(),
  tokenCount: z.optional(safeInt().check(z.nonnegative())),
});

/** `countTokens` answer. */
export const geminiCountTokensResponseSchema = z.strictObject({
  totalTokens: safeInt().check(z.nonnegative()),
  cachedContentTokenCount: z.optional(safeInt().check(z.nonnegative())),
  promptTokensDetails: z.optional(z.array(modalityTokenCount)),
  cacheTokensDetails: z.optional(z.array(modalityTokenCount)),
});

export type GeminiCountTokensRequest = z.infer<typeof geminiCountTokensRequestSchema>;
export type GeminiCountTokensResponse = z.infer<typeof geminiCountTokensResponseSchema>;

/**
 * A `countTokens` body -> the IR request whose prompt is to be counted (`generateContentRequest`
 * is read like a `generateContent` body, its `model` included; bare `contents` give model `''`).
 */
export function geminiCountTokensRequestToIr(wire: unknown): Result<IrRequest> {
  const body = parseGeminiWire(geminiCountTokensRequestSchema, normalizeGeminiFieldNames(wire));
  if (body.generateContentRequest) {
    try {
      return geminiRequestToIr(body.generateContentRequest);
    } catch (error) {
      if (!(error instanceof IrError) || !error.data.param) throw error;
      const prefix = 'generateContentRequest';
      throw new IrError({
        ...error.data,
        message: `${prefix}.${error.data.message}`,
        param: `${prefix}.${error.data.param}`,
      });
    }
  }
  return geminiRequestToIr({ contents: body.contents });
}

/** The `countTokens` answer body. */
export function geminiCountTokensResponse(
  totalTokens: number,
  extra: Omit<GeminiCountTokensResponse, 'totalTokens'> = {},
): GeminiCountTokensResponse {
  return { totalTokens, ...extra };
}
