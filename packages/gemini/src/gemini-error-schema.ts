import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';
import { lenient } from './gemini-schema-parts.js';

/**
 * A Gemini error body: `{"error":{"code","message","status","details"?}}` (google.rpc.Status).
 *
 * @see https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 */
export const geminiErrorBodySchema = z.looseObject({
  error: z.looseObject({
    code: lenient(safeInt()),
    message: lenient(z.string()),
    status: lenient(z.string()),
    details: lenient(z.array(z.unknown())),
  }),
});

/** The error body we emit. */
export const geminiStrictErrorBodySchema = z.strictObject({
  error: z.strictObject({
    code: safeInt().check(z.gte(400)).check(z.lte(599)),
    message: z.string(),
    status: z.string().check(z.minLength(1)),
    details: z.optional(z.array(z.looseObject({ '@type': z.string() }))),
  }),
});

export type GeminiErrorBody = z.infer<typeof geminiStrictErrorBodySchema>;
